import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { assertAdmin } from '../actor';
import { transactRetrying } from '../db/transact';
import { op } from '../db/expression';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { formatCents } from '../money';
import { Payments } from '../payments/index';
import { fn } from '../util/fn';
import { refundMail } from './payment-mail';
import { onRefund } from './revenue-items';
import { currentBy } from '../booking/status';
import {
  entity,
  findBooking,
  type Info,
  mailInfo,
  type Refund,
  type Stored,
  withService,
} from '../booking/store';

/**
 * Refunds (decision 069): the admin gives back all or part of a paid charge,
 * with a reason, through Square's Refunds API. A refund never exceeds what
 * is left to refund, even under concurrent requests: the amount is first
 * reserved from `payment.refundableCents` in one conditional write
 * (`refundableCents >= amount`), then Square is called; a refusal gives the
 * reservation back. The refund is recorded on the payment (its history:
 * amount, reason, who, when, Square's id), mailed to the customer, and
 * counted by the revenue items in the same transaction.
 */
export const refundMessages = {
  notPaid: 'Only a paid charge can be refunded.',
  tooMuch: (leftCents: number) =>
    leftCents > 0
      ? `That is more than can be refunded: ${formatCents(leftCents)} is left to refund.`
      : 'This payment has been refunded in full.',
  tooMany: 'This payment has had as many refunds as it can.',
  tipTooMuch: (leftCents: number) =>
    leftCents > 0
      ? `That is more tip than can be refunded: ${formatCents(leftCents)} of the tip is left to refund.`
      : 'There is no tip left to refund on this payment.',
  tipApart: 'The tip was paid after the job, as a payment of its own: refund it on its own.',
  refused: 'Square did not make the refund. Nothing was refunded; please try again later.',
  done: 'Refund made.',
} as const;

/** Refunds one payment may have (each is on the booking, so the list stays small). */
export const MAX_REFUNDS = 20;

const refundCents = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be in whole cents.`)
    .nonnegative(`${what} must be more than $0.`)
    .max(99_999_999, `${what} is too large.`);

/** The service amount and the tip are lines apart (issue 35): either may be 0, not both. */
export const RefundInput = z
  .object({
    amountCents: refundCents('Amount'),
    tipCents: refundCents('Tip').optional(),
    reason: z
      .string({ error: 'A reason is required.' })
      .trim()
      .min(1, 'A reason is required.')
      .max(192, 'Reason must be at most 192 characters.'),
  })
  .refine((r) => r.amountCents + (r.tipCents ?? 0) > 0, {
    error: 'Amount must be more than $0.',
    path: ['amountCents'],
  });

/** Sets `refundableCents` on a payment paid before refunds existed (once; a no-op otherwise). */
async function openRefunds(booking: Stored): Promise<void> {
  const payment = booking.payment;
  if (!payment || payment.refundableCents !== undefined) return;
  await entity.patch(
    { id: booking.id },
    {
      set: { 'payment.refundableCents': payment.amountCents, 'payment.refundedCents': 0 },
      when: (c) => c.and(c.eq('payment.status', 'paid'), c.notExists('payment.refundableCents')),
    },
  );
}

/**
 * Reserves `cents` of the refundable remainder and `tip` of the tip's (only while that much is
 * left of each), or gives them back.
 */
function adjustRefundable(bookingId: string, cents: number, reserve: boolean, tip = 0) {
  const sign = reserve ? -1 : 1;
  return entity.patch(
    { id: bookingId },
    {
      set: {
        'payment.refundableCents': op.plus(sign * cents),
        ...(tip > 0 ? { 'payment.tipRefundableCents': op.plus(sign * tip) } : {}),
      },
      when: (c) =>
        reserve
          ? c.and(
              c.eq('payment.status', 'paid'),
              c.ge('payment.refundableCents', cents),
              ...(tip > 0 ? [c.ge('payment.tipRefundableCents', tip)] : []),
              c.or(c.notExists('payment.refunds'), c.lt(c.size('payment.refunds'), MAX_REFUNDS)),
            )
          : c.exists('payment.refundableCents'),
    },
  );
}

export const refund = fn(z.tuple([z.string(), RefundInput]), async (bookingId, input): Promise<Info> => {
  assertAdmin();
  const read = await findBooking(bookingId);
  const payment = read.payment;
  if (payment?.status !== 'paid' || !payment.providerPaymentId) {
    throw new VisibleError('conflict', refundMessages.notPaid);
  }
  const tipCents = input.tipCents ?? 0;
  // The after-job tip is a payment of its own (decision 130): refunded from it, alone.
  const apart = tipCents > 0 && payment.tipPaymentId;
  if (apart && input.amountCents > 0) throw new VisibleError('invalid', refundMessages.tipApart);
  await openRefunds(read);
  const reserved = await adjustRefundable(read.id, input.amountCents, true, tipCents);
  if (!reserved) {
    const now = await findBooking(bookingId);
    if ((now.payment?.refunds?.length ?? 0) >= MAX_REFUNDS)
      throw new VisibleError('conflict', refundMessages.tooMany);
    const tipLeft = now.payment?.tipRefundableCents ?? 0;
    if (tipCents > tipLeft) throw new VisibleError('invalid', refundMessages.tipTooMuch(tipLeft));
    throw new VisibleError('invalid', refundMessages.tooMuch(now.payment?.refundableCents ?? 0));
  }
  const id = `refund-${randomUUID()}`;
  // Square refunds a payment's total (its amount and its tip); the two stay apart on our records.
  const result = await Payments.refund({
    providerPaymentId: apart ? apart : payment.providerPaymentId,
    amountCents: input.amountCents + tipCents,
    idempotencyKey: id,
    reason: input.reason,
  });
  if (result.status === 'refused') {
    await adjustRefundable(read.id, input.amountCents, false, tipCents);
    console.error(
      JSON.stringify({ level: 'error', msg: 'refund refused', bookingId, reason: result.failureReason }),
    );
    throw new VisibleError('bad_gateway', refundMessages.refused);
  }
  const by = await currentBy();
  const record: Refund = {
    id,
    amountCents: input.amountCents,
    ...(tipCents > 0 ? { tipCents } : {}),
    reason: input.reason,
    providerRefundId: result.providerRefundId,
    by: by.name,
    at: new Date().toISOString(),
  };
  // What is left to refund once this one is made (refunds still in flight count as made).
  const remainingCents = reserved.payment?.refundableCents ?? 0;
  const mails = reserved.customer?.email
    ? [Outbox.prepare(refundMail(mailInfo(reserved), { ...record, remainingCents }))]
    : [];
  await transactRetrying([
    entity.tx.patch(
      { id: read.id },
      {
        set: {
          'payment.refundedCents': op.plus(input.amountCents, 0),
          'payment.refunds': op.append([record]),
        },
        when: (c) => c.exists('payment.refundableCents'),
      },
    ),
    ...onRefund(read, record),
    ...mails.map((m) => m.item),
  ]);
  await Outbox.deliver(...mails);
  return withService(await findBooking(bookingId));
});
