import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeAtLeast, typicalDuration } from './timing';

describe('typicalDuration', () => {
  it('averages the work that completes, and leaves out work refused part way', async () => {
    let clock = 1_000;
    const attempt = typicalDuration(0.2, () => clock);
    expect(attempt.ms).toBeUndefined();
    // Work that takes 40 ms on the injected clock.
    await attempt.measure(async () => {
      clock += 40;
    });
    expect(attempt.ms).toBe(40);
    await attempt.measure(async () => {
      clock += 90;
    });
    // The moving average: 0.8 of what it was, 0.2 of the new time.
    expect(attempt.ms).toBeCloseTo(50, 10);
    // A refusal (a full hash queue answers at once) is not the work being timed: the average stays.
    await expect(
      attempt.measure(async () => {
        clock += 5;
        throw new Error('busy');
      }),
    ).rejects.toThrow('busy');
    expect(attempt.ms).toBeCloseTo(50, 10);
  });
});

describe('takeAtLeast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether `promise` has settled, once the timers due by now (the clock not moved) and their callbacks have run. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('answers no sooner than the floor after the start, whether the work succeeded or failed', async () => {
    vi.useFakeTimers();
    const quick = takeAtLeast(600, async () => 'done');
    const failing = takeAtLeast(600, async () => {
      throw new Error('refused');
    });
    failing.catch(() => {});
    await vi.advanceTimersByTimeAsync(599);
    expect(await settled(quick)).toBe(false);
    expect(await settled(failing)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await quick).toBe('done');
    await expect(failing).rejects.toThrow('refused');
  });

  it('adds nothing to work that outlasts the floor', async () => {
    vi.useFakeTimers();
    const slow = takeAtLeast(150, () => new Promise((resolve) => setTimeout(() => resolve('late'), 400)));
    await vi.advanceTimersByTimeAsync(399);
    expect(await settled(slow)).toBe(false);
    // The work ends at 400; the floor's pause is then a zero wait (a fake timer's tick).
    await vi.advanceTimersByTimeAsync(2);
    expect(await settled(slow)).toBe(true);
    expect(await slow).toBe('late');
  });
});
