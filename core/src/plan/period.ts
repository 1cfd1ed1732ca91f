/**
 * A monthly plan's periods (issue 35, decision 132): pure date rules, no store.
 *
 * - A period starts on its enrolment's anchor day each month: the day of its first period's start.
 *   A month without that day starts on its last day (the 31st → the 30th, the 28th or 29th), and the
 *   next month is back on the anchor (Jan 31 → Feb 28 → Mar 31).
 * - Each attempt at a period's charge has its idempotency key: `plan-<enrolment>-<yyyyMMdd>` for the
 *   first, `…-a<n>` for attempt n (a declined reply is kept by Square for its key, so a retry needs its
 *   own). An attempt's number is claimed before it is charged, so no attempt is charged twice.
 */

/** The days in a month (1–12) of a year, by the calendar (no time zone: a calendar date). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The period's start `months` on from `start` (yyyy-MM-dd), on the anchor day (1–31) or its month's last day. */
export function periodStartAfter(start: string, anchorDay: number, months = 1): string {
  const [year, month] = start.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(anchorDay, daysIn(y, m)))}`;
}

/** The anchor day of an enrolment's periods: the day of the month of its first period's start. */
export const anchorDayOf = (firstStart: string) => Number(firstStart.slice(8, 10));

/** Whole months from one period's start to another's (same anchor). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return ty * 12 + tm - (fy * 12 + fm);
}

/** Square keeps at most 45 characters of a key: the enrolment's id without its prefix keeps room. */
export const MAX_KEY_LENGTH = 45;

/** Attempt n's idempotency key for the period of `enrolmentId` starting `start`. */
export function periodChargeKey(enrolmentId: string, start: string, attempt = 1): string {
  const id = enrolmentId.replace(/^enr_/, '');
  const key = `plan-${id}-${start.replaceAll('-', '')}${attempt <= 1 ? '' : `-a${attempt}`}`;
  if (key.length > MAX_KEY_LENGTH) throw new Error(`Idempotency key too long: ${key}`);
  return key;
}
