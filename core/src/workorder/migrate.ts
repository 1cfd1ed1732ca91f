import { failedConditions, type TransactItem } from '../db/entity';
import type { MigrationStep } from '../db/migration';
import { forBookingStep } from './for-booking';
import { entity, type Stored } from './store';
import { totalsCounting, transactRetrying } from './totals';

/**
 * Work orders written before decision 051 have no `workOrderSearch` entry
 * (the list and its search read only that index) and are not in the totals
 * item. This step (decision 063) pages through every work order
 * (`byCollection`) and, for the ones the totals do not count yet (no
 * `inTotals`), writes in one transaction their search keys and `inTotals`
 * (each conditional on the `rev` read, raising it) and the totals' `ADD` of
 * them (`all`, `s_<status>`). A work order is thus counted exactly once, in the same
 * transaction that marks it counted, whatever the order of the migration and
 * of live writes: a live write of an uncounted one changes no totals
 * (`totalsAfter`), and one that lands between this step's read and its write
 * makes the condition fail, so the step reads the work order again.
 */

/** Tries after a lost race before leaving the work order to the next run. */
const TRIES = 5;

/**
 * Work orders counted in one transaction: with the totals item, at most 100
 * items a transaction (DynamoDB's limit), and fewer shared-item transactions
 * to meet live writes.
 */
const BATCH = 50;

/** The migration's write of one work order: its search entry and `inTotals`, while it is still the `rev` read. */
function markCounted(wo: Stored): TransactItem {
  return entity.tx.patch(
    { id: wo.id },
    {
      set: { inTotals: true },
      index: { workOrderSearch: entity.indexKey('workOrderSearch', wo) ?? null },
      when: (c) => c.unchangedSince(wo.rev),
    },
  );
}

/** Whether a failed transaction failed only because a condition did not hold (a live write came first). */
const lostRace = (error: unknown) => Boolean(failedConditions(error)?.length);

/** Counts one work order, reading it again after each lost race; false when it needed nothing (counted, or gone). */
async function countOne(read: Stored): Promise<boolean> {
  let wo: Stored | undefined = read;
  for (let attempt = 0; wo && !wo.inTotals && attempt < TRIES; attempt += 1) {
    try {
      await transactRetrying([markCounted(wo), ...totalsCounting([wo.status])]);
      return true;
    } catch (error) {
      // A conflict that outlasted the retries is thrown; a failed condition means another write came first.
      if (!lostRace(error)) throw error;
      wo = await entity.get({ id: wo.id }, { consistent: true });
    }
  }
  if (wo && !wo.inTotals)
    throw new Error(`Work order ${wo.id} kept changing; the migration tries it next run.`);
  return false;
}

/**
 * Counts a page's uncounted work orders `BATCH` at a time, each batch one
 * transaction; a batch that met a live write is done one by one.
 */
async function countIn(page: readonly Stored[]): Promise<number> {
  const todo = page.filter((wo) => !wo.inTotals);
  let changed = 0;
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH);
    try {
      await transactRetrying([...batch.map(markCounted), ...totalsCounting(batch.map((wo) => wo.status))]);
      changed += batch.length;
    } catch (error) {
      if (!lostRace(error)) throw error;
      for (const wo of batch) if (await countOne(wo)) changed += 1;
    }
  }
  return changed;
}

export const workOrderSteps: MigrationStep[] = [
  {
    name: 'work-order-search-and-totals',
    async page(cursor, pageSize) {
      const page = await entity.query.byCreation({}, { limit: pageSize, cursor });
      return { changed: await countIn(page.items), cursor: page.cursor };
    },
  },
  forBookingStep,
];
