/**
 * Busy time from someone's own calendar (issue 36, decision 119): an
 * iCalendar feed (RFC 5545: Google's secret address, Outlook's published
 * calendar, Apple's public link) read into the intervals it keeps its owner
 * busy within a window. Pure: the text in, epoch-ms intervals out.
 *
 * - Parsing and recurrence are ical.js's (RRULE, RDATE, EXDATE, RECURRENCE-ID
 *   overrides, RANGE=THISANDFUTURE); wall-clock times are placed here.
 * - A TZID time is placed in that IANA zone when the name is one (Google,
 *   Apple), else by the feed's own VTIMEZONE (Outlook's Windows names), else
 *   as floating; a floating time is read in the business zone; a UTC time as is.
 * - An all-day event (DATE values) blocks its whole local days in the business
 *   zone, from the start date's midnight to the end date's (exclusive; one day
 *   without an end).
 * - What blocks nothing: STATUS:CANCELLED (the event or one occurrence's
 *   override), TRANSP:TRANSPARENT ("free"), and an event that ends where it starts.
 * - Bounded: at most MAX_EVENTS components and MAX_OCCURRENCES occurrences
 *   walked a feed; a recurring event is walked from its start to the window's end.
 */
import ICAL from 'ical.js';
import { tzOffset } from '@date-fns/tz';
import { TIME_ZONE, addDays, instantOf, localOf, wallInstant } from '../time';

/** A busy interval: epoch ms, end exclusive. */
export type Interval = { start: number; end: number };

/** Components read from one feed at most (a calendar of many years is larger than a day needs). */
export const MAX_EVENTS = 20_000;
/** Occurrences walked across one feed's recurring events at most. */
export const MAX_OCCURRENCES = 200_000;

/** Why a feed is not a calendar (its owner reads it on Today). */
export class NotACalendar extends Error {}

const knownZones = new Map<string, boolean>();

/** Whether `name` is an IANA zone this runtime knows (`America/New_York`; not `Eastern Standard Time`). */
function isIanaZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = !Number.isNaN(tzOffset(name, new Date(0)));
    } catch {
      known = false;
    }
    knownZones.set(name, known);
  }
  return known;
}

/** A TZID as written, less the prefixes some writers add (`/mozilla.org/20050126_1/America/New_York`). */
const ianaName = (tzid: string) => tzid.replace(/^\/(?:[^/]+\/\d+_\d+\/)?/, '');

/**
 * The instant of an ICAL.Time (a date-time), epoch ms, its TZID (`tzid`, as
 * its property names it; '' for none) placed as the top of this file says.
 */
function instantOfTime(t: ICAL.Time, tzid: string): number {
  const wall = wallOf(t);
  if (t.zone === ICAL.Timezone.utcTimezone) return wall;
  if (tzid) {
    const name = ianaName(tzid);
    if (isIanaZone(name)) return wallInstant(name, wall);
    // The feed's own VTIMEZONE (a Windows zone name, a custom one).
    if (t.zone?.component) return t.toUnixTime() * 1000;
  }
  return wallInstant(TIME_ZONE, wall);
}

/** The TZID of a component's DTSTART or DTEND ('' for none). */
const tzidOf = (component: ICAL.Component, name: 'dtstart' | 'dtend') => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : '';
};

/** The business-zone midnight that starts a DATE value's day. */
const dayStart = (t: ICAL.Time) => {
  const date = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  return Date.parse(instantOf(date, '00:00'));
};

/** An occurrence's interval: all-day ones cover their local days, timed ones their instants. */
function intervalOf(component: ICAL.Component, start: ICAL.Time, end: ICAL.Time | null): Interval {
  if (start.isDate) {
    const from = dayStart(start);
    const to = end?.isDate ? dayStart(end) : 0;
    return { start: from, end: to > from ? to : nextMidnight(from) };
  }
  const zone = tzidOf(component, 'dtstart');
  const from = instantOfTime(start, zone);
  // An end from DURATION (or a series' occurrence) is on the start's clock.
  return { start: from, end: end ? instantOfTime(end, tzidOf(component, 'dtend') || zone) : from };
}

/** The business-zone midnight after the one at `instant`. */
const nextMidnight = (instant: number) => Date.parse(instantOf(addDays(localOf(instant).date, 1), '00:00'));

/** Whether an event (or an occurrence's override) keeps its owner busy. */
function blocks(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT';
}

/** The calendar in `text`, or NotACalendar. */
function calendarOf(text: string): ICAL.Component {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text))
    throw new NotACalendar('The address did not answer with a calendar.');
  try {
    const root = new ICAL.Component(ICAL.parse(text));
    const calendar = root.name === 'vcalendar' ? root : root.getFirstSubcomponent('vcalendar');
    if (!calendar) throw new NotACalendar('The address did not answer with a calendar.');
    return calendar;
  } catch (error) {
    if (error instanceof NotACalendar) throw error;
    throw new NotACalendar('The calendar could not be read (it is not valid iCalendar).');
  }
}

/**
 * The intervals in `window` (epoch ms, end exclusive) during which the
 * calendar `text` keeps its owner busy, clipped to the window, sorted by
 * start, overlapping ones joined. Throws NotACalendar when `text` is not one.
 */
export function busyIntervals(text: string, window: Interval): Interval[] {
  const calendar = calendarOf(text);
  const components = calendar.getAllSubcomponents('vevent').slice(0, MAX_EVENTS);
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Event[] = [];
  for (const component of components) {
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    if (event.isRecurrenceException()) overrides.push(event);
    else masters.set(event.uid, event);
  }
  // An override whose series is not in the feed stands alone.
  const alone: ICAL.Event[] = [];
  for (const override of overrides) {
    const master = masters.get(override.uid);
    if (master?.isRecurring()) master.relateException(override);
    else alone.push(override);
  }

  const found: Interval[] = [];
  const keep = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time | null) => {
    if (!blocks(component)) return;
    const interval = intervalOf(component, start, end);
    const from = Math.max(interval.start, window.start);
    const to = Math.min(interval.end, window.end);
    if (to > from) found.push({ start: from, end: to });
  };

  let walked = 0;
  for (const event of [...masters.values(), ...alone]) {
    if (!event.isRecurring()) {
      keep(event.component, event.startDate, event.endDate);
      continue;
    }
    if (!blocks(event.component) && Object.keys(event.exceptions).length === 0) continue;
    const occurrences = event.iterator();
    // An override may move an occurrence up to a month: the walk looks that far either side of the window.
    const [since, until] = [window.start - MONTH, window.end + MONTH];
    for (let next = occurrences.next(); next; next = occurrences.next()) {
      walked += 1;
      if (walked > MAX_OCCURRENCES) break;
      const wall = wallOf(next);
      if (wall >= until) break;
      if (wall < since) continue;
      const details = event.getOccurrenceDetails(next);
      keep(details.item.component, details.startDate, details.endDate);
    }
  }
  return joined(found);
}

/** An occurrence's wall-clock reading as if UTC: within a day of its instant, enough to bound the walk. */
const wallOf = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
const MONTH = 31 * 86_400_000;

/** Intervals sorted, those that overlap or touch joined. */
export function joined(intervals: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const next of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else out.push({ ...next });
  }
  return out;
}

/**
 * `intervals` split by business-zone day for `dates` (each day 00:00 to the
 * next 00:00, 23 or 25 hours across a DST change): date → that day's part.
 */
export function byDay(intervals: readonly Interval[], dates: readonly string[]): Map<string, Interval[]> {
  const out = new Map<string, Interval[]>();
  for (const date of dates) {
    const start = Date.parse(instantOf(date, '00:00'));
    const end = Date.parse(instantOf(addDays(date, 1), '00:00'));
    const part = intervals
      .filter((i) => i.start < end && start < i.end)
      .map((i) => ({ start: Math.max(i.start, start), end: Math.min(i.end, end) }));
    if (part.length > 0) out.set(date, part);
  }
  return out;
}

/**
 * At most `max` intervals, by joining those with the shortest gaps between
 * them (a day of more is blocked a little more, never less).
 */
export function atMost(intervals: readonly Interval[], max: number): Interval[] {
  const out = joined(intervals);
  while (out.length > max) {
    let at = 0;
    for (let i = 1; i < out.length - 1; i += 1) {
      if (out[i + 1]!.start - out[i]!.end < out[at + 1]!.start - out[at]!.end) at = i;
    }
    out.splice(at, 2, { start: out[at]!.start, end: out[at + 1]!.end });
  }
  return out;
}
