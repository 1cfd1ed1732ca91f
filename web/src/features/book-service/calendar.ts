import { TIME_ZONE, type Weekday, isCalendarDate, today, weekdayOf, weekdays } from '@app/core/time';
import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * The calendar's view of the business's days (doc 1 §2, customer booking pages).
 * The calendar shows America/New_York's days whatever the browser's zone: its
 * days are TZDates in that zone, and a chosen day is read back in it as yyyy-MM-dd.
 */
export { TIME_ZONE };

const inZone = tz(TIME_ZONE);

/** The calendar's day for a yyyy-MM-dd date: midnight of that day in the business's zone. */
export function dayOf(date: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, TIME_ZONE);
}

/** The yyyy-MM-dd date of a calendar day, read in the business's zone (not the browser's). */
export const dateOf = (day: Date): string => format(day, 'yyyy-MM-dd', { in: inZone });

/** Weekday numbers (0 = Sunday) the service is closed on; none when its list is empty (doc 1 §2). */
export function closedWeekdays(availableDays: readonly Weekday[]): number[] {
  if (availableDays.length === 0) return [];
  return weekdays.flatMap((name, index) => (availableDays.includes(name) ? [] : [index]));
}

/** True when the calendar lets a customer choose `date`: a real date, not before today, on an open weekday. */
export function isBookableDate(
  date: string,
  availableDays: readonly Weekday[],
  todayDate: string = today(),
): boolean {
  if (!isCalendarDate(date) || date < todayDate) return false;
  return availableDays.length === 0 || availableDays.includes(weekdayOf(date));
}
