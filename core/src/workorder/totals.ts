import * as z from 'zod';
import { defineEntity, type TransactItem } from '../db/entity';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from './model';

/**
 * How many work orders there are, in all and in each status (decision 051):
 * one item, `COUNTER` / `WORKORDER_TOTALS`, changed by an `ADD` in the same
 * transaction as each create, status change and delete, so the list's `total`
 * is read from it and never counted from the work orders.
 */
const statusAttribute = (status: WorkOrderStatus) => `s_${status}`;

const Totals = z.object({
  all: z.number().int().optional(),
  ...Object.fromEntries(
    WORK_ORDER_STATUSES.map((status) => [statusAttribute(status), z.number().int().optional()]),
  ),
});

const totals = defineEntity({
  name: 'workOrderTotals',
  version: 1,
  schema: Totals as z.ZodType<Record<string, number | undefined>>,
  key: (_: Record<string, never>) => ({ pk: 'COUNTER', sk: 'WORKORDER_TOTALS' }),
});

/**
 * The change of the totals that a write makes: a new work order (`to` only),
 * a status change (`from` and `to`), a deletion (`from` only). None when the
 * status stays.
 */
export function totalsChange(change: { from?: WorkOrderStatus; to?: WorkOrderStatus }): TransactItem[] {
  const { from, to } = change;
  if (from === to) return [];
  const adds: [string, number][] = [];
  if (from === undefined) adds.push(['all', 1]);
  if (to === undefined) adds.push(['all', -1]);
  if (from !== undefined) adds.push([statusAttribute(from), -1]);
  if (to !== undefined) adds.push([statusAttribute(to), 1]);
  return [addToTotals(adds)];
}

/** The totals' change that counts work orders in these statuses (the migration's, decision 063). */
export function totalsCounting(statuses: readonly WorkOrderStatus[]): TransactItem[] {
  if (statuses.length === 0) return [];
  const per = new Map<string, number>();
  for (const status of statuses)
    per.set(statusAttribute(status), (per.get(statusAttribute(status)) ?? 0) + 1);
  return [addToTotals([['all', statuses.length], ...per])];
}

function addToTotals(adds: readonly [string, number][]): TransactItem {
  return totals.tx.upsert({}, { add: Object.fromEntries(adds) });
}

/**
 * The change of the totals when the work order read as `read` moves to status
 * `to` (deleted: none). One the totals do not count yet (written before
 * decision 051, not yet reached by the migration) changes none: the
 * migration counts it in whatever status it then has (decision 063).
 */
export function totalsAfter(
  read: { status: WorkOrderStatus; inTotals?: true },
  to?: WorkOrderStatus,
): TransactItem[] {
  return read.inTotals ? totalsChange({ from: read.status, to }) : [];
}

/** The number of work orders, in all or in one status. */
export async function countOf(status?: WorkOrderStatus): Promise<number> {
  const found = await totals.get({});
  const value = found?.[status ? statusAttribute(status) : 'all'];
  return Math.max(0, value ?? 0);
}

/** Every create, status change and delete meets others on the totals item: their transactions retry (db/transact.ts). */
export { transactRetrying } from '../db/transact';
