import { type Page, INVALID_CURSOR } from '../db/paging';
import { VisibleError } from '../error';

/**
 * The order of a list of bookings (issue 30, decision 095): upcoming visits first, soonest first,
 * then the past ones, newest first. "Upcoming" is a date of today or later in the business zone, so
 * each part is one key range of the list's index (its sort keys begin with `<prefix><date>#`): the
 * upcoming range read ascending, then the past range descending. A page goes on into the past part
 * when the upcoming one ends within it; the cursor names the part and where its read stopped.
 */

type Part = 'upcoming' | 'past';

/** One page of one key range, as the list's own query reads it (with its filter and read budget). */
export type RangeRead<R> = (range: {
  between: [string, string];
  descending: boolean;
  limit: number;
  cursor: string | null;
}) => Promise<Page<R>>;

const encode = (part: Part, inner: string | null) =>
  Buffer.from(JSON.stringify({ part, inner })).toString('base64url');

function decode(cursor: string): { part: Part; inner: string | null } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') {
      const { part, inner } = value as { part?: unknown; inner?: unknown };
      if ((part === 'upcoming' || part === 'past') && (inner === null || typeof inner === 'string')) {
        return { part, inner };
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new VisibleError('invalid', INVALID_CURSOR);
}

export async function upcomingFirst<R>(
  read: RangeRead<R>,
  options: {
    /** What the sort keys start with before the date ('BOOKING#' for a customer's, '' for the desk's). */
    prefix: string;
    /** Today in the business zone (yyyy-MM-dd). */
    today: string;
    /** The dates asked for (inclusive); absent: all. */
    from?: string | undefined;
    to?: string | undefined;
    limit: number;
    cursor?: string | null | undefined;
  },
): Promise<Page<R>> {
  const { prefix, today, limit } = options;
  const from = options.from ?? '0000';
  const to = options.to ?? '9999';
  const at = options.cursor ? decode(options.cursor) : { part: 'upcoming' as Part, inner: null };
  const items: R[] = [];

  if (at.part === 'upcoming') {
    const start = from > today ? from : today;
    if (start <= to) {
      const page = await read({
        between: [`${prefix}${start}`, `${prefix}${to}~`],
        descending: false,
        limit,
        cursor: at.inner,
      });
      items.push(...page.items);
      if (page.cursor) return { items, cursor: encode('upcoming', page.cursor) };
    }
    at.inner = null;
  }
  // The past: dates before today (a key `<prefix><today>` sorts before every key of today).
  const end = to < today ? `${prefix}${to}~` : `${prefix}${today}`;
  if (from >= today || items.length >= limit) {
    return { items, cursor: from < today && items.length >= limit ? encode('past', null) : null };
  }
  const page = await read({
    between: [`${prefix}${from}`, end],
    descending: true,
    limit: limit - items.length,
    cursor: at.inner,
  });
  items.push(...page.items);
  return { items, cursor: page.cursor ? encode('past', page.cursor) : null };
}
