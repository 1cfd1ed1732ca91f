import { describe, expect, it } from 'vitest';
import {
  type Backoff,
  backoffMs,
  type Clock,
  isRetryable,
  PARTITION_WRITES_PER_SECOND,
  pacedBatches,
  StillThrottled,
  writePacer,
} from './pacing';

/** A clock whose sleeps pass at once and move its time on; it records them. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(name), { name, ...extra });
const cancelled = (...codes: string[]) =>
  named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });

/** The most units sent in any window of `ms` milliseconds, from (time, units) records. */
function peak(sent: { at: number; units: number }[], ms: number): number {
  return Math.max(
    ...sent.map(({ at }) =>
      sent.filter((s) => s.at >= at && s.at < at + ms).reduce((n, s) => n + s.units, 0),
    ),
  );
}

describe('bulk write pacing', () => {
  it('keeps 2,000 items written by four workers at most 750 in any second, below one partition key’s 1,000', async () => {
    const clock = fakeClock();
    const pacer = writePacer({ perSecond: 500, burst: 250, clock });
    const sent: { at: number; units: number }[] = [];
    const items = Array.from({ length: 2000 }, (_, i) => i);
    const written: number[] = [];
    await pacedBatches(items, {
      size: 49,
      pacer,
      clock,
      write: async (batch) => {
        sent.push({ at: clock.now(), units: batch.length });
        written.push(...batch);
        return [];
      },
    });
    expect(written.sort((a, b) => a - b)).toEqual(items);
    expect(peak(sent, 1000)).toBeLessThanOrEqual(0.75 * PARTITION_WRITES_PER_SECOND);
    // The first 250 go at once (the burst), the rest at 500 a second.
    expect(clock.now()).toBeGreaterThanOrEqual(3400);
    expect(clock.now()).toBeLessThan(3700);
  });

  it('lets a burst through without waiting', async () => {
    const clock = fakeClock();
    const pacer = writePacer({ perSecond: 500, clock });
    await pacer.take(300);
    await pacer.take(200);
    expect(clock.sleeps).toEqual([]);
    await pacer.take(50);
    expect(clock.sleeps).toEqual([100]);
  });

  it('tries a throttled batch again after growing waits, and writes each item once', async () => {
    const clock = fakeClock();
    const throttles = [
      named('ThrottlingException'),
      named('ProvisionedThroughputExceededException'),
      cancelled('None', 'ThrottlingError'),
      cancelled('TransactionConflict', 'None'),
    ];
    const written: number[] = [];
    await pacedBatches([1, 2, 3], {
      size: 10,
      pacer: writePacer({ perSecond: 500, clock }),
      clock,
      random: () => 1,
      write: async (batch) => {
        const next = throttles.shift();
        if (next) throw next;
        written.push(...batch);
        return [];
      },
    });
    expect(written).toEqual([1, 2, 3]);
    expect(clock.sleeps).toEqual([100, 200, 400, 800]);
  });

  it('gives up with StillThrottled after the last backoff, each wait capped', async () => {
    const clock = fakeClock();
    const backoff: Backoff = { attempts: 6, baseMs: 50, capMs: 1000 };
    let calls = 0;
    const run = pacedBatches([1], {
      size: 1,
      pacer: writePacer({ perSecond: 500, clock }),
      clock,
      backoff,
      random: () => 1,
      write: async () => {
        calls += 1;
        throw named('ThrottlingException');
      },
    });
    await expect(run).rejects.toBeInstanceOf(StillThrottled);
    expect(calls).toBe(7);
    expect(clock.sleeps).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('writes again only what a batch left over, and stops every worker on an error it cannot cure', async () => {
    const clock = fakeClock();
    const batches: number[][] = [];
    await pacedBatches([1, 2, 3, 4], {
      size: 4,
      pacer: writePacer({ perSecond: 500, clock }),
      clock,
      write: async (batch) => {
        batches.push(batch);
        return batch.length === 4 ? [2, 4] : [];
      },
    });
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [2, 4],
    ]);

    let started = 0;
    const failing = pacedBatches(
      Array.from({ length: 100 }, (_, i) => i),
      {
        size: 1,
        workers: 4,
        pacer: writePacer({ perSecond: 500, clock }),
        clock,
        write: async () => {
          started += 1;
          throw named('ValidationException');
        },
      },
    );
    await expect(failing).rejects.toMatchObject({ name: 'ValidationException' });
    expect(started).toBeLessThanOrEqual(4);
  });

  it('tells throttling and conflicts from failed conditions and other errors', () => {
    expect(isRetryable(named('ThrottlingException'))).toBe(true);
    expect(isRetryable(named('RequestLimitExceeded'))).toBe(true);
    expect(isRetryable(named('TransactionConflictException'))).toBe(true);
    expect(isRetryable(cancelled('None', 'ProvisionedThroughputExceeded'))).toBe(true);
    expect(isRetryable(cancelled('None', 'ConditionalCheckFailed'))).toBe(false);
    expect(isRetryable(cancelled('ValidationError'))).toBe(false);
    expect(isRetryable(named('ValidationException'))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });

  it('waits a random time up to the capped exponential (full jitter)', () => {
    const backoff: Backoff = { attempts: 8, baseMs: 50, capMs: 2000 };
    expect(backoffMs(1, backoff, () => 0)).toBe(0);
    expect(backoffMs(1, backoff, () => 0.5)).toBe(50);
    expect(backoffMs(3, backoff, () => 0.999)).toBe(399);
    expect(backoffMs(10, backoff, () => 0.999)).toBe(1998);
  });
});
