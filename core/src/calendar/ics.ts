/**
 * Calendar files (RFC 5545) for appointments: one VEVENT in the business's
 * zone, attached to booking mail (decision 021). Pure.
 *
 * - Start and end are written in the zone (`DTSTART;TZID=America/New_York:...`)
 *   with the zone's VTIMEZONE, so a calendar shows 10:00 at the shop whatever
 *   zone the reader's device is in. The end is the start instant plus the
 *   duration, read back on the zone's clocks: 01:30 + 60 minutes on
 *   2026-03-08 ends at 03:30. The one end a TZID time cannot name, the second
 *   01:xx of a fall-back night (RFC 5545 reads a repeated time as the first),
 *   is written in UTC instead, which RFC 5545 allows beside a TZID start.
 * - METHOD is PUBLISH for every status: iTIP's REQUEST and CANCEL
 *   (RFC 5546) need ATTENDEE lines and invite replies the shop cannot take.
 *   An update keeps the UID and raises SEQUENCE; a cancellation is the same
 *   event with STATUS:CANCELLED.
 * - A subscription feed (`icsFeed`, issue 36) is the same events in one
 *   VCALENDAR, with its name and RFC 7986's REFRESH-INTERVAL (and
 *   X-PUBLISHED-TTL): this file is the one writer of iCalendar text.
 * - Text is escaped (`\\`, `;`, `,`, line breaks as `\n`; other control
 *   characters dropped), lines are folded at 75 octets without splitting a
 *   UTF-8 character, and every line ends in CRLF.
 */
import { type CalendarDate, type ClockTime, type Instant, TIME_ZONE, instantOf, localOf } from '../time';

export type IcsStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export type IcsEventInput = {
  /** Stable across every file for the same appointment, so a calendar updates instead of adding. */
  uid: string;
  /** `yyyy-MM-dd` in the business's zone. */
  date: CalendarDate;
  /** `HH:mm` in the business's zone. */
  time: ClockTime;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  /** The place's coordinates (GEO, RFC 5545 §3.8.1.6), when known. */
  geo?: { lat: number; lng: number };
  organizerEmail: string;
  /** Shown as the organizer's name (CN). */
  organizerName?: string;
  /** Absent: no STATUS line. */
  status?: IcsStatus;
  /** Raised with every update of the same UID; 0 when absent. */
  sequence?: number;
  /** A link about the event (URL property). */
  url?: string;
  /** DTSTAMP, the moment the file was made; now when absent. */
  stamp?: Instant;
};

/** The MIME type of the files `icsEvent` writes, for an attachment. */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

export const ICS_PRODUCT_ID = '-//Mobile Auto Care//Appointments//EN';

/**
 * The zone's rules since 2007 (US Energy Policy Act of 2005): daylight time
 * from the second Sunday of March at 02:00 to the first Sunday of November at
 * 02:00. Keyed by the zone's name, so a change of TIME_ZONE fails to compile
 * until its VTIMEZONE is written; ics.test.ts checks the rules against the
 * zone database for years ahead.
 */
const VTIMEZONES: Record<typeof TIME_ZONE, string[]> = {
  'America/New_York': [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'TZNAME:EDT',
    'DTSTART:20070311T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'TZNAME:EST',
    'DTSTART:20071104T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
};

/** Control characters (tab and line breaks among them) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped; other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n|\u0085|\u2028|\u2029/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .replace(/[\\;,]/g, '\\$&')
    .replace(/\n/g, '\\n');
}

const LINE_OCTETS = 75;

/** The UTF-8 length of one character (a code point). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** One content line folded at 75 octets (RFC 5545 §3.1): continuation lines start with a space; characters stay whole. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = out.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A value that goes out unescaped (a URI, a parameter): refused when it could break the line. */
function plain(label: string, value: string): string {
  if (CONTROL.test(value) || /[\s"]/.test(value) || value === '') {
    throw new RangeError(`${label} cannot be written in a calendar file: ${JSON.stringify(value)}`);
  }
  return value;
}

/** A quoted parameter value (RFC 5545 §3.2): no controls and no double quote. */
const paramValue = (value: string) => `"${value.replace(/["\p{Cc}\u2028\u2029]/gu, '')}"`;

const compact = (date: CalendarDate, time: ClockTime) =>
  `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** `20261123T150000Z` */
const utcStamp = (instant: Instant) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const MAX_MINUTES = 7 * 24 * 60;

/** GEO's value, `lat;lng` as decimal degrees (6 places: about 10 cm); refused when not a place on Earth. */
export function geoValue({ lat, lng }: { lat: number; lng: number }): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new RangeError(`Not a place on Earth: ${lat};${lng}`);
  }
  const degrees = (value: number) => String(Number(value.toFixed(6)));
  return `${degrees(lat)};${degrees(lng)}`;
}

/** One VEVENT's content lines, unfolded (RFC 5545 §3.6.1): the one writer of an event, for a file or a feed. */
function veventLines(input: IcsEventInput): string[] {
  if (
    !Number.isInteger(input.durationMinutes) ||
    input.durationMinutes < 1 ||
    input.durationMinutes > MAX_MINUTES
  ) {
    throw new RangeError(`Not a duration in minutes (1 to ${MAX_MINUTES}): ${input.durationMinutes}`);
  }
  const sequence = input.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError(`Not a sequence number: ${sequence}`);

  const startInstant = instantOf(input.date, input.time);
  const start = localOf(startInstant);
  const endInstant = new Date(Date.parse(startInstant) + input.durationMinutes * 60_000).toISOString();
  const end = localOf(endInstant);
  // A local time names the first of two readings; an end at the second is written in UTC.
  const endLine =
    instantOf(end.date, end.time) === endInstant
      ? `DTEND;TZID=${TIME_ZONE}:${compact(end.date, end.time)}`
      : `DTEND:${utcStamp(endInstant)}`;

  const organizer = `mailto:${plain('The organizer email', input.organizerEmail)}`;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcStamp(input.stamp ?? Date.now())}`,
    `SEQUENCE:${sequence}`,
    ...(input.status ? [`STATUS:${input.status}`] : []),
    `DTSTART;TZID=${TIME_ZONE}:${compact(start.date, start.time)}`,
    endLine,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    ...(input.geo ? [`GEO:${geoValue(input.geo)}`] : []),
    input.organizerName
      ? `ORGANIZER;CN=${paramValue(input.organizerName)}:${organizer}`
      : `ORGANIZER:${organizer}`,
    ...(input.url ? [`URL:${plain('The URL', input.url)}`] : []),
    `TRANSP:${input.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** The calendar's own properties (RFC 7986) a subscription feed carries. */
export type IcsFeedInput = {
  /** NAME and X-WR-CALNAME: what a calendar app calls the subscription. */
  name: string;
  /** REFRESH-INTERVAL and X-PUBLISHED-TTL: how often a subscriber should fetch it again (whole minutes). */
  refreshMinutes: number;
  events: readonly IcsEventInput[];
};

/** A DURATION value of whole minutes (RFC 5545 §3.3.6): `PT60M`. */
function minutesDuration(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) throw new RangeError(`Not a refresh interval: ${minutes}`);
  return `PT${minutes}M`;
}

/** A VCALENDAR of the given header and events, every line folded, CRLF line ends. */
function calendar(header: string[], events: readonly IcsEventInput[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...header,
    ...VTIMEZONES[TIME_ZONE],
    ...events.flatMap(veventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A VCALENDAR with one VEVENT, CRLF line ends, ready to attach. */
export function icsEvent(input: IcsEventInput): string {
  return calendar([], [input]);
}

/** The MIME type of a subscription feed (no METHOD parameter: RFC 7986 §4 feeds are not iTIP messages). */
export const ICS_FEED_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * A subscription feed (`webcal://`, issue 36): the events of a window, each
 * written as the mail's file writes it (same UID, SEQUENCE, STATUS), with the
 * calendar's name and how often to fetch it again (RFC 7986 REFRESH-INTERVAL,
 * and X-PUBLISHED-TTL for the clients that read only that).
 */
export function icsFeed(input: IcsFeedInput): string {
  const refresh = minutesDuration(input.refreshMinutes);
  const name = escapeText(input.name);
  return calendar(
    [
      `NAME:${name}`,
      `X-WR-CALNAME:${name}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
      `X-PUBLISHED-TTL:${refresh}`,
    ],
    input.events,
  );
}
