import type { TransactItem } from '../db/entity';
import { instantOf } from '../time';
import { type Enrolment, planPeriod, type PlanPeriod } from './store';

/**
 * What billing writes in the enrolment's own transaction (issue 35, decision 132). h-plans' enrolment
 * calls `firstPeriodItems` in the transaction that writes the enrolment, so a monthly plan is never
 * enrolled without its first period in the `plan-charges` queue.
 */

/** When a period is due: its first day's start, business time. */
export const periodDueAt = (start: string) => instantOf(start, '00:00');

/** A period of `enrolment` starting `start`, due at once in `plan-charges` (never charged yet). */
export function newPeriod(enrolment: Enrolment, start: string, at: string): PlanPeriod | null {
  const price = enrolment.agreed.price;
  if (price.kind !== 'monthly') return null;
  return {
    enrolmentId: enrolment.id,
    userId: enrolment.userId,
    start,
    amountCents: price.monthlyCents,
    state: 'due',
    attempts: 0,
    dueAt: periodDueAt(start),
    updatedAt: at,
  };
}

/**
 * The first period of a monthly plan (none for a per-visit plan: those are charged at each visit's
 * completion): it starts on the enrolment's first visit (or its `nextPeriod` when set), written only if
 * absent, so an enrolment written twice has one first period.
 */
export function firstPeriodItems(enrolment: Enrolment): TransactItem[] {
  const period = newPeriod(enrolment, enrolment.nextPeriod ?? enrolment.startDate, enrolment.createdAt);
  return period ? [planPeriod.tx.put(period, { ifAbsent: true })] : [];
}
