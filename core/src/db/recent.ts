import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Reads the display may take a few seconds old (decision 112): availability
 * shown on the booking page reads the shop's set-up (the technicians, a
 * service and whether it runs on slots) from a short in-process memory
 * instead of the table. The booking's claim never does: it reads again and
 * its conditional writes stay the guarantee, so a time shown from an older
 * read is refused by the claim as before.
 *
 * What is remembered is dropped after `ttlMs`, and at once whenever this
 * process writes anything to the table (every write counts, before it is
 * sent and once it is answered), so a process sees its own changes at once;
 * another process's (another Lambda instance) within `ttlMs`.
 */

/** Raised by each write this process sends to the table, and again when it is answered. */
let generation = 0;

/** The commands that only read: every other one counts as a write. */
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
  'DescribeTableCommand',
  'DescribeTimeToLiveCommand',
]);

/** Counts the writes `client` sends (db/client.ts, once per client). */
export function countWrites(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (READS.has(context.commandName ?? '')) return next(args);
      generation += 1;
      try {
        return await next(args);
      } finally {
        generation += 1;
      }
    },
    { step: 'initialize', name: 'countWrites' },
  );
}

/** How many entries one memory keeps at most (the oldest go first). */
const MAX_ENTRIES = 1000;

/**
 * A memory of reads by key for `ttlMs`: one load at a time per key (fifty
 * requests at once share one read), a failed load is not remembered, and
 * any write of this process since the load began makes it stale.
 */
export function recentReads<T>(
  ttlMs: number,
  clock: () => number = Date.now,
): (key: string, load: () => Promise<T>) => Promise<T> {
  const entries = new Map<string, { at: number; generation: number; value: Promise<T> }>();
  return (key, load) => {
    const now = clock();
    const hit = entries.get(key);
    if (hit && hit.generation === generation && now - hit.at < ttlMs && now >= hit.at) return hit.value;
    const entry = { at: now, generation, value: (async () => load())() };
    entries.delete(key);
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return entry.value;
  };
}

/** How long the display's memory of the shop's set-up lasts. */
export const DISPLAY_TTL_MS = 3_000;
