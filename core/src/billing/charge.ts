import * as z from 'zod';
import { assertAdmin } from '../actor';
import { config } from '../config';
import { cond, failedConditions, type TransactItem } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { formatCents } from '../money';
import { Payments } from '../payments/index';
import { User } from '../user/index';
import { type ForBooking, forBooking } from '../workorder/for-booking';
import { bookingCompletedMail } from '../booking/mail';
import { receiptLines } from './payment-mail';
import { queueItem } from './payment-queue';
import { onCharge } from './revenue-items';
import { withTip } from './tip';
import { receiptTipLines } from './tip-after';
import type { TipChoice } from '../rules/tip';
import { fn } from '../util/fn';
import { entity, findBooking, type Payment, type Stored, toCustomer } from '../booking/store';

/**
 * What completing a booking charges, and the charge itself (decision 068).
 *
 * - A related work order the customer acknowledged: its total with tax
 *   (recomputed from its lines), plus the booking's trip fee.
 * - One not yet acknowledged: the booked price, unless the admin chooses the
 *   work order and its total is at most the booked price × (1 + tolerance).
 * - No work order: the booked price plus the trip fee, as before.
 *
 * Each attempt has its own idempotency key (the first the booking's id, as
 * before; attempt n `<id>-a<n>`), so a repeat of an attempt never charges
 * twice, and only one attempt runs at a time (conditional writes).
 */
export type { ChargeChoice } from '../booking/input';
import type { ChargeChoice } from '../booking/input';

export const chargeMessages = {
  noWorkOrder: 'This booking has no work order to charge.',
  aboveTolerance: (wo: ForBooking, bookedCents: number, tolerance: number) =>
    `Work order ${wo.workOrderNumber} comes to ${formatCents(wo.totalCents)}, more than ${Math.round(tolerance * 100)}% above the booked price of ${formatCents(bookedCents)}. Ask the customer to acknowledge the work order first, or approve its price.`,
  awaitingApproval: (wo: ForBooking, bookedCents: number, tolerance: number) =>
    `Work order ${wo.workOrderNumber} comes to ${formatCents(wo.totalCents)}, more than ${Math.round(tolerance * 100)}% above the booked price of ${formatCents(bookedCents)}, and has prices a technician entered by hand awaiting the admin's approval (${wo.awaitingPrice.join('; ')}). The admin must approve its price first.`,
  aboveEstimate: (wo: ForBooking) =>
    `Work order ${wo.workOrderNumber} comes to ${formatCents(wo.totalCents)}, above the ${formatCents(wo.estimate?.approvedCents ?? 0)} the customer approved. Ask the customer to approve the estimate again first.`,
  notFailed: 'Only a declined charge can be tried again.',
  linkOpen:
    'A payment link was sent for this booking: the customer pays through it. Charging the card too could take the money twice.',
  notCompleted: 'Only a completed booking is charged.',
  changedMeanwhile: 'This payment changed in another window. Please reload and try again.',
} as const;

/** What the desk shows before completing: both amounts, and whether the work order may be charged. */
export type ChargeOptions = {
  bookedCents: number;
  tripFeeCents: number;
  tolerance: number;
  workOrder: ForBooking | null;
  /**
   * The work order's total may be charged: within the tolerance; above it only with
   * no technician's hand price awaiting approval, and the customer's acknowledgment
   * or the admin's approval of at least its total (decision 091).
   */
  workOrderAllowed: boolean;
  /** What completing charges when the admin does not choose. */
  defaultBasis: ChargeChoice;
};

export async function chargeOptions(booking: Stored): Promise<ChargeOptions> {
  const workOrder = (await forBooking(booking.id)) ?? null;
  const tolerance = config().chargeTolerance;
  // At most the booked price × (1 + tolerance), to the cent (money stays in whole cents).
  const within = (wo: ForBooking) => wo.totalCents <= Math.round(booking.priceCents * (1 + tolerance));
  const approved = (wo: ForBooking) => wo.approvedCents !== null && wo.approvedCents >= wo.totalCents;
  const allowedAbove = (wo: ForBooking) => wo.awaitingPrice.length === 0 && (wo.acknowledged || approved(wo));
  return {
    bookedCents: booking.priceCents,
    tripFeeCents: booking.tripFeeCents ?? 0,
    tolerance,
    workOrder,
    // Never above what the customer approved of an estimate × (1 + ESTIMATE_TOLERANCE) (decision 125).
    workOrderAllowed:
      !!workOrder && workOrder.estimate?.within !== false && (within(workOrder) || allowedAbove(workOrder)),
    defaultBasis: workOrder?.acknowledged ? 'workOrder' : 'booking',
  };
}

/** `GET /api/bookings/{id}/charge-options` (admin): what the desk shows before completing. */
export const chargeOptionsFor = fn(z.string(), async (bookingId: string): Promise<ChargeOptions> => {
  assertAdmin();
  return chargeOptions(await findBooking(bookingId));
});

/** The pending payment a completion records (refused with 400/409 when the choice may not be charged). */
export async function planPayment(
  booking: Stored,
  choice: ChargeChoice | undefined,
  at: string,
  tip?: TipChoice,
): Promise<Payment> {
  const { payment, taxCents } = await planCharge(booking, choice, at);
  return withTip(payment, taxCents, tip);
}

/** The pending payment without a tip, and the tax in its amount (a tip is on the amount before tax). */
export async function planCharge(
  booking: Stored,
  choice: ChargeChoice | undefined,
  at: string,
): Promise<{ payment: Payment; taxCents: number }> {
  const options = await chargeOptions(booking);
  const basis = choice ?? options.defaultBasis;
  const tripFeeCents = options.tripFeeCents;
  const previous = booking.payment;
  const attempts = (previous ? (previous.attempts ?? 1) : 0) + 1;
  const common = { status: 'pending' as const, at, attempts, tripFeeCents };
  if (basis === 'booking') {
    return { payment: { ...common, basis, amountCents: booking.priceCents + tripFeeCents }, taxCents: 0 };
  }
  const wo = options.workOrder;
  if (!wo) throw new VisibleError('invalid', chargeMessages.noWorkOrder);
  if (!options.workOrderAllowed) {
    throw new VisibleError(
      'conflict',
      wo.estimate?.within === false
        ? chargeMessages.aboveEstimate(wo)
        : wo.awaitingPrice.length > 0
          ? chargeMessages.awaitingApproval(wo, booking.priceCents, options.tolerance)
          : chargeMessages.aboveTolerance(wo, booking.priceCents, options.tolerance),
    );
  }
  const payment: Payment = {
    ...common,
    basis,
    workOrderId: wo.id,
    amountCents: wo.totalCents + tripFeeCents,
  };
  return { payment, taxCents: wo.taxCents };
}

/** Attempt n's idempotency key (Square keeps it; at most 45 characters). */
export const attemptKey = (bookingId: string, attempt: number) =>
  attempt <= 1 ? bookingId : `${bookingId}-a${attempt}`;

/** The condition that the booking's payment is still attempt `n`, pending. */
function stillAttempt(n: number) {
  return cond.and(
    cond.eq('payment.status', 'pending'),
    n <= 1
      ? cond.or(cond.notExists('payment.attempts'), cond.eq('payment.attempts', n))
      : cond.eq('payment.attempts', n),
  );
}

/**
 * Charges a booking's pending payment (its attempt's key) and records the
 * outcome with its queue item (and the revenue items when paid) in one
 * transaction, conditional on the payment still being that attempt. Mails
 * the customer: `completed` the completion mail (receipt, or the word that
 * payment did not go through), `ifPaid` the receipt only when paid.
 */
export async function runCharge(booking: Stored, mail: 'completed' | 'ifPaid'): Promise<Stored> {
  const payment = booking.payment;
  if (payment?.status !== 'pending') return booking;
  const attempt = payment.attempts ?? 1;
  const result: Payments.ChargeResult =
    payment.amountCents === 0
      ? { status: 'paid', providerPaymentId: '' }
      : booking.userId
        ? await Payments.charge({
            userId: booking.userId,
            amountCents: payment.amountCents,
            ...(payment.tipCents ? { tipCents: payment.tipCents } : {}),
            idempotencyKey: attemptKey(booking.id, attempt),
            note: `${booking.serviceName} on ${booking.date} ${booking.time} (${booking.id})`,
          })
        : {
            status: 'failed',
            providerPaymentId: null,
            failureReason: 'The booking has no customer account.',
          };
  const { failureReason: _old, providerPaymentId: _oldId, ...rest } = payment;
  const settled: Payment = {
    ...rest,
    status: result.status,
    ...(result.providerPaymentId ? { providerPaymentId: result.providerPaymentId } : {}),
    ...(result.status === 'failed'
      ? {
          failureReason: result.failureReason,
          ...(attempt >= 1 + config().chargeRetryLimit ? { stopped: true } : {}),
        }
      : {
          refundableCents: payment.amountCents,
          refundedCents: 0,
          ...(payment.tipCents ? { tipRefundableCents: payment.tipCents } : {}),
        }),
    at: new Date().toISOString(),
  };
  const write: TransactItem[] = [
    entity.tx.patch(
      { id: booking.id },
      { set: { payment: settled, inRevenue: true }, when: stillAttempt(attempt) },
    ),
    queueItem(booking, settled),
  ];
  try {
    await transactRetrying([...write, ...(await onCharge(booking, settled))]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed === null) throw error;
    // Another run recorded this attempt first (the sweep and a slow completion): theirs stands.
    if (failed.length === 0 || failed.includes(0)) {
      return (await entity.get({ id: booking.id }, { consistent: true })) ?? booking;
    }
    // Revenue holds this money already (its ledger entry exists): the booking's outcome alone.
    await transactRetrying(write);
  }
  const updated: Stored = { ...booking, payment: settled, inRevenue: true, rev: (booking.rev ?? 0) + 1 };
  if (mail === 'completed' || settled.status === 'paid') await mailReceipt(updated, settled);
  return updated;
}

async function mailReceipt(booking: Stored, payment: Payment): Promise<void> {
  const account = booking.userId ? await User.find(booking.userId) : undefined;
  const workOrder = payment.basis === 'workOrder' ? await forBooking(booking.id) : undefined;
  // The tip charged with it, or the link to add one after the job (issue 35).
  const tip = await receiptTipLines(booking, payment);
  for (const message of toCustomer(booking, (info) =>
    bookingCompletedMail(info, {
      status: payment.status,
      amountCents: payment.amountCents,
      cardBrand: account?.cardBrand ?? null,
      cardLast4: account?.cardLast4 ?? null,
      providerPaymentId: payment.providerPaymentId ?? null,
      lines: [...receiptLines(payment, booking, workOrder), ...tip],
    }),
  )) {
    await Outbox.send(message);
  }
}
