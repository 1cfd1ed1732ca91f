/**
 * Pacing for bulk writes (decision 052). DynamoDB takes at most 1,000 write
 * units a second for the items that share one partition key, in the table
 * and in each index. A bulk write whose items all land under one index key
 * (every time slot is under `SLOT` in byCollection and `SERVICE#id` in
 * byOwner) is therefore paced below that with a token bucket, and a batch
 * that DynamoDB throttles anyway (or that meets a concurrent transaction) is
 * tried again after an exponential backoff with full jitter.
 */

/** What pacing waits on: the real clock, or a test's fake one. */
export type Clock = { now(): number; sleep(ms: number): Promise<void> };

/** Monotonic: a wall clock set back (NTP, a simulated date) must not stall or burst the bucket. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** DynamoDB's write limit for the items sharing one partition key: write units a second. */
export const PARTITION_WRITES_PER_SECOND = 1000;

export type Pacer = {
  /** Resolves once `units` more write units may be spent. */
  take(units: number): Promise<void>;
};

/**
 * A token bucket: on average `perSecond` units a second, at most `burst` at
 * once. Takers are served in turn, so concurrent workers share one rate.
 */
export function writePacer({
  perSecond,
  burst = perSecond,
  clock = realClock,
}: {
  perSecond: number;
  burst?: number;
  clock?: Clock;
}): Pacer {
  let tokens = burst;
  let at = clock.now();
  const refill = (cap: number) => {
    const now = clock.now();
    tokens = Math.min(cap, tokens + ((now - at) * perSecond) / 1000);
    at = now;
  };
  let turn: Promise<void> = Promise.resolve();
  return {
    take(units) {
      const mine = turn.then(async () => {
        refill(burst);
        if (tokens < units) {
          await clock.sleep(Math.ceil(((units - tokens) * 1000) / perSecond));
          refill(Math.max(burst, units));
        }
        tokens -= units;
      });
      turn = mine.catch(() => undefined);
      return mine;
    },
  };
}

export type Backoff = { attempts: number; baseMs: number; capMs: number };

/** About 10 s of waiting at most, well inside the API's 30 s. */
export const defaultBackoff: Backoff = { attempts: 8, baseMs: 50, capMs: 2000 };

/** Full jitter: a random wait from 0 to min(cap, base × 2^attempt). */
export function backoffMs(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** attempt));
}

const slowDown = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'TransactionInProgressException',
]);
/** Reasons a transaction is cancelled that trying again later can cure. */
const retryableReasons = new Set([
  'None',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
  'TransactionConflict',
]);

/**
 * True when DynamoDB asks us to slow down or try again: throttling, or a
 * transaction cancelled only by throttling or a conflicting transaction (never
 * by a failed condition, which the caller handles).
 */
export function isRetryable(error: unknown): boolean {
  const name = (error as Error | undefined)?.name ?? '';
  if (slowDown.has(name)) return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.every((reason) => retryableReasons.has(reason.Code ?? 'None'));
}

/** Thrown when a batch is still throttled after every backoff. */
export class StillThrottled extends Error {
  constructor(cause: unknown) {
    super('DynamoDB kept throttling the writes.', { cause });
    this.name = 'StillThrottled';
  }
}

/**
 * Writes `items` in batches of `size`, `workers` batches at once, each after
 * taking its cost (one unit per item by default) from `pacer`. `write` writes
 * one batch and answers the items still to write: [] when done, fewer when it
 * dropped some (a failed condition). A retryable error (see `isRetryable`) is
 * tried again after a backoff; after `backoff.attempts` tries it throws
 * StillThrottled. Any other error stops every worker before its next batch
 * and is thrown once the batches under way have ended.
 */
export async function pacedBatches<T>(
  items: readonly T[],
  options: {
    size: number;
    write: (batch: T[]) => Promise<T[]>;
    pacer: Pacer;
    workers?: number;
    cost?: (batch: T[]) => number;
    backoff?: Backoff;
    clock?: Clock;
    random?: () => number;
  },
): Promise<void> {
  const { size, write, pacer, workers = 4, cost = (batch) => batch.length } = options;
  const { backoff = defaultBackoff, clock = realClock, random = Math.random } = options;
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  let stopped = false;
  const worker = async () => {
    for (let batch = batches.shift(); batch && !stopped; batch = batches.shift()) {
      let pending = batch;
      for (let attempt = 0; pending.length > 0 && !stopped;) {
        await pacer.take(cost(pending));
        try {
          pending = await write(pending);
        } catch (error) {
          if (!isRetryable(error)) throw error;
          attempt += 1;
          if (attempt > backoff.attempts) throw new StillThrottled(error);
          await clock.sleep(backoffMs(attempt, backoff, random));
        }
      }
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(workers, batches.length) }, () =>
      worker().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
