import * as z from 'zod';
import { assertAdmin } from '../actor';
import { config } from '../config';
import { changeItem, type Conditions, Match } from '../db/conditions';
import { drainDue, type JobReport } from '../db/due-queue';
import { failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Deadline } from '../util/deadline';
import { fn } from '../util/fn';
import { chargeMessages, runCharge } from './charge';
import { queue, queueItem, queuePage } from './payment-queue';
import { entity, findBooking, type Info, type Payment, type Stored, withService } from '../booking/store';

/**
 * Collecting what completions did not (decision 069): the desk's retry of a
 * declined charge, and the scheduled job's daily retries and sweep. Each
 * claims the payment with a conditional write (one attempt at a time), then
 * charges it through `runCharge` with the attempt's own idempotency key.
 */

/** How many queue items one scheduled run handles of each kind (the rest wait for the next run). */
export const COLLECT_BATCH = 25;

/** Starts attempt n+1 of a declined charge: pending again, filed in the pending queue, in one transaction. */
async function claimRetry(booking: Stored, now: string): Promise<Stored | null> {
  const payment = booking.payment;
  if (payment?.status !== 'failed') return null;
  const attempt = (payment.attempts ?? 1) + 1;
  const { failureReason: _reason, providerPaymentId: _id, ...rest } = payment;
  const next: Payment = { ...rest, status: 'pending', attempts: attempt, at: now };
  const read = payment.attempts ?? 1;
  return movePayment(booking, next, {
    status: 'Completed',
    'payment.status': 'failed',
    'payment.attempts': read <= 1 ? Match.absentOr(read) : read,
  });
}

/**
 * Writes the booking's payment as `next` and files it in the payment queue, in one transaction,
 * while `when` still holds: the booking as written, or null when it no longer held.
 */
async function movePayment(booking: Stored, next: Payment, when: Conditions): Promise<Stored | null> {
  try {
    await transactWrite([
      changeItem(entity, { id: booking.id }, { set: { payment: next }, raiseRev: true }, when),
      queueItem(booking, next),
    ]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    return null;
  }
  return { ...booking, payment: next, rev: (booking.rev ?? 0) + 1 };
}

/** The admin's "Retry charge" on a card whose payment failed: a new attempt now. */
export const retryCharge = fn(z.string(), async (bookingId: string): Promise<Info> => {
  assertAdmin();
  const booking = await findBooking(bookingId);
  if (booking.status !== 'Completed') throw new VisibleError('conflict', chargeMessages.notCompleted);
  if (booking.payment?.status !== 'failed') throw new VisibleError('conflict', chargeMessages.notFailed);
  if (linkOpen(booking)) throw new VisibleError('conflict', chargeMessages.linkOpen);
  const claimed = await claimRetry(booking, new Date().toISOString());
  if (!claimed) throw new VisibleError('conflict', chargeMessages.changedMeanwhile);
  return withService(await runCharge(claimed, 'ifPaid'));
});

/** A payment link is out and not yet paid: the card is not charged as well (decision 070), by hand or by the job. */
const linkOpen = (booking: Stored) => Boolean(booking.payment?.link && !booking.payment.link.paidAt);

/** A queue item whose booking no longer needs it (paid another way, moved out of Completed) is refiled or removed. */
async function refile(bookingId: string, booking: Stored | undefined): Promise<void> {
  if (!booking || booking.status !== 'Completed') {
    await queue.delete({ bookingId });
    return;
  }
  await transactWrite([queueItem(booking, booking.payment)]);
}

/**
 * The scheduled job's retries (the `charge-retry` due queue, decision 109):
 * the declined charges due (one a day each), up to the limit, then they stop.
 * Done: paid.
 */
export function retryDue(now: Date, options: { deadline?: Deadline } = {}): Promise<JobReport> {
  const batch = { deadline: options.deadline, pageSize: COLLECT_BATCH, perRun: COLLECT_BATCH };
  return drainDue('charge-retry', now, batch, async ({ id }) => {
    const booking = await entity.get({ id }, { consistent: true });
    if (!booking || booking.status !== 'Completed' || booking.payment?.status !== 'failed') {
      await refile(id, booking);
      return 'dropped';
    }
    if (linkOpen(booking) || (booking.payment.attempts ?? 1) >= 1 + config().chargeRetryLimit) {
      // A payment link is out (the customer pays through it), or the limit was lowered meanwhile:
      // retries stop here, on the declined list.
      await transactWrite([queueItem(booking, { ...booking.payment, stopped: true })]);
      return 'dropped';
    }
    const claimed = await claimRetry(booking, now.toISOString());
    if (!claimed) return 'left';
    return (await runCharge(claimed, 'ifPaid')).payment?.status === 'paid' ? 'done' : 'dropped';
  });
}

/**
 * The sweep (the `charge-sweep` due queue): completions whose charge never
 * ran to the end (pending longer than `chargeSweepMinutes`) are charged
 * once, with the same attempt's key (so one that did reach Square is not
 * charged again). Claimed first by moving its time on, so two runs at once
 * take it once. Done: charged.
 */
export function sweepPending(now: Date, options: { deadline?: Deadline } = {}): Promise<JobReport> {
  const cutoff = new Date(now.getTime() - config().chargeSweepMinutes * 60_000).toISOString();
  const batch = { deadline: options.deadline, pageSize: COLLECT_BATCH, perRun: COLLECT_BATCH };
  return drainDue('charge-sweep', cutoff, batch, async ({ id }) => {
    const booking = await entity.get({ id }, { consistent: true });
    const payment = booking?.payment;
    if (!booking || booking.status !== 'Completed' || payment?.status !== 'pending') {
      await refile(id, booking);
      return 'dropped';
    }
    if (payment.at > cutoff) return 'left';
    const next: Payment = { ...payment, at: now.toISOString() };
    const claimed = await movePayment(booking, next, {
      'payment.status': 'pending',
      'payment.at': payment.at,
    });
    if (!claimed) return 'left';
    await runCharge(claimed, 'completed');
    return 'done';
  });
}

export const DeclinedInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});

/** The admin's list of declined charges the job stopped retrying: a page of the declined queue, newest first. */
export const listDeclined = fn(DeclinedInput, async (input) => {
  assertAdmin();
  return queuePage('declined', { limit: input.limit, cursor: input.cursor ?? null, descending: true });
});
