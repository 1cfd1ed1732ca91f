import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Bulk writes and reads by key (BatchWriteItem, BatchGetItem), unprocessed
 * ones tried again with a backoff; entity.ts's `putMany` and `getMany`.
 */

/** An item's base-table key (the entity's `key`). */
type Key = { pk: string; sk: string };
type Raw = Record<string, unknown>;

/** Writes items, 25 a request and four requests at once, without conditions. */
export async function batchPut(items: Raw[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) =>
    items.slice(i * 25, i * 25 + 25),
  );
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
        if (round > 8)
          throw new Error(`${pending.length} items were still unprocessed after ${round} rounds.`);
        const { UnprocessedItems } = await db().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        );
        pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

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
