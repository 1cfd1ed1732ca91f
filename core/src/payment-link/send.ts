import { createHash } from 'node:crypto';
import * as z from 'zod';
import { assertAdmin } from '../actor';
import {
  findBooking,
  type Info as BookingInfo,
  putIfUnchanged as putBooking,
  withService,
} from '../booking/store';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { Payments } from '../payments/index';
import type { LinkRecord, PaymentRecord } from '../payments/link-record';
import type { OrderLine } from '../payments/square';
import { formatLongDate } from '../time';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { find as findWorkOrder, putIfUnchanged as putWorkOrder } from '../workorder/store';
import { type Detail, view } from '../workorder/view';
import { bookingLines, totalOf, workOrderLines } from './lines';
import { paymentLinkMail } from './mail';
import { orderRef, type TargetKind } from './store';

/**
 * The admin sends a Square payment link (decision 070) for a booking or a
 * work order that is unpaid: its customer has no card on file, or the card's
 * charge was declined. The link is made with Square's Checkout API for the
 * order's lines, stored on the booking or work order with the order it pays
 * (so the webhook finds it), and mailed to the customer, all in one
 * transaction. Sending again while the amount is the same mails the same link
 * again (Square's idempotency gives it back); after the amount changed (the
 * work order was edited) a new link replaces the old one.
 */

export const messages = {
  alreadyPaid: 'This is already paid.',
  paidWithBooking: 'The booking of this work order is already paid.',
  cancelled: 'A cancelled booking or work order has nothing to pay.',
  hasCard:
    'The customer has a card on file, charged when the job is completed. A payment link is for a customer without a card, or whose card was declined.',
  noEmail: 'There is no email address to send the payment link to.',
  nothingToPay: 'There is nothing to pay.',
  changedMeanwhile: 'This was changed in another window. Please reload and try again.',
  sent: 'Payment link sent.',
} as const;

/** What a link is for, read and checked; `write` puts it back with its new payment record. */
type Target = {
  kind: TargetKind;
  id: string;
  email: string;
  what: string;
  lines: OrderLine[];
  payment: PaymentRecord | undefined;
  write: (payment: PaymentRecord, now: string) => TransactItem;
};

const refuse = (kind: 'conflict' | 'invalid', message: string): never => {
  throw new VisibleError(kind, message);
};

async function bookingTarget(bookingId: string): Promise<Target> {
  const booking = await findBooking(bookingId);
  if (booking.status === 'Cancelled') refuse('conflict', messages.cancelled);
  if (booking.payment?.status === 'paid') refuse('conflict', messages.alreadyPaid);
  const email = booking.customer?.email ?? '';
  if (!email) refuse('invalid', messages.noEmail);
  if (booking.payment?.status !== 'failed' && booking.userId) {
    const account = await User.find(booking.userId);
    if (account?.hasCardOnFile) refuse('conflict', messages.hasCard);
  }
  return {
    kind: 'booking',
    id: booking.id,
    email,
    what: `Appointment on ${formatLongDate(booking.date)}`,
    lines: bookingLines(booking),
    payment: booking.payment,
    write: (payment, now) => putBooking({ ...booking, payment, updatedAt: now }, booking),
  };
}

async function workOrderTarget(workOrderId: string): Promise<Target> {
  const wo = await findWorkOrder(workOrderId);
  if (wo.status === 'cancelled') refuse('conflict', messages.cancelled);
  if (wo.payment?.status === 'paid') refuse('conflict', messages.alreadyPaid);
  if (!wo.customer.email) refuse('invalid', messages.noEmail);
  const booking = wo.relatedBooking ? await findBooking(wo.relatedBooking).catch(() => undefined) : undefined;
  if (booking?.payment?.status === 'paid') refuse('conflict', messages.paidWithBooking);
  return {
    kind: 'workOrder',
    id: wo.id,
    email: wo.customer.email,
    what: `Work order ${wo.workOrderNumber}`,
    lines: workOrderLines(wo, booking?.tripFeeCents),
    payment: wo.payment,
    write: (payment, now) => putWorkOrder({ ...wo, payment, updatedAt: now }, wo),
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** One key per target and lines (Square allows 45 characters): the same order gives back the same link. */
const linkKey = (target: Target) =>
  `plink-${digest(`${target.id}\n${JSON.stringify(target.lines)}`).slice(0, 38)}`;

async function send(target: Target): Promise<void> {
  const amountCents = totalOf(target.lines);
  if (amountCents <= 0) refuse('invalid', messages.nothingToPay);
  const now = new Date().toISOString();
  const open = target.payment?.link;
  let link: LinkRecord;
  if (open && !open.paidAt && open.amountCents === amountCents) {
    link = { ...open, sentAt: now, sends: open.sends + 1 };
  } else {
    const made = await Payments.createPaymentLink({
      idempotencyKey: linkKey(target),
      referenceId: target.id,
      lines: target.lines,
      description: target.what,
      buyerEmail: target.email,
    });
    link = { id: made.id, orderId: made.order_id, url: made.url, amountCents, sentAt: now, sends: 1 };
  }
  // A declined charge stays on record as declined (the desk shows both); otherwise the link's amount is pending.
  const payment: PaymentRecord =
    target.payment?.status === 'failed'
      ? { ...target.payment, link }
      : { status: 'pending', amountCents, at: now, link };
  const mail = await Outbox.prepareWithFiles(
    paymentLinkMail({ to: target.email, what: target.what, lines: target.lines, amountCents, url: link.url }),
  );
  try {
    await transactWrite([
      target.write(payment, now),
      orderRef.tx.put({
        orderId: link.orderId,
        linkId: link.id,
        kind: target.kind,
        targetId: target.id,
        amountCents,
        createdAt: now,
      }),
      mail.item,
    ]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', messages.changedMeanwhile);
  }
  await Outbox.deliver(mail);
}

/** `POST /api/bookings/{id}/payment-link` (admin): the booking, now with its link. */
export const sendForBooking = fn(z.string(), async (bookingId): Promise<BookingInfo> => {
  assertAdmin();
  const target = await bookingTarget(bookingId);
  await send(target);
  return withService(await findBooking(bookingId));
});

/** `POST /api/workOrders/{id}/payment-link` (admin): the work order, now with its link. */
export const sendForWorkOrder = fn(z.string(), async (workOrderId): Promise<Detail> => {
  assertAdmin();
  const target = await workOrderTarget(workOrderId);
  await send(target);
  return view(await findWorkOrder(workOrderId));
});
