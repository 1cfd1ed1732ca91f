import { describe, expect, it } from 'vitest';
import { calendarDate } from './search';

describe('calendarDate', () => {
  it('keeps a real yyyy-MM-dd date and drops anything else', () => {
    expect(calendarDate('2026-11-28')).toBe('2026-11-28');
    expect(calendarDate('2026-02-30')).toBeUndefined();
    expect(calendarDate('2026-1-5')).toBeUndefined();
    expect(calendarDate(20261128)).toBeUndefined();
    expect(calendarDate(undefined)).toBeUndefined();
  });
});
