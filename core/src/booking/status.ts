import * as z from 'zod';
import { assertAdmin, useActor } from '../actor';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { RAISE_REV, RAISE_REV_VALUES } from '../db/revision';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import { Payments } from '../payments/index';
import { Revenue } from '../revenue/index';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { claim, releaseItems } from './claim';
import { StatusInput } from './input';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  bookingReinstatedMail,
  shopBookingCancelledMail,
} from './mail';
import {
  appendStatusChange,
  type BookingStatus,
  deskMessages,
  type StatusChangeBy,
  showsProgress,
  statusMail,
} from './rules';
import {
  entity,
  findBooking,
  type Info,
  mailInfo,
  type Payment,
  putIfUnchanged,
  type Stored,
  toCustomer,
  withService,
} from './store';

// ---------------------------------------------------------------------------
// The admin's status changes

/** Who is making this change, for the audit trail: the signed-in person, or the system. */
export async function currentBy(): Promise<StatusChangeBy> {
  const actor = useActor();
  if (actor.type !== 'user') {
    return { _id: null, name: actor.type === 'system' ? actor.name : 'system', role: 'system' };
  }
  const account = await User.find(actor.userId);
  const name = account ? `${account.firstName} ${account.lastName}` : actor.firstName;
  return { _id: actor.userId, name, role: actor.role === 'admin' ? 'admin' : 'customer' };
}

/**
 * `PATCH /api/bookings/{id}/status` (admin): a new status, or the progress
 * text. Any status may become any other (doc 2 §4); the server keeps the
 * invariants (decision 027): into Cancelled gives the time back, out of
 * Cancelled claims it again (409 when it was taken meanwhile), into
 * Completed charges the card once, and every change is in the audit trail.
 */
export const setStatus = fn(z.tuple([z.string(), StatusInput]), setStatusNow);
async function setStatusNow(bookingId: string, input: z.output<typeof StatusInput>): Promise<Info> {
  assertAdmin();
  const booking = await findBooking(bookingId);
  if ('serviceStatus' in input) {
    if (!showsProgress(booking.status)) {
      throw new VisibleError(
        'conflict',
        'Progress text can be set only while a booking is Pending or Confirmed.',
      );
    }
    const updated = await entity.update(
      { id: booking.id },
      {
        UpdateExpression: `SET serviceStatus = :text, updatedAt = :now, ${RAISE_REV}`,
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :confirmed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':text': input.serviceStatus,
          ':now': new Date().toISOString(),
          ':pending': 'Pending',
          ':confirmed': 'Confirmed',
          ...RAISE_REV_VALUES,
        },
      },
    );
    if (!updated) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
    return withService(updated);
  }
  if (input.status === booking.status) return withService(booking);
  return changeStatus(booking, input.status, await currentBy());
}

/**
 * One status change as one transaction, conditional on the status and
 * update time read (a concurrent change makes this one fail with 409),
 * with the audit entry and the mails the customer must get (rules.ts
 * `statusMail`). Cancelling gives the time back in the same transaction;
 * leaving Cancelled claims it again (`reinstate`); completing records a
 * pending payment, then charges the card, unless it was paid before.
 */
export async function changeStatus(
  booking: Stored,
  status: BookingStatus,
  by: StatusChangeBy,
  extra: {
    mails?: Mail.Message[];
    /** Writes the change's transaction instead (the mailed link redeems through LinkToken.redeemWith). */
    commit?: (items: TransactItem[]) => Promise<void>;
  } = {},
): Promise<Info> {
  const now = new Date().toISOString();
  const from = booking.status;
  const cancelling = status === 'Cancelled';
  const completing = status === 'Completed';
  const alreadyPaid = booking.payment?.status === 'paid';
  const charging = completing && !alreadyPaid;
  const next: Stored = {
    ...booking,
    status,
    updatedAt: now,
    statusHistory: appendStatusChange(booking.statusHistory, { from, to: status, by, at: now }),
    ...(cancelling ? { claim: undefined } : {}),
    ...(charging
      ? { payment: { status: 'pending', amountCents: booking.priceCents, at: now, ...linkOf(booking) } }
      : {}),
  };
  const customerMail =
    by.role === 'customer' ? (cancelling ? 'cancelled' : null) : statusMail(from, status, alreadyPaid);
  const cancelledBy = by.role === 'customer' ? 'customer' : 'shop';
  // `extra.mails`, when given, replace the usual ones (the customer's answer by the mailed link).
  const mails: Mail.Message[] = extra.mails ?? [
    ...(customerMail === 'cancelled' ? toCustomer(next, (b) => bookingCancelledMail(b, cancelledBy)) : []),
    ...(customerMail === 'confirmed' ? toCustomer(next, bookingConfirmedMail) : []),
    ...(customerMail === 'reinstated' ? toCustomer(next, bookingReinstatedMail) : []),
    // The shop hears of a cancellation the customer made, or one it made that the customer was told of.
    ...(cancelling && customerMail === 'cancelled' && (cancelledBy === 'customer' || next.customer?.email)
      ? [shopBookingCancelledMail(mailInfo(next), cancelledBy)]
      : []),
  ];
  if (from === 'Cancelled') {
    await reinstate(booking, next, mails, now);
  } else {
    const prepared = await Promise.all(mails.map((mail) => Outbox.prepareWithFiles(mail)));
    const items = (day: boolean) => [
      putIfUnchanged(next, booking),
      ...(cancelling ? releaseItems(booking, now, day) : []),
      ...prepared.map((p) => p.item),
    ];
    if (extra.commit) {
      await extra.commit(items(true));
    } else {
      // The day's item comes last of the released ones (claim.ts releaseItems).
      const dayAt = cancelling && booking.claim ? 1 + releaseItems(booking, now, false).length : -1;
      await giveBack(items, dayAt);
    }
    await Promise.all(prepared.map((p) => Outbox.deliver(p)));
  }
  if (charging) return withService(await chargeCompleted(next));
  return withService(next);
}

/** The payment link sent for the booking (decision 070) stays on its payment record through a completion. */
const linkOf = (booking: Stored) => (booking.payment?.link ? { link: booking.payment.link } : {});

/**
 * Writes a status change. When it gives a job back and only the day's item
 * (at `dayAt`) failed, the day did not hold the job (a booking claimed
 * before the days existed, not yet migrated: decision 066): written again
 * without it. Any other failed condition is a change made meanwhile (409).
 */
async function giveBack(items: (day: boolean) => TransactItem[], dayAt: number): Promise<void> {
  let day = dayAt >= 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await transactWrite(items(day));
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (day && failed.length === 1 && failed[0] === dayAt) {
        day = false;
      } else if (failed.length > 0 || attempt >= CONFLICT_ATTEMPTS) {
        throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      }
      // Lost to a concurrent transaction on the day (a claim): again after a short pause.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/** A status change that lost to concurrent transactions (no failed condition) is tried this many times. */
const CONFLICT_ATTEMPTS = 5;

/**
 * A cancelled booking becomes active again: its time is claimed again as
 * a new booking's would be (the BOOKED guard, the slot, a free
 * technician's blocks, in one transaction with the booking's write), or
 * 409 when someone took it meanwhile, with nothing written.
 */
async function reinstate(read: Stored, next: Stored, mails: Mail.Message[], now: string): Promise<void> {
  const { claim: _released, ...base } = next;
  const claimed = await claim(base, now, {
    write: (record) => putIfUnchanged(record, read),
    mails: () => mails,
    taken: deskMessages.reclaimTaken,
    crewFull: deskMessages.reclaimCrewFull,
  });
  next.claim = claimed.claim;
}

/**
 * Charges a Completed booking's price to the customer's card on file, with
 * the booking id as the idempotency key (a repeat never charges twice), and
 * records the outcome on the booking. A declined card does not undo the
 * completion: the failure is recorded for the admin, and the receipt mail
 * says the shop will be in touch.
 */
async function chargeCompleted(booking: Stored): Promise<Stored> {
  const result: Payments.ChargeResult =
    booking.priceCents === 0
      ? // A free job (a custom booking priced at $0): nothing to charge, nothing at Square.
        { status: 'paid', providerPaymentId: '' }
      : booking.userId
        ? await Payments.charge({
            userId: booking.userId,
            amountCents: booking.priceCents,
            idempotencyKey: booking.id,
            note: `${booking.serviceName} on ${booking.date} ${booking.time} (${booking.id})`,
          })
        : {
            status: 'failed',
            providerPaymentId: null,
            failureReason: 'The booking has no customer account.',
          };
  const payment: Payment = {
    status: result.status,
    amountCents: booking.priceCents,
    ...(result.providerPaymentId ? { providerPaymentId: result.providerPaymentId } : {}),
    ...(result.status === 'failed' ? { failureReason: result.failureReason } : {}),
    at: new Date().toISOString(),
    ...linkOf(booking),
  };
  const updated = await recordCharge(booking, payment);
  const account = booking.userId ? await User.find(booking.userId) : undefined;
  for (const mail of toCustomer(updated, (info) =>
    bookingCompletedMail(info, {
      status: payment.status,
      amountCents: payment.amountCents,
      cardBrand: account?.cardBrand ?? null,
      cardLast4: account?.cardLast4 ?? null,
      providerPaymentId: payment.providerPaymentId ?? null,
    }),
  )) {
    await Outbox.send(mail);
  }
  return updated;
}

/**
 * Writes a completion charge's outcome on the booking, and in the same
 * transaction counts it in revenue (decision 071): a payment's ledger entry
 * and counters, or a decline's outstanding marker; the booking is then
 * `inRevenue`. When revenue already holds that payment (its ledger entry
 * exists: a repeat), only the booking is written.
 */
async function recordCharge(booking: Stored, payment: Payment): Promise<Stored> {
  const revenue =
    payment.status === 'paid'
      ? await Revenue.paymentItems({
          paymentId: payment.providerPaymentId || `free-${booking.id}`,
          bookingId: booking.id,
          amountCents: payment.amountCents,
          at: payment.at,
          ...(booking.isCustomService || !booking.serviceId ? {} : { serviceId: booking.serviceId }),
          serviceName: booking.serviceName,
          ...(booking.claim ? { technician: booking.claim.technician } : {}),
          customerName: `${booking.clientFirstName} ${booking.clientLastName}`.trim(),
        })
      : await Revenue.declinedItems({
          ref: booking.id,
          amountCents: payment.amountCents,
          at: payment.at,
          serviceName: booking.serviceName,
          ...(payment.failureReason ? { reason: payment.failureReason.slice(0, 500) } : {}),
        });
  // Either way the outcome is in revenue afterwards: written now, or by an earlier write of the same money.
  const write = entity.tx.update(
    { id: booking.id },
    {
      UpdateExpression: `SET payment = :payment, inRevenue = :true, ${RAISE_REV}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':payment': payment, ':true': true, ...RAISE_REV_VALUES },
    },
  );
  try {
    await transactRetrying([write, ...revenue]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed === null || failed.length === 0) throw error;
    if (failed.includes(0)) return { ...booking, payment }; // the booking is gone
    // Revenue holds this money already: the booking's outcome alone.
    await transactWrite([write]);
  }
  return (await entity.get({ id: booking.id }, { consistent: true })) ?? { ...booking, payment };
}
