import * as z from 'zod';
import { defineEntity, indexAttributes } from '../db/entity';
import { Crew } from './crew';
import { entity, isOpen, type Stored } from './store';

/**
 * Items written before decision 050 lack the index keys it added: open
 * bookings their `openBookings` keys, the crew guards of open bookings their
 * by-day keys (availability reads those). Each step pages through every
 * booking (the `byCollection` index, 100 a page) and sets the keys on what
 * needs them, conditionally (a booking or guard changed meanwhile was
 * written whole, keys included). A marker item records each step that ran,
 * so later runs cost one read a step.
 */
const marker = defineEntity({
  name: 'migration',
  version: 1,
  schema: z.object({ name: z.string(), at: z.string() }),
  key: ({ name }: { name: string }) => ({ pk: 'MIGRATION', sk: name }),
});

/** Sets `openPk` / `openSk` on an open booking, as every write of it computes them. */
async function indexOpen(b: Stored): Promise<boolean> {
  const names = indexAttributes('openBookings');
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
  return updated !== null;
}

/** Gives the crew guards an open booking holds their by-day index keys. */
async function indexClaim(b: Stored): Promise<boolean> {
  const held = b.claim;
  if (!held) return false;
  for (const block of held.blocks) await Crew.indexGuard(block, held.technician, b.id);
  return true;
}

const steps: Record<string, (b: Stored) => Promise<boolean>> = {
  'open-bookings-index': indexOpen,
  'crew-day-index': indexClaim,
};

/** Runs each step not run before; how many open bookings each step changed. */
export async function migrate(): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const [name, step] of Object.entries(steps)) {
    if (await marker.get({ name }, { consistent: true })) continue;
    let changed = 0;
    let cursor: string | null = null;
    do {
      const page = await entity.query({ index: 'byCollection', partition: 'BOOKING', limit: 100, cursor });
      for (const b of page.items.filter((booking) => isOpen(booking.status))) if (await step(b)) changed += 1;
      cursor = page.cursor;
    } while (cursor);
    await marker.put({ name, at: new Date().toISOString() });
    done[name] = changed;
  }
  return done;
}
