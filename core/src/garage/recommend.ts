import type { TransactItem } from '../db/entity';
import { createId } from '../util/id';
import type { Recommendation } from './model';
import { recommendation } from './store';

/** A line the customer declined or deferred, as the estimate's approval hands it over (issue 33). */
export type DeclinedLine = Pick<
  Recommendation,
  'lineId' | 'description' | 'priceCents' | 'photoIds' | 'note' | 'decision'
>;

/**
 * The recommended work a decided estimate leaves on its vehicle (issue 33, decision 117): one item
 * per declined or deferred line, for the approval's own transaction, so the estimate's answer and
 * the work kept for later are written together or not at all. None without a garage vehicle.
 */
export function recommendationItems(
  workOrder: { id: string; vehicleId?: string; userId?: string },
  lines: readonly DeclinedLine[],
  at: string,
): TransactItem[] {
  const { vehicleId, userId } = workOrder;
  if (!vehicleId || !userId) return [];
  return lines.map((line) =>
    recommendation.tx.put(
      {
        ...line,
        id: createId('recommendation'),
        vehicleId,
        userId,
        workOrderId: workOrder.id,
        state: 'open',
        recommendedAt: at,
        updatedAt: at,
      },
      { ifAbsent: true },
    ),
  );
}
