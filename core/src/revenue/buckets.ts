import { getISOWeek } from 'date-fns/getISOWeek';
import { getISOWeekYear } from 'date-fns/getISOWeekYear';
import { tz } from '@date-fns/tz';
import { addDays, type CalendarDate, type Instant, localOf, weekdayOf, weekdays } from '../time';

/**
 * Where a payment or refund is counted (decision 071): the calendar month and
 * the ISO week (Monday to Sunday) of the day it happened on in the business's
 * zone, never UTC's: a payment at 22:30 on March 31 in West Chester is March's,
 * though it is April 1 in UTC.
 */

const inUtc = /* @__PURE__ */ tz('UTC');

/** `yyyy-MM` of a calendar date. */
export const monthOfDate = (date: CalendarDate): string => date.slice(0, 7);

/** `yyyy-MM` of the business day an instant falls on. */
export const monthOf = (at: Instant): string => monthOfDate(localOf(at).date);

/** The ISO week of a calendar date, `2026-W48` (the week-numbering year, which may differ at New Year). */
export function weekOfDate(date: CalendarDate): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  const year = getISOWeekYear(day, { in: inUtc });
  const week = getISOWeek(day, { in: inUtc });
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The ISO week of the business day an instant falls on. */
export const weekOf = (at: Instant): string => weekOfDate(localOf(at).date);

/** The Monday that starts the ISO week holding a calendar date. */
export function weekStart(date: CalendarDate): CalendarDate {
  const index = weekdays.indexOf(weekdayOf(date)); // Sunday 0 ... Saturday 6
  return addDays(date, -((index + 6) % 7));
}

/** The `count` ISO weeks that end with the one holding `today`, oldest first, with their Mondays. */
export function lastWeeks(today: CalendarDate, count: number): { week: string; start: CalendarDate }[] {
  const monday = weekStart(today);
  return Array.from({ length: count }, (_, n) => {
    const start = addDays(monday, -7 * (count - 1 - n));
    return { week: weekOfDate(start), start };
  });
}

/** The month before a `yyyy-MM` month. */
export function previousMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return mm === 1 ? `${year - 1}-12` : `${year}-${String(mm - 1).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 2026' for `2026-11`. */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[mm - 1] ?? ''} ${year}`;
}
