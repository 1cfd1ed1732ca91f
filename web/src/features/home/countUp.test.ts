import { describe, expect, it } from 'vitest';
import { COUNT_UP_STEPS, countUpValue } from './countUp';

describe('countUpValue', () => {
  it('starts at 0 and ends exactly on the target after 200 steps', () => {
    expect(COUNT_UP_STEPS).toBe(200);
    expect(countUpValue(5000, 0)).toBe(0);
    expect(countUpValue(5000, 200)).toBe(5000);
    expect(countUpValue(5000, 250)).toBe(5000);
  });

  it('rises in whole numbers without passing the target', () => {
    const values = Array.from({ length: COUNT_UP_STEPS + 1 }, (_, step) => countUpValue(99, step));
    expect(values.every(Number.isInteger)).toBe(true);
    expect(values.every((value, i) => i === 0 || value >= values[i - 1]!)).toBe(true);
    expect(Math.max(...values)).toBe(99);
    expect(countUpValue(5000, 100)).toBe(2500);
  });
});
