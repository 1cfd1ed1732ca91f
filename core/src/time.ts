/**
 * Dates and times of the business (GUIDE: Time). The one module that knows the
 * business's zone; everything else asks it.
 *
 * - A calendar date is `yyyy-MM-dd` and a clock time `HH:mm` (24-hour), both
 *   read in the business's zone: that is how bookings and time slots are stored.
 * - An instant is an ISO UTC string (`2026-03-09T13:30:00.000Z`), or a Date.
 *
 * Nothing here depends on the zone of the machine it runs on (Lambda runs in
 * UTC, a browser anywhere): instants are placed in the zone with date-fns'
 * `in: tz(...)` context, and plain calendar dates are computed in UTC, where no
 * day is shorter or longer than 24 hours.
 *
 * Daylight-saving changes, with the 2026 dates in America/New_York:
 * - Spring forward (March 8): the clock jumps from 02:00 to 03:00, so 02:00-02:59
 *   do not exist. Such a time is moved forward by the gap: 02:30 is 03:30 EDT
 *   (07:30Z). This is what `Date`, RFC 5545 and Temporal's 'compatible' do.
 * - Fall back (November 1): 01:00-01:59 happen twice. The earlier one is taken,
 *   01:30 EDT (05:30Z), again as 'compatible' does: a booking at 01:30 means the
 *   first time the clock shows 01:30.
 *
 * `TZDate` built from wall-clock parts settles the fall-back hour according to
 * the host's own zone, so `instantOf` resolves the offset itself.
 */
import { tz, tzOffset } from '@date-fns/tz';
// date-fns by function: its index loads every one of its functions, about a second in Node per process
// (each API test file, each local start; the Lambda's bundle keeps only these either way).
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { TIME_ZONE } from './time-zone';

export { TIME_ZONE };

/** A day in the business's calendar, `yyyy-MM-dd`. */
export type CalendarDate = string;
/** A wall-clock time in the business's zone, `HH:mm` (24-hour). */
export type ClockTime = string;
/** A date and a time as the business's clocks show them. */
export type LocalDateTime = { date: CalendarDate; time: ClockTime };
/** An instant: an ISO string, a Date or epoch milliseconds. */
export type Instant = string | Date | number;

const inZone = /* @__PURE__ */ tz(TIME_ZONE);
const inUtc = /* @__PURE__ */ tz('UTC');

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The calendar date as midnight UTC (a plain day, free of any zone); null when it is not a real date. */
function utcDay(date: string): Date | null {
  const match = DATE_SHAPE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over to March 2: such a date is refused.
  return value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && value.getUTCDate() === day
    ? value
    : null;
}

function requireDay(date: string): Date {
  const day = utcDay(date);
  if (!day) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${JSON.stringify(date)}`);
  return day;
}

function requireClock(time: string): [hours: number, minutes: number] {
  const match = TIME_SHAPE.exec(time);
  if (!match) throw new RangeError(`Not a clock time (HH:mm): ${JSON.stringify(time)}`);
  return [Number(match[1]), Number(match[2])];
}

function toDate(instant: Instant): Date {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${JSON.stringify(instant)}`);
  return date;
}

/** True for a real `yyyy-MM-dd` date (2026-02-29 is not one). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && utcDay(value) !== null;
}

/** True for a `HH:mm` time from 00:00 to 23:59. */
export function isClockTime(value: unknown): value is ClockTime {
  return typeof value === 'string' && TIME_SHAPE.test(value);
}

/** Today's date in the business's zone (at 23:30 UTC it is already tomorrow in London, not yet in West Chester). */
export function today(now: Instant = Date.now()): CalendarDate {
  return format(toDate(now), 'yyyy-MM-dd', { in: inZone });
}

/** The date and time the business's clocks show at an instant. */
export function localOf(instant: Instant): LocalDateTime {
  const date = toDate(instant);
  return {
    date: format(date, 'yyyy-MM-dd', { in: inZone }),
    time: format(date, 'HH:mm', { in: inZone }),
  };
}

/**
 * The instant (ISO UTC) at which the business's clocks show `date` `time`.
 * A time skipped by spring-forward is moved forward by the gap; a time that
 * fall-back repeats is its first occurrence (see the top of this file).
 */
export function instantOf(date: CalendarDate, time: ClockTime): string {
  const [hours, minutes] = requireClock(time);
  // The wall-clock reading as if it were UTC; the zone's offset is then subtracted.
  return new Date(
    wallInstant(TIME_ZONE, requireDay(date).getTime() + (hours * 60 + minutes) * MINUTE),
  ).toISOString();
}

/**
 * The instant (epoch ms) at which clocks in the IANA zone `zone` show the
 * wall-clock reading `wall` (its fields written as if UTC), settled as
 * `instantOf` settles the business zone's (another zone: a calendar feed's
 * TZID, core/src/calendar/busy.ts).
 */
export function wallInstant(zone: string, wall: number): number {
  const offsetAt = (ms: number) => tzOffset(zone, new Date(ms));
  // A day either side of any reading lies outside its change, so these are the two offsets in play.
  const before = offsetAt(wall - DAY);
  const after = offsetAt(wall + DAY);
  const fits = (offset: number) => offsetAt(wall - offset * MINUTE) === offset;
  const candidates = [before, after].filter(fits).map((offset) => wall - offset * MINUTE);
  // Two readings (fall-back): the earlier instant. None (spring-forward): the offset before the change.
  return candidates.length > 0 ? Math.min(...candidates) : wall - before * MINUTE;
}

/** The calendar date `days` later (or earlier, when negative). Days are calendar days: DST changes do not matter. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return format(addCalendarDays(requireDay(date), days, { in: inUtc }), 'yyyy-MM-dd', { in: inUtc });
}

/**
 * The instant `days` calendar days later that shows the same wall-clock time:
 * 09:30 on March 7 plus one day is 09:30 on March 8, 23 hours later. A time
 * that does not exist, or exists twice, on the new day is settled as `instantOf` does.
 */
export function addDaysToInstant(instant: Instant, days: number): string {
  const { date, time } = localOf(instant);
  return instantOf(addDays(date, days), time);
}

export const weekdays = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type Weekday = (typeof weekdays)[number];

/** The weekday of a calendar date: 'Monday' for 2026-03-09. */
export function weekdayOf(date: CalendarDate): Weekday {
  return weekdays[requireDay(date).getUTCDay()] as Weekday;
}

const LONG_DATE = 'MMMM d, yyyy';

/**
 * 'March 5, 2025', for mail and pages. A `yyyy-MM-dd` value is that calendar
 * day; any other string, a Date or a number is an instant, shown on its date
 * in the business's zone. '' for a missing or unreadable value, so a page can
 * show whatever it has.
 */
export function formatLongDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_SHAPE.test(value)) {
    const day = utcDay(value);
    return day ? format(day, LONG_DATE, { in: inUtc }) : '';
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, LONG_DATE, { in: inZone });
}

/** '9:30 AM' for '09:30'; '12:00 PM' for noon, '12:15 AM' for '00:15'. */
export function formatTime(time: ClockTime): string {
  const [hours, minutes] = requireClock(time);
  return format(Date.UTC(2000, 0, 1, hours, minutes), 'h:mm a', { in: inUtc });
}

/** 'Monday, March 9, 2026 at 9:30 AM', for a booking's date and time. */
export function formatDateTime(date: CalendarDate, time: ClockTime): string {
  return `${format(requireDay(date), `EEEE, ${LONG_DATE}`, { in: inUtc })} at ${formatTime(time)}`;
}

/** 'Monday, March 9, 2026 at 9:30 AM', for an instant, as the business's clocks show it. */
export function formatInstant(instant: Instant): string {
  const { date, time } = localOf(instant);
  return formatDateTime(date, time);
}

let zoneLabel: string | undefined;

/** The zone as mail shows it: 'Eastern Time (America/New_York)' (its generic name, then its id). */
export function zoneName(): string {
  zoneLabel ??= (() => {
    const generic = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longGeneric' })
      .formatToParts(0)
      .find((part) => part.type === 'timeZoneName')?.value;
    return generic && generic !== TIME_ZONE ? `${generic} (${TIME_ZONE})` : TIME_ZONE;
  })();
  return zoneLabel;
}

/**
 * 'Monday, November 23, 2026 at 10:00 AM Eastern Time (America/New_York)':
 * a booking's date and time with the zone named, for mail read anywhere.
 */
export function formatDateTimeInZone(date: CalendarDate, time: ClockTime): string {
  return `${formatDateTime(date, time)} ${zoneName()}`;
}
