import * as z from 'zod';
import { config } from '../config';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { defineEntity, type TransactItem } from '../db/entity';
import type { Payment, Stored } from '../booking/store';

/**
 * The charges that need the scheduled job or the admin (decision 069): one
 * item a booking whose payment is not settled, written in the same
 * transaction as the booking's payment, so it never disagrees with it. Its
 * state says which queue it is in, sorted by when it is due; a booking whose
 * payment is paid (or has none) has no item, so each queue is sparse and
 * every read of it is a bounded page, never a scan:
 *
 * - pending (the `charge-sweep` due queue, decision 109): a charge being
 *   made; due at its start. One still there after `chargeSweepMinutes` never
 *   finished (the function died): the sweep.
 * - retry (the `charge-retry` due queue): a declined charge; due
 *   `chargeRetryHours` after the attempt.
 * - `PAYQUEUE#declined`: retries used up (`chargeRetryLimit`); the admin's list
 *   of declined charges, newest last.
 */
export type QueueState = 'pending' | 'retry' | 'declined';

const Queued = z.object({
  bookingId: z.string(),
  state: z.enum(['pending', 'retry', 'declined']),
  dueAt: z.string(),
  attempts: z.number().int(),
  amountCents: z.number().int(),
  failureReason: z.string().optional(),
  customerName: z.string(),
  serviceName: z.string(),
  date: z.string(),
  time: z.string(),
});
export type Queued = z.infer<typeof Queued>;

export const queuePartition = (state: QueueState) => `PAYQUEUE#${state}`;

export const queue = defineEntity({
  name: 'paymentQueue',
  version: 1,
  schema: Queued,
  key: ({ bookingId }: { bookingId: string }) => ({ pk: `PAYQUEUE#${bookingId}`, sk: 'PAYQUEUE' }),
  indexes: {
    dueWork: (q) =>
      q.state === 'declined'
        ? undefined
        : queueEntry(q.state === 'pending' ? 'charge-sweep' : 'charge-retry', q.dueAt, q.bookingId),
    byCollection: (q) =>
      q.state === 'declined' ? { pk: queuePartition(q.state), sk: `${q.dueAt}#${q.bookingId}` } : undefined,
  },
});

/** The due queues of the charges: the sweep's and the retries' (decision 109). */
export const sweepQueue = defineDueQueue('charge-sweep', queue, (bookingId) => ({ bookingId }));
export const retryQueue = defineDueQueue('charge-retry', queue, (bookingId) => ({ bookingId }));

/** Where a payment belongs: which queue, due when; none once paid. */
export function queueStateOf(payment: Payment): { state: QueueState; dueAt: string } | null {
  if (payment.status === 'paid') return null;
  if (payment.status === 'pending') return { state: 'pending', dueAt: payment.at };
  if (payment.stopped) return { state: 'declined', dueAt: payment.at };
  const due = new Date(Date.parse(payment.at) + config().chargeRetryHours * 3_600_000).toISOString();
  return { state: 'retry', dueAt: due };
}

/** The transaction item that files `booking` (with `payment`) where it belongs, or takes it out. */
export function queueItem(booking: Stored, payment: Payment | undefined): TransactItem {
  const place = payment ? queueStateOf(payment) : null;
  if (!payment || !place) return queue.tx.delete({ bookingId: booking.id });
  return queue.tx.put({
    bookingId: booking.id,
    state: place.state,
    dueAt: place.dueAt,
    attempts: payment.attempts ?? 1,
    amountCents: payment.amountCents,
    ...(payment.failureReason ? { failureReason: payment.failureReason } : {}),
    customerName: booking.customer
      ? `${booking.customer.firstName} ${booking.customer.lastName}`
      : `${booking.clientFirstName} ${booking.clientLastName}`,
    serviceName: booking.serviceName,
    date: booking.date,
    time: booking.time,
  });
}

/** One page of the declined list, oldest first (newest with `descending`). */
export function queuePage(
  state: 'declined',
  options: { limit: number; cursor?: string | null; descending?: boolean },
) {
  return queue.query({
    index: 'byCollection',
    partition: queuePartition(state),
    limit: options.limit,
    cursor: options.cursor,
    descending: options.descending,
  });
}

/** Takes a booking out of the charge queues (paid another way: the payment link's webhook, decision 070). */
export const queueCleared = (bookingId: string): TransactItem => queue.tx.delete({ bookingId });
