import { failedConditions, indexAttributes } from '../db/entity';
import { RAISE_REV, RAISE_REV_VALUES, unchangedSince } from '../db/revision';
import { type MigrationStep, pagedStep } from '../migrate/runner';
import { entity, type Stored } from './store';
import { totalsChange, transactRetrying } from './totals';

/**
 * Work orders written before decision 051 have no `workOrderSearch` entry
 * (the list and its search read only that index) and are not in the totals
 * item. This step (decision 063) pages through every work order
 * (`byCollection`) and, for each one the totals do not count yet (no
 * `inTotals`), writes in one transaction its search keys and `inTotals`
 * (conditional on the `rev` read, raising it) and the totals' `ADD all 1,
 * s_<status> 1`. A work order is thus counted exactly once, in the same
 * transaction that marks it counted, whatever the order of the migration and
 * of live writes: a live write of an uncounted one changes no totals
 * (`totalsAfter`), and one that lands between this step's read and its write
 * makes the condition fail, so the step reads the work order again.
 */

/** Tries after a lost race before leaving the work order to the next run. */
const TRIES = 5;

async function countIn(read: Stored): Promise<boolean> {
  const names = indexAttributes('workOrderSearch');
  let wo: Stored | undefined = read;
  for (let attempt = 0; wo && !wo.inTotals && attempt < TRIES; attempt += 1) {
    const item = entity.item(wo);
    const unchanged = unchangedSince(wo.rev);
    try {
      await transactRetrying([
        entity.tx.update(
          { id: wo.id },
          {
            UpdateExpression: `SET #searchPk = :searchPk, #searchSk = :searchSk, inTotals = :true, ${RAISE_REV}`,
            ConditionExpression: unchanged.ConditionExpression,
            ExpressionAttributeNames: { '#searchPk': names.partitionKey, '#searchSk': names.sortKey },
            ExpressionAttributeValues: {
              ':searchPk': item[names.partitionKey],
              ':searchSk': item[names.sortKey],
              ':true': true,
              ...RAISE_REV_VALUES,
              ...unchanged.ExpressionAttributeValues,
            },
          },
        ),
        ...totalsChange({ to: wo.status }),
      ]);
      return true;
    } catch (error) {
      // A conflict that outlasted the retries is thrown; a failed condition means another write came first.
      if (!failedConditions(error)?.length) throw error;
      // Changed or deleted meanwhile: look again (a deleted one is done with).
      wo = await entity.get({ id: wo.id }, { consistent: true });
    }
  }
  if (wo && !wo.inTotals)
    throw new Error(`Work order ${wo.id} kept changing; the migration tries it next run.`);
  return false;
}

export const workOrderSteps: MigrationStep[] = [
  pagedStep(
    'work-order-search-and-totals',
    (cursor, limit) => entity.query({ index: 'byCollection', partition: 'WORKORDER', limit, cursor }),
    countIn,
  ),
];
