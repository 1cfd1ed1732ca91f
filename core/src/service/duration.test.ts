import { describe, expect, it } from 'vitest';
import { durationBucket, parseDurationMinutes } from './duration';

describe('parseDurationMinutes', () => {
  it.each([
    [45, 45],
    [0, 0],
    ['90 min', 90],
    ['2 hours', 120],
    ['1 hour', 60],
    ['1.5 hours', 90],
    ['4 Hours', 240],
    ['30', 30],
  ] as const)('reads %j as %d minutes', (input, minutes) => {
    expect(parseDurationMinutes(input)).toBe(minutes);
  });

  it.each([['about two hours'], [''], [Number.NaN], [-5], [null], [undefined]] as const)(
    'cannot read %j',
    (input) => {
      expect(parseDurationMinutes(input)).toBeNull();
    },
  );
});

describe('durationBucket', () => {
  it.each([
    [1, 'under60'],
    [59, 'under60'],
    [60, '60to120'],
    ['1 hour', '60to120'],
    [120, '60to120'],
    ['2 hours', '60to120'],
    [121, '120to240'],
    [240, '120to240'],
    ['4 hours', '120to240'],
    [241, 'over240'],
    [480, 'over240'],
  ] as const)('puts %j in %s', (input, bucket) => {
    expect(durationBucket(input)).toBe(bucket);
  });

  it('has no bucket for zero or unknown durations', () => {
    expect(durationBucket(0)).toBeNull();
    expect(durationBucket('0 min')).toBeNull();
    expect(durationBucket('ask us')).toBeNull();
    expect(durationBucket(undefined)).toBeNull();
  });
});
