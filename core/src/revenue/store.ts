import * as z from 'zod';
import { defineEntity, inCollection } from '../db/entity';

/**
 * Revenue's items (decision 071, docs/data-model.md "Revenue"):
 *
 * - **counters**, partition `REVENUE`: one item a month (`MONTH#yyyy-MM`: payments,
 *   refunds, jobs, ticket sum, by service, by technician), one an ISO week
 *   (`WEEK#2026-W48`) and `OUTSTANDING` (declined or unpaid: amount and count).
 *   Each is changed only by `ADD`s in the transaction that moves the money.
 * - **the ledger**: one entry per payment or refund (`LEDGER#<id>`), in the
 *   `LEDGER` partition of `byCollection` by business date, for the CSV export.
 *   Its key is the payment's or refund's own id, written `ifAbsent`: the same
 *   money is never entered (nor counted) twice.
 * - **outstanding markers**: one per booking or work order whose charge was
 *   declined (`OUTSTANDING#<ref>`), so it is counted once and un-counted once.
 */

export const COUNTER_PARTITION = 'REVENUE';
export const monthKey = (month: string) => `MONTH#${month}`;
export const weekKey = (week: string) => `WEEK#${week}`;
export const OUTSTANDING_KEY = 'OUTSTANDING';

/** A counter item: numbers added up, and the names beside them (a service's). */
export const counter = defineEntity({
  name: 'revenueCounter',
  version: 1,
  schema: z.record(z.string(), z.union([z.number(), z.string()])),
  key: ({ sk }: { sk: string }) => ({ pk: COUNTER_PARTITION, sk }),
});

export const LEDGER_PARTITION = 'LEDGER';

export const Entry = z.object({
  /** The payment's or refund's id: Square's, or `free-<booking>` for a $0 job. */
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  /** Positive, for a refund too. */
  amountCents: z.number().int().nonnegative(),
  /** The tip in it, apart from the amount (issue 35, decision 130); absent: none. */
  tipCents: z.number().int().nonnegative().optional(),
  /** The instant, ISO UTC, and the business date it fell on. */
  at: z.string(),
  date: z.string(),
  bookingId: z.string().optional(),
  workOrderId: z.string().optional(),
  serviceName: z.string(),
  technician: z.number().int().optional(),
  customerName: z.string().optional(),
  /** A refund's reason; the payment a refund gives back from. */
  reason: z.string().optional(),
  paymentId: z.string().optional(),
});
export type Entry = z.infer<typeof Entry>;

export const entry = defineEntity({
  name: 'revenueEntry',
  version: 1,
  schema: Entry,
  key: ({ id }: { id: string }) => ({ pk: `LEDGER#${id}`, sk: 'ENTRY' }),
  patterns: {
    /** The ledger, by date, instant and id. */
    ledger: inCollection(LEDGER_PARTITION, { composite: ['date', 'at', 'id'] }),
  },
});

export const OUTSTANDING_PARTITION = 'OUTSTANDING';

export const Outstanding = z.object({
  /** The booking or work order whose money is owed. */
  ref: z.string(),
  amountCents: z.number().int().nonnegative(),
  at: z.string(),
  serviceName: z.string(),
  reason: z.string().optional(),
});
export type Outstanding = z.infer<typeof Outstanding>;

export const outstanding = defineEntity({
  name: 'revenueOutstanding',
  version: 1,
  schema: Outstanding,
  key: ({ ref }: { ref: string }) => ({ pk: `OUTSTANDING#${ref}`, sk: 'OUTSTANDING' }),
  indexes: {
    byCollection: (o) => ({ pk: OUTSTANDING_PARTITION, sk: `${o.at}#${o.ref}` }),
  },
});
