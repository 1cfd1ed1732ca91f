import { isCalendarDate } from '@app/core/time';

/**
 * A calendar date in a page's address (`?date=yyyy-MM-dd`), read with core's
 * time rule: a real date, else nothing (the search drops it). One parser for
 * every route's `validateSearch`.
 */
export const calendarDate = (value: unknown): string | undefined =>
  isCalendarDate(value) ? value : undefined;
