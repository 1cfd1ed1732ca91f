import { describe, expect, it } from 'vitest';
import { typicalDuration } from './timing';

describe('typicalDuration', () => {
  it('averages the work that completes, and leaves out work refused part way', async () => {
    const attempt = typicalDuration();
    expect(attempt.ms).toBeUndefined();
    await attempt.measure(() => new Promise((resolve) => setTimeout(resolve, 40)));
    const typical = attempt.ms ?? 0;
    expect(typical).toBeGreaterThanOrEqual(35);
    // A refusal (a full hash queue answers at once) is not the work being timed: the average stays.
    await expect(attempt.measure(() => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(attempt.ms).toBe(typical);
  });
});
