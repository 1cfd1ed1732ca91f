import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, wrapIndex } from './carousel';

describe('wrapIndex', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });

  it('moves back and wraps from the first slide to the last', () => {
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });

  it('stays on 0 with one slide or none', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 0)).toBe(0);
  });

  it('advances every 5 seconds', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
  });
});
