import { describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_LIMIT, appendToTrail } from './audit-trail';

describe('the audit trail', () => {
  it('keeps every entry up to the limit', () => {
    let trail: number[] = [];
    for (let i = 0; i < AUDIT_TRAIL_LIMIT; i += 1) trail = appendToTrail(trail, i);
    expect(trail).toEqual(Array.from({ length: AUDIT_TRAIL_LIMIT }, (_, i) => i));
  });

  it('past the limit keeps the first entry and the newest ones', () => {
    let trail: number[] = [];
    for (let i = 0; i < AUDIT_TRAIL_LIMIT + 25; i += 1) trail = appendToTrail(trail, i);
    expect(trail).toHaveLength(AUDIT_TRAIL_LIMIT);
    expect(trail[0]).toBe(0);
    expect(trail[1]).toBe(26);
    expect(trail.at(-1)).toBe(AUDIT_TRAIL_LIMIT + 24);
  });

  it('never changes the trail it was given', () => {
    const trail = Object.freeze([1, 2, 3]);
    expect(appendToTrail(trail, 4, 3)).toEqual([1, 3, 4]);
    expect(trail).toEqual([1, 2, 3]);
  });
});
