import { describe, expect, it } from 'vitest';
import { formatDate } from './date';

describe('formatDate', () => {
  it('writes the date in the business time zone, not the runner’s', () => {
    expect(formatDate('2025-05-28T14:20:00.000Z')).toBe('May 28, 2025');
    // 02:00 UTC on the 1st is still the evening of the 31st in West Chester.
    expect(formatDate('2025-06-01T02:00:00.000Z')).toBe('May 31, 2025');
  });

  it('gives an empty string for a missing or unreadable date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
