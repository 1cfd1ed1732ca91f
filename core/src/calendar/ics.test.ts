import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, ICS_CONTENT_TYPE, type IcsEventInput, icsEvent, icsFeed } from './ics';

const event: IcsEventInput = {
  uid: 'bkg_01JCALENDARTEST0000000000@mobileautocare.example',
  date: '2026-11-23',
  time: '10:00',
  durationMinutes: 90,
  summary: 'Full Detail (Mobile Auto Care)',
  description: 'Service: Full Detail\nVehicle: 2019 Honda Civic, Blue',
  location: 'Mobile service, West Chester, PA',
  organizerEmail: 'info@mobileautocare.example',
  stamp: '2026-11-20T15:04:05.678Z',
};

/** The content lines, unfolded (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
const property = (ics: string, name: string) =>
  unfold(ics).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const one = (ics: string, name: string) => {
  const lines = property(ics, name);
  expect(lines, name).toHaveLength(1);
  return lines[0]!;
};
/** The VEVENT's lines only (the VTIMEZONE has DTSTART lines of its own). */
const vevent = (ics: string) => {
  const lines = unfold(ics);
  return lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1).join('\r\n') + '\r\n';
};
const startAndEnd = (input: Partial<IcsEventInput>) => {
  const ics = vevent(icsEvent({ ...event, ...input }));
  return [one(ics, 'DTSTART'), one(ics, 'DTEND')];
};

/*
 * A reader of the file's own VTIMEZONE: the UTC offset its rules give a local
 * time, as a calendar would apply them (a repeated time is its first reading).
 */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + (n - 1) * 7;
}
function zoneRules(ics: string): (local: string) => number {
  const lines = unfold(ics);
  const block = (kind: string) => {
    const body = lines.slice(lines.indexOf(`BEGIN:${kind}`), lines.indexOf(`END:${kind}`));
    const rule = body.find((line) => line.startsWith('RRULE:'))!;
    const to = body.find((line) => line.startsWith('TZOFFSETTO:'))!.slice(11);
    const [, month, n] = /BYMONTH=(\d+);BYDAY=(\d)SU/.exec(rule)!;
    return {
      month: Number(month),
      n: Number(n),
      offset: (to.startsWith('-') ? -1 : 1) * (Number(to.slice(1, 3)) * 60 + Number(to.slice(3))),
    };
  };
  const daylight = block('DAYLIGHT');
  const standard = block('STANDARD');
  return (local) => {
    const year = Number(local.slice(0, 4));
    const at = (month: number, n: number) =>
      `${year}${String(month).padStart(2, '0')}${String(nthSunday(year, month, n)).padStart(2, '0')}T020000`;
    const inDaylight = local >= at(daylight.month, daylight.n) && local < at(standard.month, standard.n);
    return inDaylight ? daylight.offset : standard.offset;
  };
}
/** The instant a `DTSTART;TZID=...:` or `DTEND:...Z` line names, by the file's VTIMEZONE. */
function instantOfLine(offsetOf: (local: string) => number, line: string): number {
  const value = line.slice(line.indexOf(':') + 1);
  const [, y, mo, d, h, mi] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00Z?$/.exec(value)!.map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  return value.endsWith('Z') ? wall : wall - offsetOf(value) * 60_000;
}

describe('a calendar file', () => {
  it('is a VCALENDAR with one VEVENT, its VTIMEZONE, and CRLF line ends', () => {
    const ics = icsEvent(event);
    expect(ics).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = unfold(ics);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Mobile Auto Care//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    expect(zone).toContain('TZID:America/New_York');
    expect(zone).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(zone).toContain('RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(ICS_CONTENT_TYPE).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  });

  it('has the event in the zone, a UTC DTSTAMP, the UID, and the organizer', () => {
    const ics = vevent(
      icsEvent({ ...event, organizerName: 'Mobile Auto Care', url: 'http://localhost:3000/dashboard' }),
    );
    expect(one(ics, 'DTSTART')).toBe('DTSTART;TZID=America/New_York:20261123T100000');
    expect(one(ics, 'DTEND')).toBe('DTEND;TZID=America/New_York:20261123T113000');
    expect(one(ics, 'DTSTAMP')).toBe('DTSTAMP:20261120T150405Z');
    expect(one(ics, 'UID')).toBe(`UID:${event.uid}`);
    expect(one(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(property(ics, 'STATUS')).toEqual([]);
    expect(one(ics, 'ORGANIZER')).toBe('ORGANIZER;CN="Mobile Auto Care":mailto:info@mobileautocare.example');
    expect(one(ics, 'URL')).toBe('URL:http://localhost:3000/dashboard');
    expect(one(ics, 'SUMMARY')).toBe('SUMMARY:Full Detail (Mobile Auto Care)');
    expect(one(ics, 'LOCATION')).toBe('LOCATION:Mobile service\\, West Chester\\, PA');
    expect(one(ics, 'DESCRIPTION')).toBe(
      'DESCRIPTION:Service: Full Detail\\nVehicle: 2019 Honda Civic\\, Blue',
    );
  });

  it('marks status and sequence; a cancelled event no longer blocks time', () => {
    const confirmed = vevent(icsEvent({ ...event, status: 'CONFIRMED', sequence: 1 }));
    expect(one(confirmed, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(one(confirmed, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(one(confirmed, 'TRANSP')).toBe('TRANSP:OPAQUE');
    const cancelled = vevent(icsEvent({ ...event, status: 'CANCELLED', sequence: 2 }));
    expect(one(cancelled, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(one(cancelled, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(one(cancelled, 'TRANSP')).toBe('TRANSP:TRANSPARENT');
    expect(one(cancelled, 'UID')).toBe(one(confirmed, 'UID'));
  });
});

/** The DTSTART and DTEND lines of an event at `date` `time` lasting `durationMinutes`. */
const span = (date: string, time: string, durationMinutes: number) =>
  startAndEnd({ date, time, durationMinutes });

/** DTSTART and DTEND as zone times; an end given in UTC (…Z) is written so. */
const zoned = (start: string, end: string) => [
  `DTSTART;TZID=America/New_York:${start}`,
  end.endsWith('Z') ? `DTEND:${end}` : `DTEND;TZID=America/New_York:${end}`,
];

describe('start and end across daylight-saving changes', () => {
  it('ends an ordinary event in the zone', () => {
    expect(span('2026-07-06', '15:30', 45)).toEqual(zoned('20260706T153000', '20260706T161500'));
  });

  it('spring forward, 2026-03-08: an hour that crosses 02:00 ends at 03:30 on the clock', () => {
    expect(span('2026-03-08', '01:30', 60)).toEqual(zoned('20260308T013000', '20260308T033000'));
    expect(span('2026-03-08', '10:00', 60)).toEqual(zoned('20260308T100000', '20260308T110000'));
    // A time the clocks skip is written as the time it becomes (RFC 5545 reads it so too).
    expect(span('2026-03-08', '02:30', 30)).toEqual(zoned('20260308T033000', '20260308T040000'));
  });

  it('fall back, 2026-11-01: an end at the repeated hour is the right one', () => {
    // 00:30 EDT + 60 minutes is the first 01:30 (EDT): a zone time says so.
    expect(span('2026-11-01', '00:30', 60)).toEqual(zoned('20261101T003000', '20261101T013000'));
    // 00:30 EDT + 120 minutes is the second 01:30 (EST, 06:30Z): a zone time would name the first, so UTC.
    expect(span('2026-11-01', '00:30', 120)).toEqual(zoned('20261101T003000', '20261101T063000Z'));
    // An hour from the first 01:30 is the second 01:30.
    expect(span('2026-11-01', '01:30', 60)).toEqual(zoned('20261101T013000', '20261101T063000Z'));
    // An hour from the first 01:30 ... 90 minutes is 02:00 EST.
    expect(span('2026-11-01', '01:30', 90)).toEqual(zoned('20261101T013000', '20261101T020000'));
    expect(span('2026-11-01', '09:00', 60)).toEqual(zoned('20261101T090000', '20261101T100000'));
  });

  it('crosses midnight, and the new year', () => {
    expect(span('2026-11-23', '23:00', 120)).toEqual(zoned('20261123T230000', '20261124T010000'));
    expect(span('2026-12-31', '23:30', 60)).toEqual(zoned('20261231T233000', '20270101T003000'));
    // Crossing midnight into the spring-forward night.
    expect(span('2026-03-07', '23:00', 240)).toEqual(zoned('20260307T230000', '20260308T040000'));
  });

  it('lasts exactly its duration when a calendar reads the times with the file own VTIMEZONE', () => {
    const days = ['2026-03-07', '2026-03-08', '2026-06-15', '2026-10-31', '2026-11-01', '2026-12-31'];
    for (const date of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        // 02:xx on March 8 does not exist: such a start is moved (checked above).
        if (date === '2026-03-08' && time.startsWith('02')) continue;
        for (const durationMinutes of [30, 60, 150]) {
          const ics = icsEvent({ ...event, date, time, durationMinutes });
          const lines = vevent(ics);
          const offsetOf = zoneRules(ics);
          const start = instantOfLine(offsetOf, one(lines, 'DTSTART'));
          const end = instantOfLine(offsetOf, one(lines, 'DTEND'));
          expect(end - start, `${date} ${time} + ${durationMinutes}`).toBe(durationMinutes * 60_000);
        }
      }
    }
  });

  it('has a VTIMEZONE that agrees with the zone database for the years ahead', () => {
    const offsetOf = zoneRules(icsEvent(event));
    for (let year = 2026; year <= 2040; year += 1) {
      for (let day = 0; day < 366; day += 1) {
        for (const hour of [6, 7, 8]) {
          // Hours on either side of the 02:00 local changes, read in UTC.
          const instant = new Date(Date.UTC(year, 0, 1 + day, hour));
          if (instant.getUTCFullYear() !== year) continue;
          const offset = tzOffset('America/New_York', instant);
          const local = new Date(instant.getTime() + offset * 60_000);
          const stamp = local.toISOString().slice(0, 16).replace(/[-:]/g, '');
          // Skip the repeated hour, which the rules read as its first occurrence.
          if (offset === -300 && offsetOf(`${stamp}00`) === -240) {
            expect(local.getUTCHours()).toBe(1);
            continue;
          }
          expect(offsetOf(`${stamp}00`), instant.toISOString()).toBe(offset);
        }
      }
    }
  });
});

describe('text and lines', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tbell\u0007nul\u0000end')).toBe('tab\tbellnulend');
    expect(escapeText('\u2028line\u0085')).toBe('\\nline\\n');
  });

  it('keeps injected lines inside their property', () => {
    const ics = icsEvent({
      ...event,
      summary: 'Wash\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free',
      description: 'x\nATTENDEE:mailto:evil@example.com',
    });
    expect(unfold(ics).filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(property(ics, 'ATTENDEE')).toEqual([]);
    expect(one(ics, 'SUMMARY')).toBe('SUMMARY:Wash\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const description = `Détails: ${'é'.repeat(50)} ${'🚗'.repeat(30)} ${'x'.repeat(200)}`;
    const ics = icsEvent({ ...event, description });
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\ufffd');
    }
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    expect(one(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:${escapeText(description)}`);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine('x'.repeat(74) + 'é')).toBe(`${'x'.repeat(74)}\r\n é`);
  });

  it('refuses what it cannot write', () => {
    expect(() => icsEvent({ ...event, durationMinutes: 0 })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, durationMinutes: 1.5 })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, date: '2026-02-30' })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, time: '24:00' })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, sequence: -1 })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, organizerEmail: 'a@b.example\r\nATTENDEE:x' })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, url: 'http://x.example/ a' })).toThrow(RangeError);
  });

  it('strips quotes and control characters from the organizer name', () => {
    const ics = icsEvent({ ...event, organizerName: 'Shop "Best"\r\nX' });
    expect(one(ics, 'ORGANIZER')).toBe('ORGANIZER;CN="Shop BestX":mailto:info@mobileautocare.example');
  });
});

describe('where the job is (issue 20)', () => {
  it('LOCATION is the escaped one-line address; GEO the coordinates, only when known', () => {
    const at = icsEvent({
      ...event,
      location: '12 W Market St; Apt 4, West Chester, PA 19382\\rear',
      geo: { lat: 39.9606643, lng: -75.60549012 },
    });
    expect(one(at, 'LOCATION')).toBe('LOCATION:12 W Market St\\; Apt 4\\, West Chester\\, PA 19382\\\\rear');
    expect(one(at, 'GEO')).toBe('GEO:39.960664;-75.60549');
    expect(property(icsEvent(event), 'GEO')).toEqual([]);
    const long = icsEvent({ ...event, location: `${'Long Road '.repeat(12)}, West Chester, PA 19382` });
    expect(long.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(one(long, 'LOCATION')).toContain('West Chester\\, PA 19382');
  });

  it('refuses coordinates that are not a place on Earth', () => {
    expect(() => icsEvent({ ...event, geo: { lat: 91, lng: 0 } })).toThrow(RangeError);
    expect(() => icsEvent({ ...event, geo: { lat: 0, lng: Number.NaN } })).toThrow(RangeError);
  });
});

describe('a subscription feed (issue 36)', () => {
  const moved: IcsEventInput = {
    ...event,
    uid: 'bkg_01JCALENDARTEST0000000001@mobileautocare.example',
    date: '2026-11-01',
    time: '01:30',
    durationMinutes: 60,
    sequence: 3,
    status: 'CONFIRMED',
  };
  const cancelled: IcsEventInput = { ...event, sequence: 2, status: 'CANCELLED' };
  const feed = icsFeed({
    name: 'Mobile Auto Care: Tess Road',
    refreshMinutes: 60,
    events: [moved, cancelled],
  });

  it('is one VCALENDAR: its name, how often to fetch it again (RFC 7986), one VTIMEZONE, an event each', () => {
    expect(feed.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(one(feed, 'NAME')).toBe('NAME:Mobile Auto Care: Tess Road');
    expect(one(feed, 'X-WR-CALNAME')).toBe('X-WR-CALNAME:Mobile Auto Care: Tess Road');
    expect(one(feed, 'REFRESH-INTERVAL')).toBe('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(one(feed, 'X-PUBLISHED-TTL')).toBe('X-PUBLISHED-TTL:PT60M');
    expect(property(feed, 'BEGIN').filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(property(feed, 'UID')).toEqual([`UID:${moved.uid}`, `UID:${cancelled.uid}`]);
    expect(property(feed, 'SEQUENCE')).toEqual(['SEQUENCE:3', 'SEQUENCE:2']);
    expect(property(feed, 'STATUS')).toEqual(['STATUS:CONFIRMED', 'STATUS:CANCELLED']);
    expect(property(feed, 'TRANSP')).toEqual(['TRANSP:OPAQUE', 'TRANSP:TRANSPARENT']);
  });

  it("writes each event as the mail does: the zone's times, UTC only where a local time cannot say", () => {
    const lines = unfold(feed);
    const events = lines.filter((line) => line.startsWith('DTSTART;') || line.startsWith('DTEND'));
    // 01:30 on the fall-back night plus an hour ends at the repeated 01:30 (06:30 UTC).
    expect(events).toEqual([
      'DTSTART;TZID=America/New_York:20261101T013000',
      'DTEND:20261101T063000Z',
      'DTSTART;TZID=America/New_York:20261123T100000',
      'DTEND;TZID=America/New_York:20261123T113000',
    ]);
    expect(property(feed, 'DTSTAMP')).toEqual(['DTSTAMP:20261120T150405Z', 'DTSTAMP:20261120T150405Z']);
    expect(vevent(icsEvent(cancelled))).toBe(
      `${lines.slice(lines.lastIndexOf('BEGIN:VEVENT'), lines.lastIndexOf('END:VEVENT') + 1).join('\r\n')}\r\n`,
    );
  });

  it('escapes and folds its name as any text, and refuses a refresh that is not whole minutes', () => {
    const long = icsFeed({ name: `Shop; ${'é'.repeat(60)},\nBEGIN:VEVENT`, refreshMinutes: 90, events: [] });
    expect(long.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(one(long, 'NAME')).toBe(`NAME:Shop\\; ${'é'.repeat(60)}\\,\\nBEGIN:VEVENT`);
    expect(one(long, 'REFRESH-INTERVAL')).toBe('REFRESH-INTERVAL;VALUE=DURATION:PT90M');
    expect(property(long, 'BEGIN')).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'BEGIN:DAYLIGHT',
      'BEGIN:STANDARD',
    ]);
    expect(() => icsFeed({ name: 'x', refreshMinutes: 0, events: [] })).toThrow(RangeError);
    expect(() => icsFeed({ name: 'x', refreshMinutes: 1.5, events: [] })).toThrow(RangeError);
  });
});
