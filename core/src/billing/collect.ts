import * as z from 'zod';
import { assertAdmin } from '../actor';
import { config } from '../config';
import { failedConditions, transactWrite } from '../db/entity';
import { RAISE_REV, RAISE_REV_VALUES } from '../db/revision';
import { VisibleError } from '../error';
import { type Deadline, pastDeadline } from '../util/deadline';
import { fn } from '../util/fn';
import { chargeMessages, runCharge } from './charge';
import { queue, queueItem, queuePage, type Queued } from './payment-queue';
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
  try {
    await transactWrite([
      entity.tx.update(
        { id: booking.id },
        {
          UpdateExpression: `SET payment = :payment, ${RAISE_REV}`,
          ConditionExpression: `#status = :completed AND payment.#pstatus = :failed AND ${
            read <= 1
              ? '(attribute_not_exists(payment.attempts) OR payment.attempts = :n)'
              : 'payment.attempts = :n'
          }`,
          ExpressionAttributeNames: { '#status': 'status', '#pstatus': 'status' },
          ExpressionAttributeValues: {
            ':payment': next,
            ':completed': 'Completed',
            ':failed': 'failed',
            ':n': read,
            ...RAISE_REV_VALUES,
          },
        },
      ),
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
async function refile(item: Queued, booking: Stored | undefined): Promise<void> {
  if (!booking || booking.status !== 'Completed') {
    await queue.delete({ bookingId: item.bookingId });
    return;
  }
  await transactWrite([queueItem(booking, booking.payment)]);
}

/** The scheduled job's retries: the declined charges due (one a day each), up to the limit, then they stop. */
export async function retryDue(
  now: Date,
  options: { deadline?: Deadline } = {},
): Promise<{ due: number; paid: number }> {
  const page = await queuePage('retry', { limit: COLLECT_BATCH, until: now.toISOString() });
  let paid = 0;
  for (const item of page.items) {
    // Past the run's deadline the rest stay due for the next run.
    if (pastDeadline(options.deadline)) break;
    const booking = await entity.get({ id: item.bookingId }, { consistent: true });
    if (!booking || booking.status !== 'Completed' || booking.payment?.status !== 'failed') {
      await refile(item, booking);
      continue;
    }
    if (linkOpen(booking) || (booking.payment.attempts ?? 1) >= 1 + config().chargeRetryLimit) {
      // A payment link is out (the customer pays through it), or the limit was lowered meanwhile:
      // retries stop here, on the declined list.
      await transactWrite([queueItem(booking, { ...booking.payment, stopped: true })]);
      continue;
    }
    const claimed = await claimRetry(booking, now.toISOString());
    if (claimed && (await runCharge(claimed, 'ifPaid')).payment?.status === 'paid') paid += 1;
  }
  return { due: page.items.length, paid };
}

/**
 * The sweep: completions whose charge never ran to the end (pending longer
 * than `chargeSweepMinutes`) are charged once, with the same attempt's key
 * (so one that did reach Square is not charged again). Claimed first by
 * moving its time on, so two runs at once take it once.
 */
export async function sweepPending(
  now: Date,
  options: { deadline?: Deadline } = {},
): Promise<{ due: number; charged: number }> {
  const cutoff = new Date(now.getTime() - config().chargeSweepMinutes * 60_000).toISOString();
  const page = await queuePage('pending', { limit: COLLECT_BATCH, until: cutoff });
  let charged = 0;
  for (const item of page.items) {
    if (pastDeadline(options.deadline)) break;
    const booking = await entity.get({ id: item.bookingId }, { consistent: true });
    const payment = booking?.payment;
    if (!booking || booking.status !== 'Completed' || payment?.status !== 'pending') {
      await refile(item, booking);
      continue;
    }
    if (payment.at > cutoff) continue;
    const next: Payment = { ...payment, at: now.toISOString() };
    try {
      await transactWrite([
        entity.tx.update(
          { id: booking.id },
          {
            UpdateExpression: `SET payment = :payment, ${RAISE_REV}`,
            ConditionExpression: 'payment.#pstatus = :pending AND payment.#at = :readAt',
            ExpressionAttributeNames: { '#pstatus': 'status', '#at': 'at' },
            ExpressionAttributeValues: {
              ':payment': next,
              ':pending': 'pending',
              ':readAt': payment.at,
              ...RAISE_REV_VALUES,
            },
          },
        ),
        queueItem(booking, next),
      ]);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      continue;
    }
    await runCharge({ ...booking, payment: next, rev: (booking.rev ?? 0) + 1 }, 'completed');
    charged += 1;
  }
  return { due: page.items.length, charged };
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
