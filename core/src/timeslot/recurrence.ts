import * as time from '../time';

/** Doc 2 §3, §9: how a recurring slot repeats; weekly unless said otherwise. */
export const recurringPatterns = ['weekly', 'daily', 'monthly'] as const;
export type RecurringPattern = (typeof recurringPatterns)[number];

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The dates of a series from `start` to `end` (both `yyyy-MM-dd`, inclusive),
 * in order, stopping after `limit` dates (the caller refuses a series that
 * long). Calendar arithmetic only: a slot keeps its wall-clock time, so the
 * weeks of a daylight-saving change need nothing special.
 *
 * Monthly keeps the start's day of the month, and a month too short for it
 * gets its last day: a series from January 31 falls on February 28 (29),
 * March 31, April 30 ... (decision 032).
 */
export function recurringDates(
  start: time.CalendarDate,
  end: time.CalendarDate,
  pattern: RecurringPattern,
  limit = Number.POSITIVE_INFINITY,
): time.CalendarDate[] {
  const dates: time.CalendarDate[] = [];
  if (end < start) return dates;
  if (pattern !== 'monthly') {
    const step = pattern === 'daily' ? 1 : 7;
    for (let date = start; date <= end && dates.length < limit; date = time.addDays(date, step)) {
      dates.push(date);
    }
    return dates;
  }
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  for (let i = 0; dates.length < limit; i += 1) {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    const date = `${y}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
    if (date > end) break;
    dates.push(date);
  }
  return dates;
}

/** Every date from `start` to `end` (inclusive): the bulk form's range (doc 2 §5). */
export function everyDate(start: time.CalendarDate, end: time.CalendarDate, limit?: number) {
  return recurringDates(start, end, 'daily', limit);
}

/** A comma-separated list as the admin types it: each entry trimmed, empty ones dropped (doc 2 §5). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
