import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, openingHoursOf, parseOpeningHours } from './opening-hours';

describe('opening hours (issue 30)', () => {
  it("the default is the spec's: Mon-Fri 8:00am-4:00pm", () => {
    expect(DEFAULT_OPENING_HOURS).toBe('Mon-Fri 08:00-16:00');
    expect(openingHoursOf('')).toEqual({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '16:00',
      daysText: 'Mon-Fri',
      timeText: '8:00am-4:00pm',
    });
  });

  it('takes ranges and lists of days, and any times of the day', () => {
    expect(parseOpeningHours('Mon-Sat 07:30-19:00')).toMatchObject({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      daysText: 'Mon-Sat',
      timeText: '7:30am-7:00pm',
    });
    expect(parseOpeningHours('mon,Wednesday,sat-sun 09:00-12:00')).toMatchObject({
      days: ['Monday', 'Wednesday', 'Saturday', 'Sunday'],
      daysText: 'Mon, Wed, Sat-Sun',
      timeText: '9:00am-12:00pm',
    });
  });

  it('refuses what it cannot read', () => {
    for (const text of [
      'Mon-Fri',
      '8-4',
      'Mon-Fri 16:00-08:00',
      'Fri-Mon 08:00-16:00',
      'Xyz 08:00-16:00',
      'Mon-Fri 8:00-16:00',
    ])
      expect(parseOpeningHours(text), text).toBeUndefined();
    expect(() => openingHoursOf('Mon-Fri 8-4')).toThrow(/OPENING_HOURS/);
  });
});
