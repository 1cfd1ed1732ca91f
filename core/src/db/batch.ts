import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Bulk writes (BatchWriteItem), unprocessed ones tried again with a backoff:
 * entity.ts's `putMany` (reads by key are key-batch.ts's).
 */

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
