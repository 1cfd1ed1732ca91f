import { describe, expect, it } from 'vitest';
import { closedWeekdays, dateOf, dayOf, isBookableDate } from './calendar';

describe('the booking calendar in the business zone', () => {
  it('turns a yyyy-MM-dd date into midnight of that day in New York, and back', () => {
    const day = dayOf('2026-03-09');
    expect(new Date(day.getTime()).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dateOf(day)).toBe('2026-03-09');
    // Across the spring-forward change and in winter time.
    expect(dateOf(dayOf('2026-03-08'))).toBe('2026-03-08');
    expect(dayOf('2026-01-15').getTime()).toBe(Date.parse('2026-01-15T05:00:00.000Z'));
  });

  it('reads any instant on its New York date, whatever zone it came from', () => {
    // 01:00 on March 10 in Tokyo is still March 9 in West Chester.
    expect(dateOf(new Date('2026-03-09T16:00:00.000Z'))).toBe('2026-03-09');
    expect(dateOf(new Date('2026-03-10T03:59:00.000Z'))).toBe('2026-03-09');
    expect(dateOf(new Date('2026-03-10T04:00:00.000Z'))).toBe('2026-03-10');
  });

  it('closes the weekdays missing from a non-empty list only', () => {
    expect(closedWeekdays([])).toEqual([]);
    expect(closedWeekdays(['Monday', 'Wednesday'])).toEqual([0, 2, 4, 5, 6]);
    expect(
      closedWeekdays(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    ).toEqual([]);
  });

  it('lets a date be chosen from today on, on an open weekday', () => {
    const today = '2026-03-09'; // a Monday
    expect(isBookableDate('2026-03-09', [], today)).toBe(true);
    expect(isBookableDate('2026-03-08', [], today)).toBe(false);
    expect(isBookableDate('2026-03-10', ['Monday'], today)).toBe(false);
    expect(isBookableDate('2026-03-16', ['Monday'], today)).toBe(true);
    expect(isBookableDate('2026-02-30', [], today)).toBe(false);
    expect(isBookableDate('soon', [], today)).toBe(false);
  });
});
