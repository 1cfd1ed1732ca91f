import { describe, expect, it } from 'vitest';
import {
  addDays,
  addDaysToInstant,
  formatDateTime,
  formatDateTimeInZone,
  formatInstant,
  formatLongDate,
  formatTime,
  instantOf,
  isCalendarDate,
  isClockTime,
  localOf,
  TIME_ZONE,
  today,
  weekdayOf,
  weekdays,
  zoneName,
} from './time';

// The 2026 changes in America/New_York: spring forward on March 8 at 02:00 (EST -5 → EDT -4),
// fall back on November 1 at 02:00 (EDT -4 → EST -5).

describe('the business zone', () => {
  it('is America/New_York', () => {
    expect(TIME_ZONE).toBe('America/New_York');
  });
});

describe('today', () => {
  it('is the date in West Chester, not in UTC', () => {
    // 02:00 UTC on June 1 is still the evening of May 31 in the zone.
    expect(today(new Date('2025-06-01T02:00:00Z'))).toBe('2025-05-31');
    expect(today('2025-06-01T04:00:00Z')).toBe('2025-06-01');
    // Winter: the zone is 5 hours behind.
    expect(today(Date.UTC(2026, 0, 1, 4, 59))).toBe('2025-12-31');
    expect(today(Date.UTC(2026, 0, 1, 5, 0))).toBe('2026-01-01');
  });

  it('has the yyyy-MM-dd shape', () => {
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('instantOf and localOf', () => {
  it('places an ordinary date and time in the zone, summer and winter', () => {
    expect(instantOf('2026-07-04', '09:30')).toBe('2026-07-04T13:30:00.000Z');
    expect(instantOf('2026-01-15', '09:30')).toBe('2026-01-15T14:30:00.000Z');
    expect(instantOf('2026-12-31', '23:59')).toBe('2027-01-01T04:59:00.000Z');
    expect(localOf('2026-07-04T13:30:00.000Z')).toEqual({ date: '2026-07-04', time: '09:30' });
    expect(localOf(new Date('2027-01-01T04:59:00Z'))).toEqual({ date: '2026-12-31', time: '23:59' });
  });

  it('March 8: the times either side of the gap', () => {
    expect(instantOf('2026-03-08', '01:59')).toBe('2026-03-08T06:59:00.000Z'); // EST
    expect(instantOf('2026-03-08', '03:00')).toBe('2026-03-08T07:00:00.000Z'); // EDT
    // One minute of clock time before the gap is one minute of real time before 03:00.
    expect(Date.parse(instantOf('2026-03-08', '03:00')) - Date.parse(instantOf('2026-03-08', '01:59'))).toBe(
      60_000,
    );
  });

  it('March 8: 02:30 does not exist and is moved forward by the gap, to 03:30 EDT', () => {
    expect(instantOf('2026-03-08', '02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(localOf(instantOf('2026-03-08', '02:30'))).toEqual({ date: '2026-03-08', time: '03:30' });
    expect(instantOf('2026-03-08', '02:00')).toBe(instantOf('2026-03-08', '03:00'));
  });

  it('November 1: 01:30 happens twice and means the first, 01:30 EDT', () => {
    expect(instantOf('2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z');
    // Both instants show 01:30 on the business's clocks.
    expect(localOf('2026-11-01T05:30:00.000Z')).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(localOf('2026-11-01T06:30:00.000Z')).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(instantOf('2026-11-01', '01:00')).toBe('2026-11-01T05:00:00.000Z');
    expect(instantOf('2026-11-01', '01:59')).toBe('2026-11-01T05:59:00.000Z');
    // Either side of the repeated hour there is no doubt.
    expect(instantOf('2026-11-01', '00:59')).toBe('2026-11-01T04:59:00.000Z'); // EDT
    expect(instantOf('2026-11-01', '02:00')).toBe('2026-11-01T07:00:00.000Z'); // EST
  });

  it('round-trips every quarter hour of both change days and of an ordinary day', () => {
    for (const date of ['2026-03-08', '2026-11-01', '2026-06-15']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const skipped = date === '2026-03-08' && time >= '02:00' && time < '03:00';
        const expected = skipped ? `03:${time.slice(3)}` : time;
        expect(localOf(instantOf(date, time)), `${date} ${time}`).toEqual({ date, time: expected });
      }
    }
  });

  it('round-trips instants, hour by hour across both changes', () => {
    for (const start of ['2026-03-07T12:00:00Z', '2026-10-31T12:00:00Z']) {
      for (let hour = 0; hour < 48; hour++) {
        const instant = new Date(Date.parse(start) + hour * 3_600_000).toISOString();
        const { date, time } = localOf(instant);
        const back = instantOf(date, time);
        // The second 01:xx of November 1 reads back as the first (the documented choice); every other hour is exact.
        const repeated = date === '2026-11-01' && time.startsWith('01:') && back !== instant;
        if (repeated) expect(Date.parse(instant) - Date.parse(back)).toBe(3_600_000);
        else expect(back, instant).toBe(instant);
      }
    }
  });

  it('refuses malformed dates and times', () => {
    expect(() => instantOf('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => instantOf('2026-3-8', '09:00')).toThrow(RangeError);
    expect(() => instantOf('2026-03-08', '24:00')).toThrow(RangeError);
    expect(() => instantOf('2026-03-08', '9:30')).toThrow(RangeError);
    expect(() => localOf('not a date')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('moves calendar dates across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-09', 7)).toBe('2026-03-16');
    expect(addDays('2026-03-09', 0)).toBe('2026-03-09');
  });

  it('counts a DST change day as one day', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-03-01', 14)).toBe('2026-03-15');
  });
});

describe('addDaysToInstant', () => {
  it('keeps the wall-clock time across spring forward (a 23-hour day)', () => {
    const start = instantOf('2026-03-07', '09:30');
    const next = addDaysToInstant(start, 1);
    expect(localOf(next)).toEqual({ date: '2026-03-08', time: '09:30' });
    expect(Date.parse(next) - Date.parse(start)).toBe(23 * 3_600_000);
  });

  it('keeps the wall-clock time across fall back (a 25-hour day)', () => {
    const start = instantOf('2026-10-31', '09:30');
    const next = addDaysToInstant(start, 1);
    expect(localOf(next)).toEqual({ date: '2026-11-01', time: '09:30' });
    expect(Date.parse(next) - Date.parse(start)).toBe(25 * 3_600_000);
    expect(localOf(addDaysToInstant(next, -1))).toEqual({ date: '2026-10-31', time: '09:30' });
  });

  it('settles a time that does not exist, or exists twice, on the new day as instantOf does', () => {
    expect(addDaysToInstant(instantOf('2026-03-07', '02:30'), 1)).toBe(instantOf('2026-03-08', '02:30'));
    expect(addDaysToInstant(instantOf('2026-10-31', '01:30'), 1)).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('weekdays', () => {
  it('lists Sunday to Saturday', () => {
    expect(weekdays).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('names the weekday of a calendar date', () => {
    expect(weekdayOf('2026-03-08')).toBe('Sunday');
    expect(weekdayOf('2026-03-09')).toBe('Monday');
    expect(weekdayOf('2026-11-01')).toBe('Sunday');
    expect(weekdayOf('2028-02-29')).toBe('Tuesday');
  });
});

describe('isCalendarDate and isClockTime', () => {
  it('accept only real dates and 24-hour times', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate(20260301)).toBe(false);
    expect(isClockTime('00:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('9:30')).toBe(false);
  });
});

describe('formatting for mail and pages', () => {
  it('writes the long date of an instant in the zone', () => {
    expect(formatLongDate('2025-05-28T14:20:00.000Z')).toBe('May 28, 2025');
    expect(formatLongDate('2025-06-01T02:00:00.000Z')).toBe('May 31, 2025');
    expect(formatLongDate(new Date('2025-03-05T17:00:00Z'))).toBe('March 5, 2025');
  });

  it('writes a calendar date as that day, whatever the zone', () => {
    expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatLongDate('2026-11-01')).toBe('November 1, 2026');
  });

  it('matches the en-US long date the pages showed before, for every day of a year', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      expect(formatLongDate(instant.toISOString())).toBe(intl.format(instant));
    }
  });

  it('gives an empty long date for a missing or unreadable value', () => {
    expect(formatLongDate(undefined)).toBe('');
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate('2026-02-30')).toBe('');
  });

  it('writes times on the 12-hour clock', () => {
    expect(formatTime('09:30')).toBe('9:30 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('00:15')).toBe('12:15 AM');
    expect(formatTime('16:05')).toBe('4:05 PM');
  });

  it('writes a date and time in full', () => {
    expect(formatDateTime('2026-03-09', '09:30')).toBe('Monday, March 9, 2026 at 9:30 AM');
    expect(formatDateTime('2026-11-01', '13:00')).toBe('Sunday, November 1, 2026 at 1:00 PM');
    expect(formatInstant('2026-03-09T13:30:00.000Z')).toBe('Monday, March 9, 2026 at 9:30 AM');
    expect(formatInstant('2026-11-01T06:30:00.000Z')).toBe('Sunday, November 1, 2026 at 1:30 AM');
  });
});

describe('the zone named in mail', () => {
  it('names the zone in words and by its id, the same in winter and summer', () => {
    expect(zoneName()).toBe('Eastern Time (America/New_York)');
    expect(formatDateTimeInZone('2026-11-23', '10:00')).toBe(
      'Monday, November 23, 2026 at 10:00 AM Eastern Time (America/New_York)',
    );
    expect(formatDateTimeInZone('2026-07-06', '15:30')).toBe(
      'Monday, July 6, 2026 at 3:30 PM Eastern Time (America/New_York)',
    );
  });
});
