import { linkTexts } from '@app/core/auth/link-texts';
import { CalendarFeed } from '@app/core/calendar-feed/index';
import { ICS_FEED_CONTENT_TYPE } from '@app/core/calendar/ics';
import { VisibleError } from '@app/core/error';
import { Hono } from 'hono';
import { requireStaff } from './auth';

/** A feed's address as the pages show it (null: none made yet), and how many days ahead it lists. */
export type CalendarAddressReply = { address: CalendarFeed.Address | null; days: number };

const addressReply = (address: CalendarFeed.Address | null): CalendarAddressReply => ({
  address,
  days: CalendarFeed.FEED_DAYS,
});

/**
 * How long a calendar app or a browser may keep a feed before asking again:
 * five minutes, then a cheap 304 while nothing changed (decision 118).
 */
export const FEED_CACHE_CONTROL = 'private, max-age=300';

/** Whether an If-None-Match header names `etag` (a list, `*`, or a weak form of it). */
function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** `<token>.ics`: the token, or null for any other name. */
const tokenOfFile = (file: string) => /^([A-Za-z0-9_-]{1,200})\.ics$/.exec(file)?.[1] ?? null;

/**
 * /api/calendar (issue 36, decision 118): a technician's or the admin's own
 * feed address (`/address`: read, and POST for a new one that stops the old),
 * and the feed itself by its secret address (`/<token>.ics`, no sign-in:
 * calendar apps fetch it), with a strong ETag and 304.
 */
export const calendar = new Hono()
  .get('/address', requireStaff, async (c) =>
    c.json<CalendarAddressReply>(addressReply(await CalendarFeed.address())),
  )
  .post('/address', requireStaff, async (c) =>
    c.json<CalendarAddressReply>(addressReply(await CalendarFeed.renew())),
  )
  .get('/:file', async (c) => {
    const token = tokenOfFile(c.req.param('file'));
    if (!token) throw new VisibleError('not_found', linkTexts.calendarFeed.invalid);
    const { body, etag } = await CalendarFeed.feed(token);
    c.header('ETag', etag);
    c.header('Cache-Control', FEED_CACHE_CONTROL);
    if (matchesETag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', ICS_FEED_CONTENT_TYPE);
    return c.body(body, 200);
  });
