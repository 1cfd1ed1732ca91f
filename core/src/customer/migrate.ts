import * as z from 'zod';
import { defineEntity } from '../db/entity';
import { User } from '../user/index';

/**
 * Accounts written before decision 061 lack their customer-search keys. The
 * step pages through every account (the `byCollection` index, 100 a page) and
 * sets on each the keys its record computes, conditionally (an account
 * changed meanwhile was written whole, keys included). A marker item records
 * that it ran, so later runs cost one read. Same marker items as
 * core/src/booking/migrate.ts's steps.
 */
const marker = defineEntity({
  name: 'migration',
  version: 1,
  schema: z.object({ name: z.string(), at: z.string() }),
  key: ({ name }: { name: string }) => ({ pk: 'MIGRATION', sk: name }),
});

const STEP = 'customer-search-keys';

/** Runs the step unless it ran before; how many customer accounts it gave keys. */
export async function migrateSearchKeys(): Promise<Record<string, number>> {
  if (await marker.get({ name: STEP }, { consistent: true })) return {};
  let changed = 0;
  let cursor: string | null = null;
  do {
    const page = await User.customersPage({ limit: 100, cursor });
    for (const account of page.items) {
      if (await User.indexSearchKeys(account)) changed += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  await marker.put({ name: STEP, at: new Date().toISOString() });
  return { [STEP]: changed };
}
