import * as z from 'zod';
import { defineEntity, indexAttributes } from '../db/entity';
import { entity, isOpen } from './store';

/**
 * Bookings written before the open-bookings index existed lack its key
 * attributes (decision 050). This gives them those attributes once: it pages
 * through every booking (the `byCollection` index, 100 a page) and sets
 * `openPk` / `openSk` on each open one, on condition that it is unchanged
 * since read (a booking changed meanwhile was written whole, index keys
 * included). A marker item records that it ran, so later runs cost one read.
 */
const marker = defineEntity({
  name: 'migration',
  version: 1,
  schema: z.object({ name: z.string(), at: z.string() }),
  key: ({ name }: { name: string }) => ({ pk: 'MIGRATION', sk: name }),
});

const MIGRATION = 'open-bookings-index';

export async function indexOpenBookings(): Promise<{ indexed: number } | 'done before'> {
  if (await marker.get({ name: MIGRATION }, { consistent: true })) return 'done before';
  const names = indexAttributes('openBookings');
  let indexed = 0;
  let cursor: string | null = null;
  do {
    const page = await entity.query({ index: 'byCollection', partition: 'BOOKING', limit: 100, cursor });
    for (const b of page.items.filter((booking) => isOpen(booking.status))) {
      // The index keys as every write of the booking computes them.
      const item = entity.item(b);
      const updated = await entity.update(
        { id: b.id },
        {
          UpdateExpression: 'SET #openPk = :openPk, #openSk = :openSk',
          ConditionExpression: '#status = :status AND updatedAt = :at',
          ExpressionAttributeNames: {
            '#openPk': names.partitionKey,
            '#openSk': names.sortKey,
            '#status': 'status',
          },
          ExpressionAttributeValues: {
            ':openPk': item[names.partitionKey],
            ':openSk': item[names.sortKey],
            ':status': b.status,
            ':at': b.updatedAt,
          },
        },
      );
      if (updated) indexed += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  await marker.put({ name: MIGRATION, at: new Date().toISOString() });
  return { indexed };
}
