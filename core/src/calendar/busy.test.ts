import { describe, expect, it } from 'vitest';
import { atMost, busyIntervals, byDay, NotACalendar } from './busy';

/** A calendar of `events` (VEVENT bodies), with `extra` components (VTIMEZONE) before them. */
const calendar = (events: string[], extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//busy//EN',
    extra,
    ...events.map((body) => `BEGIN:VEVENT\r\n${body.trim()}\r\nEND:VEVENT`),
    'END:VCALENDAR',
  ]
    .filter(Boolean)
    .join('\r\n');

const at = (iso: string) => Date.parse(iso);
const window = (from: string, to: string) => ({ start: at(from), end: at(to) });
const iso = (list: { start: number; end: number }[]) =>
  list.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);

const MARCH = window('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');

describe('busy time from an iCalendar feed', () => {
  it.each([
    {
      name: 'a timed event in an IANA zone blocks exactly its times',
      events: [
        'UID:dentist\nDTSTAMP:20260301T000000Z\nSUMMARY:Dentist\nDTSTART;TZID=America/New_York:20260310T140000\nDTEND;TZID=America/New_York:20260310T150000',
      ],
      // March 10 is after the spring change: EDT, UTC-4.
      busy: [['2026-03-10T18:00:00.000Z', '2026-03-10T19:00:00.000Z']],
    },
    {
      name: 'an all-day event blocks its whole local days, 23 hours on the spring change',
      events: [
        'UID:off\nDTSTAMP:20260301T000000Z\nDTSTART;VALUE=DATE:20260308\nDTEND;VALUE=DATE:20260309',
        'UID:trip\nDTSTAMP:20260301T000000Z\nDTSTART;VALUE=DATE:20260320\nDTEND;VALUE=DATE:20260322',
        'UID:noend\nDTSTAMP:20260301T000000Z\nDTSTART;VALUE=DATE:20260325',
      ],
      busy: [
        ['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
        ['2026-03-20T04:00:00.000Z', '2026-03-22T04:00:00.000Z'],
        ['2026-03-25T04:00:00.000Z', '2026-03-26T04:00:00.000Z'],
      ],
    },
    {
      name: 'free (TRANSPARENT), cancelled and zero-length events block nothing; overlapping ones are joined',
      events: [
        'UID:free\nDTSTAMP:20260301T000000Z\nDTSTART:20260310T150000Z\nDTEND:20260310T160000Z\nTRANSP:TRANSPARENT',
        'UID:gone\nDTSTAMP:20260301T000000Z\nDTSTART:20260311T150000Z\nDTEND:20260311T160000Z\nSTATUS:CANCELLED',
        'UID:point\nDTSTAMP:20260301T000000Z\nDTSTART:20260312T150000Z',
        'UID:a\nDTSTAMP:20260301T000000Z\nDTSTART:20260313T150000Z\nDTEND:20260313T160000Z',
        'UID:b\nDTSTAMP:20260301T000000Z\nDTSTART:20260313T153000Z\nDTEND:20260313T170000Z',
        'UID:outside\nDTSTAMP:20260301T000000Z\nDTSTART:20260410T150000Z\nDTEND:20260410T160000Z',
      ],
      busy: [['2026-03-13T15:00:00.000Z', '2026-03-13T17:00:00.000Z']],
    },
  ])('$name', ({ events, busy }) => {
    expect(iso(busyIntervals(calendar(events), MARCH))).toEqual(busy);
  });

  it('a weekly series keeps its wall-clock time across the March and November changes', () => {
    const text = calendar([
      'UID:gym\nDTSTAMP:20260301T000000Z\nDTSTART;TZID=America/New_York:20260302T090000\nDTEND;TZID=America/New_York:20260302T100000\nRRULE:FREQ=WEEKLY;COUNT=2',
      'UID:late\nDTSTAMP:20260301T000000Z\nDTSTART;TZID=America/New_York:20261026T090000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=2',
    ]);
    expect(iso(busyIntervals(text, window('2026-03-01T00:00:00Z', '2026-11-30T00:00:00Z')))).toEqual([
      ['2026-03-02T14:00:00.000Z', '2026-03-02T15:00:00.000Z'], // EST
      ['2026-03-09T13:00:00.000Z', '2026-03-09T14:00:00.000Z'], // EDT
      ['2026-10-26T13:00:00.000Z', '2026-10-26T14:00:00.000Z'], // EDT
      ['2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'], // EST
    ]);
  });

  it('EXDATE takes an occurrence out and RECURRENCE-ID moves or cancels one', () => {
    const text = calendar([
      [
        'UID:standup',
        'DTSTAMP:20260301T000000Z',
        'DTSTART;TZID=America/New_York:20260302T080000',
        'DTEND;TZID=America/New_York:20260302T083000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5',
        'EXDATE;TZID=America/New_York:20260309T080000',
      ].join('\n'),
      // The 16th moved to 11:00.
      'UID:standup\nDTSTAMP:20260301T000000Z\nRECURRENCE-ID;TZID=America/New_York:20260316T080000\nDTSTART;TZID=America/New_York:20260316T110000\nDTEND;TZID=America/New_York:20260316T113000',
      // The 23rd cancelled.
      'UID:standup\nDTSTAMP:20260301T000000Z\nRECURRENCE-ID;TZID=America/New_York:20260323T080000\nDTSTART;TZID=America/New_York:20260323T080000\nDTEND;TZID=America/New_York:20260323T083000\nSTATUS:CANCELLED',
    ]);
    expect(iso(busyIntervals(text, window('2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z')))).toEqual([
      ['2026-03-02T13:00:00.000Z', '2026-03-02T13:30:00.000Z'],
      ['2026-03-16T15:00:00.000Z', '2026-03-16T15:30:00.000Z'],
      ['2026-03-30T12:00:00.000Z', '2026-03-30T12:30:00.000Z'],
    ]);
  });

  it('UTC, floating and other zones are placed right; a Windows zone name by its VTIMEZONE', () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:Pacific Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0800',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0800',
      'TZOFFSETTO:-0700',
      'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const text = calendar(
      [
        'UID:utc\nDTSTAMP:20260301T000000Z\nDTSTART:20260303T150000Z\nDTEND:20260303T160000Z',
        'UID:floating\nDTSTAMP:20260301T000000Z\nDTSTART:20260304T090000\nDTEND:20260304T093000',
        'UID:berlin\nDTSTAMP:20260301T000000Z\nDTSTART;TZID=Europe/Berlin:20260305T180000\nDTEND;TZID=Europe/Berlin:20260305T190000',
        'UID:windows\nDTSTAMP:20260301T000000Z\nDTSTART;TZID=Pacific Standard Time:20260306T080000\nDTEND;TZID=Pacific Standard Time:20260306T090000',
      ],
      vtimezone,
    );
    expect(iso(busyIntervals(text, MARCH))).toEqual([
      ['2026-03-03T15:00:00.000Z', '2026-03-03T16:00:00.000Z'],
      ['2026-03-04T14:00:00.000Z', '2026-03-04T14:30:00.000Z'], // floating: the business zone (EST)
      ['2026-03-05T17:00:00.000Z', '2026-03-05T18:00:00.000Z'], // CET
      ['2026-03-06T16:00:00.000Z', '2026-03-06T17:00:00.000Z'], // PST
    ]);
  });

  it('a series that started years ago is expanded into the window', () => {
    const text = calendar([
      'UID:daily\nDTSTAMP:20200101T000000Z\nDTSTART;TZID=America/New_York:20200101T120000\nDTEND;TZID=America/New_York:20200101T121500\nRRULE:FREQ=DAILY',
    ]);
    const found = busyIntervals(text, window('2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z'));
    expect(iso(found)).toEqual([
      ['2026-03-07T17:00:00.000Z', '2026-03-07T17:15:00.000Z'],
      ['2026-03-08T16:00:00.000Z', '2026-03-08T16:15:00.000Z'],
      ['2026-03-09T16:00:00.000Z', '2026-03-09T16:15:00.000Z'],
    ]);
  });

  it('what is not a calendar is refused', () => {
    expect(() => busyIntervals('<html>Sign in</html>', MARCH)).toThrow(NotACalendar);
    expect(() => busyIntervals('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage', MARCH)).toThrow(
      NotACalendar,
    );
  });

  it('splits by local day (the fall-back day has 25 hours) and keeps a day to at most so many', () => {
    const night = { start: at('2026-10-31T22:00:00Z'), end: at('2026-11-02T06:00:00Z') };
    expect(
      [...byDay([night], ['2026-10-31', '2026-11-01', '2026-11-02'])].map(([d, list]) => [d, iso(list)]),
    ).toEqual([
      ['2026-10-31', [['2026-10-31T22:00:00.000Z', '2026-11-01T04:00:00.000Z']]],
      ['2026-11-01', [['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']]],
      ['2026-11-02', [['2026-11-02T05:00:00.000Z', '2026-11-02T06:00:00.000Z']]],
    ]);
    const many = [0, 10, 12, 30, 40].map((m) => ({ start: m * 60_000, end: (m + 5) * 60_000 }));
    expect(atMost(many, 3)).toEqual([
      { start: 0, end: 17 * 60_000 },
      { start: 30 * 60_000, end: 35 * 60_000 },
      { start: 40 * 60_000, end: 45 * 60_000 },
    ]);
  });
});
