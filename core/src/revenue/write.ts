import * as z from 'zod';
import { cond, type TransactItem } from '../db/entity';
import { localOf } from '../time';
import { monthOfDate, weekOfDate, weekStart } from './buckets';
import { counter, type Entry, entry, monthKey, OUTSTANDING_KEY, outstanding, weekKey } from './store';
import { fn } from '../util/fn';

/**
 * Revenue's write API (decision 071): the transaction items that count money
 * as it moves. Every verb that records a payment, a refund or a declined
 * charge adds these to its own transaction, so the counters never disagree
 * with the records. Shared items (the month, the week, OUTSTANDING) meet
 * other writes: run the transaction with `transactRetrying` (db/transact).
 * The ledger entry is written only if absent, so a transaction that would
 * enter the same payment or refund a second time fails as a whole (the
 * caller sees a failed condition and counts nothing twice).
 */

/** The key of the month's and the dashboard's line for work with no catalogue service. */
export const OTHER_SERVICE = 'other';
export const OTHER_SERVICE_NAME = 'Custom and other work';

/** The attribute names inside a month's counter item. */
export const attr = {
  serviceCents: (key: string) => `svc:${key}:cents`,
  serviceJobs: (key: string) => `svc:${key}:jobs`,
  serviceName: (key: string) => `svc:${key}:name`,
  technicianCents: (n: number) => `tech:${n}:cents`,
  technicianJobs: (n: number) => `tech:${n}:jobs`,
  /** Tips by technician (issue 35, decision 130): kept apart from the amounts, never in `cents`. */
  technicianTips: (n: number) => `tech:${n}:tips`,
  /** Tips given back, by technician: the dashboard shows each technician's tips net of these. */
  technicianTipRefunds: (n: number) => `tech:${n}:tipRefunds`,
};

const isoInstant = z.iso.datetime({ offset: true });
const ref = z.string().trim().min(1).max(200);

export const PaymentInput = z.object({
  /** The payment's id at Square (or `free-<booking id>` for a $0 job): the ledger entry's key. */
  paymentId: ref,
  bookingId: z.string().optional(),
  workOrderId: z.string().optional(),
  amountCents: z.number().int().nonnegative().max(99_999_999),
  /** When it was paid (ISO). */
  at: isoInstant,
  /** The catalogue service, when there is one (absent: "Custom and other work"). */
  serviceId: z.string().optional(),
  serviceName: z.string().max(200),
  technician: z.number().int().nonnegative().optional(),
  customerName: z.string().max(200).optional(),
  /** Counts as a job completed (the completion charge, a job paid later); false for a fee. */
  job: z.boolean().default(true),
  /** The customer's tip on this payment, apart from `amountCents` (issue 35, decision 130). */
  tipCents: z.number().int().nonnegative().max(99_999_999).default(0),
});
export type PaymentInput = z.input<typeof PaymentInput>;

export const RefundInput = z.object({
  /** The refund's id at Square: the ledger entry's key. */
  refundId: ref,
  /** The payment it gives money back from. */
  paymentId: z.string().optional(),
  bookingId: z.string().optional(),
  workOrderId: z.string().optional(),
  amountCents: z.number().int().nonnegative().max(99_999_999),
  /** The tip given back, a line of its own (issue 35): not in `amountCents`. */
  tipCents: z.number().int().nonnegative().max(99_999_999).default(0),
  at: isoInstant,
  serviceName: z.string().max(200),
  /** The technician of the job refunded (whose tip a tip refund takes back). */
  technician: z.number().int().nonnegative().optional(),
  customerName: z.string().max(200).optional(),
  reason: z.string().max(500).optional(),
});
export type RefundInput = z.input<typeof RefundInput>;

/** An `ADD` of numbers (and a `SET` of names) on one counter item, creating it when absent. */
export function addToCounter(
  sk: string,
  adds: readonly (readonly [string, number])[],
  sets: readonly (readonly [string, string])[] = [],
): TransactItem {
  // Attribute names carry ids (`svc:<id>:cents`): given as one-part paths, never split at a dot.
  return counter.tx.upsert(
    { sk },
    {
      addPaths: adds.map(([attribute, delta]) => [[attribute], delta] as const),
      setPaths: sets.map(([attribute, value]) => [[attribute], value] as const),
    },
  );
}

/** A payment's or a refund's ledger entry, written once (its id is the payment's or the refund's). */
function ledgerPut(
  kind: Entry['kind'],
  id: string,
  input: Pick<Entry, 'amountCents' | 'at' | 'serviceName' | 'bookingId' | 'workOrderId' | 'customerName'> & {
    tipCents: number;
  },
  date: string,
  own: Pick<Entry, 'technician' | 'paymentId' | 'reason'>,
): TransactItem {
  return entry.tx.put(
    {
      id,
      kind,
      amountCents: input.amountCents,
      at: input.at,
      date,
      serviceName: input.serviceName,
      ...(input.tipCents > 0 ? { tipCents: input.tipCents } : {}),
      ...(input.bookingId ? { bookingId: input.bookingId } : {}),
      ...(input.workOrderId ? { workOrderId: input.workOrderId } : {}),
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...own,
    },
    { ifAbsent: true },
  );
}

/**
 * A payment received: its ledger entry, the month's and the week's `ADD`s
 * (amount, count; a job and its ticket; by service and by technician), and,
 * when the booking or work order was outstanding, its settlement. Reads the
 * outstanding marker (one get) to know that.
 */
export const paymentItems = fn(PaymentInput, async (input): Promise<TransactItem[]> => {
  const date = localOf(input.at).date;
  const month = monthOfDate(date);
  const week = weekOfDate(date);
  const serviceKey = input.serviceId ?? OTHER_SERVICE;
  const serviceName = input.serviceId ? input.serviceName : OTHER_SERVICE_NAME;
  const monthAdds: [string, number][] = [
    ['paidCents', input.amountCents],
    ['payments', 1],
  ];
  if (input.job) {
    monthAdds.push(
      ['jobs', 1],
      ['ticketCents', input.amountCents],
      [attr.serviceCents(serviceKey), input.amountCents],
      [attr.serviceJobs(serviceKey), 1],
    );
    if (input.technician !== undefined) {
      monthAdds.push(
        [attr.technicianCents(input.technician), input.amountCents],
        [attr.technicianJobs(input.technician), 1],
      );
    }
  }
  if (input.tipCents > 0) {
    // The tip is the technician's, whether or not the payment counts as a job (an after-job tip).
    monthAdds.push(['tipCents', input.tipCents], ['tips', 1]);
    if (input.technician !== undefined)
      monthAdds.push([attr.technicianTips(input.technician), input.tipCents]);
  }
  const settlement = [input.bookingId, input.workOrderId].filter((id): id is string => !!id);
  return [
    ledgerPut('payment', input.paymentId, input, date, {
      ...(input.technician !== undefined ? { technician: input.technician } : {}),
    }),
    addToCounter(monthKey(month), monthAdds, input.job ? [[attr.serviceName(serviceKey), serviceName]] : []),
    addToCounter(
      weekKey(week),
      [
        ['paidCents', input.amountCents],
        ['payments', 1],
      ],
      [['start', weekStart(date)]],
    ),
    ...(await settledItems(settlement)),
  ];
});

/**
 * A refund given: its ledger entry (with the job's technician) and the month's and the week's refund
 * `ADD`s; a tip given back is taken off its technician's tips too, in the refund's month (issue 35).
 */
export const refundItems = fn(RefundInput, (input): TransactItem[] => {
  const date = localOf(input.at).date;
  const adds: [string, number][] = [
    ['refundCents', input.amountCents],
    ['refunds', 1],
    ...(input.tipCents > 0 ? ([['tipRefundCents', input.tipCents]] as [string, number][]) : []),
  ];
  const technicianAdds: [string, number][] =
    input.tipCents > 0 && input.technician !== undefined
      ? [[attr.technicianTipRefunds(input.technician), input.tipCents]]
      : [];
  return [
    ledgerPut('refund', input.refundId, input, date, {
      ...(input.technician !== undefined ? { technician: input.technician } : {}),
      ...(input.paymentId ? { paymentId: input.paymentId } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    }),
    addToCounter(monthKey(monthOfDate(date)), [...adds, ...technicianAdds]),
    addToCounter(weekKey(weekOfDate(date)), adds, [['start', weekStart(date)]]),
  ];
});

export const DeclineInput = z.object({
  /** The booking or work order whose charge was declined (or that has no card). */
  ref,
  amountCents: z.number().int().nonnegative().max(99_999_999),
  at: isoInstant,
  serviceName: z.string().max(200),
  reason: z.string().max(500).optional(),
});
export type DeclineInput = z.input<typeof DeclineInput>;

/**
 * A charge that did not go through: the booking or work order becomes
 * outstanding (its marker, and `OUTSTANDING`'s amount and count), once. None
 * when it already is (a second decline of the same money). Reads the marker.
 */
export const declinedItems = fn(DeclineInput, async (input): Promise<TransactItem[]> => {
  const found = await outstanding.get({ ref: input.ref }, { consistent: true });
  if (found) return [];
  return [
    outstanding.tx.put(
      {
        ref: input.ref,
        amountCents: input.amountCents,
        at: input.at,
        serviceName: input.serviceName,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      { ifAbsent: true },
    ),
    addToCounter(OUTSTANDING_KEY, [
      ['cents', input.amountCents],
      ['count', 1],
    ]),
  ];
});

/**
 * The booking(s) or work order(s) paid at last (or written off): their
 * outstanding markers removed and `OUTSTANDING` lowered by what each had
 * added. None for a ref that was not outstanding. Reads the markers.
 */
export async function settledItems(refs: readonly string[]): Promise<TransactItem[]> {
  const found = refs.length ? await outstanding.getMany(refs.map((r) => ({ ref: r }))) : [];
  if (found.length === 0) return [];
  // One update of OUTSTANDING for all of them: a transaction may touch an item once.
  return [
    ...found.map((marker) => outstanding.tx.delete({ ref: marker.ref }, cond.itemExists())),
    addToCounter(OUTSTANDING_KEY, [
      ['cents', -found.reduce((sum, marker) => sum + marker.amountCents, 0)],
      ['count', -found.length],
    ]),
  ];
}
