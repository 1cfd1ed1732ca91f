import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutes, formatPrice, formatWholeDollars } from './format';

describe('formatDuration', () => {
  it('reads whole hours in hours, so 480 minutes is 8 hours', () => {
    expect(formatDuration(480)).toBe('8 hours');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration('4 hours')).toBe('4 hours');
  });

  it('keeps minutes under two hours and adds them to longer hours', () => {
    expect(formatDuration(45)).toBe('45 minutes');
    expect(formatDuration('90 min')).toBe('90 minutes');
    expect(formatDuration('1.5 hours')).toBe('90 minutes');
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(150)).toBe('2 hours 30 minutes');
    expect(formatDuration(61 + 60)).toBe('2 hours 1 minute');
  });

  it('shows text it cannot read as it is', () => {
    expect(formatDuration('all day')).toBe('all day');
  });
});

describe('formatMinutes', () => {
  it('keeps minutes where the spec asks for them', () => {
    expect(formatMinutes(480)).toBe('480 minutes');
    expect(formatMinutes('2 hours')).toBe('120 minutes');
  });
});

describe('money', () => {
  it('separates thousands', () => {
    expect(formatWholeDollars(1000)).toBe('$1,000');
    expect(formatWholeDollars(50)).toBe('$50');
    expect(formatPrice(1000)).toBe('$1,000.00');
    expect(formatPrice(899)).toBe('$899.00');
  });
});
