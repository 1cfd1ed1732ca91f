import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** An item's key in the table. */
export type Key = { pk: string; sk: string };

/** A read of raw items by key that others may share (KeyBatch): given to an entity's `get` and `getMany`. */
export type KeyReader = { get(keys: Key[]): Promise<Record<string, unknown>[]> };

/**
 * Items by key, 100 a request (BatchGetItem), unprocessed keys tried again
 * with a backoff; `projection` reads only those attributes (the items then
 * come back raw, not parsed by an entity).
 */
export async function batchGetItems(keys: Key[], projection?: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 100);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round > 8) throw new Error(`${pending.length} keys were still unprocessed after ${round} rounds.`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: true,
              ...(projection ? { ProjectionExpression: projection } : {}),
            },
          },
        }),
      );
      out.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return out;
}

/**
 * Reads by key gathered into one BatchGetItem (decision 112): every `get` and
 * `getMany` given the batch before the next turn of the event loop is read in
 * one request (strongly consistent); each caller gets the items under its
 * own keys. For a page's read of items from several entities known by key at
 * about the same time (availability: the saved address, the crew's days, the
 * BOOKED guards).
 */
export class KeyBatch implements KeyReader {
  private waiting: {
    keys: Key[];
    resolve: (raws: Record<string, unknown>[]) => void;
    reject: (error: unknown) => void;
  }[] = [];

  get(keys: Key[]): Promise<Record<string, unknown>[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ keys, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    const id = (key: Record<string, unknown>) => `${String(key.pk)}\u0000${String(key.sk)}`;
    const unique = new Map(waiting.flatMap((w) => w.keys.map((key) => [id(key), key] as const)));
    try {
      const found = new Map((await batchGetItems([...unique.values()])).map((raw) => [id(raw), raw]));
      for (const w of waiting) {
        w.resolve(
          w.keys.flatMap((key): Record<string, unknown>[] =>
            found.has(id(key)) ? [found.get(id(key)) as Record<string, unknown>] : [],
          ),
        );
      }
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }
}
