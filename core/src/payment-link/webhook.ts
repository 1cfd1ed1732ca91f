import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { asSystem } from '../actor';
import { queueCleared } from '../billing/payment-queue';
import { entity as bookingEntity, putIfUnchanged as putBooking } from '../booking/store';
import { config } from '../config';
import { failedConditions, type TransactItem } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { expiresAfterDays } from '../db/ttl';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import type { PaymentRecord } from '../payments/link-record';
import { Revenue } from '../revenue/index';
import { formatLongDate } from '../time';
import { entity as workOrderEntity, putIfUnchanged as putWorkOrder } from '../workorder/store';
import { paymentReceivedMail } from './mail';
import { EVENT_KEEP_DAYS, type OrderRef, orderRef, webhookEvent } from './store';

/**
 * `POST /api/webhooks/square` (decision 070). Square signs each notification:
 * `x-square-hmacsha256-signature` is the base64 HMAC-SHA256, keyed with the
 * subscription's signature key, of the notification URL followed by the raw
 * body. A missing or wrong signature is 401 and nothing is read further.
 *
 * A `payment.updated` whose payment is COMPLETED, for an order one of our
 * links made, marks its booking or work order paid: one transaction that puts
 * the record (conditional on the revision read, and only while not yet paid),
 * the event's id (only if absent: a replay changes nothing), the receipt mail,
 * and the revenue items. Everything else is answered 200 and ignored, so
 * Square does not retry it.
 */

export const messages = {
  badSignature: 'The webhook signature is missing or not valid.',
  notJson: 'The webhook body is not JSON.',
  ignored: 'Ignored.',
  paid: 'Marked paid.',
  alreadyPaid: 'Already paid.',
  replayed: 'Already received.',
} as const;

export const SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

/** The signature Square sends for `body` posted to `url` (the stand-in signs with it too). */
export function signatureOf(key: string, url: string, body: string): string {
  return createHmac('sha256', key)
    .update(url + body)
    .digest('base64');
}

export function verifySignature(body: string, signature: string | undefined): boolean {
  const { webhookSignatureKey: key, webhookUrl } = config().square;
  if (!key || !signature) return false;
  const expected = Buffer.from(signatureOf(key, webhookUrl, body));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const Event = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string(),
  created_at: z.string().optional(),
  data: z
    .object({
      object: z
        .object({
          payment: z
            .object({
              id: z.string().min(1).max(200),
              status: z.string(),
              order_id: z.string().max(200).optional(),
              amount_money: z.object({ amount: z.number().int(), currency: z.string() }).optional(),
              /** The tip the customer added on the checkout page (`allow_tipping`, issue 35). */
              tip_money: z
                .object({ amount: z.number().int().nonnegative(), currency: z.string() })
                .optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** What revenue counts a link payment under (decision 071): the booking's service and technician, or the work order. */
type RevenueOf = Pick<Revenue.PaymentInput, 'serviceId' | 'serviceName' | 'technician' | 'customerName'>;

/**
 * The items that count a payment in the revenue figures (decision 071),
 * written in the paid transaction: its ledger entry and counters, and the
 * booking's or work order's outstanding marker settled when it had one.
 */
function revenueItems(payment: {
  kind: OrderRef['kind'];
  targetId: string;
  paymentId: string;
  amountCents: number;
  tipCents: number;
  at: string;
  of: RevenueOf;
}): Promise<TransactItem[]> {
  return Revenue.paymentItems({
    paymentId: payment.paymentId,
    ...(payment.kind === 'booking' ? { bookingId: payment.targetId } : { workOrderId: payment.targetId }),
    amountCents: payment.amountCents,
    tipCents: payment.tipCents,
    at: payment.at,
    ...payment.of,
  });
}

/** Handles one notification; throws 401 for a bad signature, answers `{ msg }` otherwise. */
export async function receive(body: string, signature: string | undefined): Promise<{ msg: string }> {
  if (!verifySignature(body, signature)) {
    console.warn(
      JSON.stringify({ level: 'warn', provider: 'square', step: 'webhook', error: 'bad signature' }),
    );
    throw new VisibleError('unauthorized', messages.badSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new VisibleError('invalid', messages.notJson);
  }
  const event = Event.safeParse(json);
  if (!event.success) return { msg: messages.ignored };
  const payment = event.data.data?.object?.payment;
  if (event.data.type !== 'payment.updated' || payment?.status !== 'COMPLETED' || !payment.order_id) {
    return { msg: messages.ignored };
  }
  const ref = await orderRef.get({ orderId: payment.order_id }, { consistent: true });
  if (!ref) return { msg: messages.ignored };
  return asSystem('square webhook', () =>
    markPaid(ref, {
      eventId: event.data.event_id,
      type: event.data.type,
      paymentId: payment.id,
      amountCents: payment.amount_money?.amount ?? ref.amountCents,
      tipCents: payment.tip_money?.amount ?? 0,
    }),
  );
}

type Paid = { eventId: string; type: string; paymentId: string; amountCents: number; tipCents: number };

/** What the record is and how to write it back, read fresh. */
async function readTarget(ref: OrderRef) {
  if (ref.kind === 'booking') {
    const booking = await bookingEntity.get({ id: ref.targetId }, { consistent: true });
    if (!booking) return undefined;
    return {
      payment: booking.payment,
      to: booking.customer?.email ?? '',
      what: `Appointment on ${formatLongDate(booking.date)}`,
      revenue: {
        ...(booking.isCustomService || !booking.serviceId ? {} : { serviceId: booking.serviceId }),
        serviceName: booking.serviceName,
        ...(booking.claim ? { technician: booking.claim.technician } : {}),
        customerName: `${booking.clientFirstName} ${booking.clientLastName}`.trim(),
      } satisfies RevenueOf,
      // Counted in revenue in the same transaction (decision 071).
      write: (payment: PaymentRecord, now: string) =>
        putBooking({ ...booking, payment, inRevenue: true, updatedAt: now }, booking),
    };
  }
  const wo = await workOrderEntity.get({ id: ref.targetId }, { consistent: true });
  if (!wo) return undefined;
  return {
    payment: wo.payment,
    to: wo.customer.email,
    what: `Work order ${wo.workOrderNumber}`,
    revenue: {
      serviceName: `Work order ${wo.workOrderNumber}`,
      customerName: wo.customer.name,
    } satisfies RevenueOf,
    write: (payment: PaymentRecord, now: string) => putWorkOrder({ ...wo, payment, updatedAt: now }, wo),
  };
}

const ATTEMPTS = 3;

async function markPaid(ref: OrderRef, paid: Paid): Promise<{ msg: string }> {
  // False once the revenue ledger turned out to hold this payment already (counted by another write).
  let countRevenue = true;
  for (let attempt = 1; ; attempt += 1) {
    const target = await readTarget(ref);
    if (!target) return { msg: messages.ignored };
    if (target.payment?.status === 'paid') return { msg: messages.alreadyPaid };
    const now = new Date().toISOString();
    const link = target.payment?.link;
    const payment: PaymentRecord = {
      status: 'paid',
      amountCents: paid.amountCents,
      ...(paid.tipCents > 0 ? { tipCents: paid.tipCents, tipRefundableCents: paid.tipCents } : {}),
      providerPaymentId: paid.paymentId,
      at: now,
      ...(link ? { link: { ...link, paidAt: now } } : {}),
    };
    const mails: Mail.Message[] = target.to
      ? [
          paymentReceivedMail({
            to: target.to,
            what: target.what,
            amountCents: paid.amountCents,
            paymentId: paid.paymentId,
          }),
        ]
      : [];
    const prepared = mails.map((mail) => Outbox.prepare(mail));
    const revenue = countRevenue
      ? await revenueItems({
          kind: ref.kind,
          targetId: ref.targetId,
          paymentId: paid.paymentId,
          amountCents: paid.amountCents,
          tipCents: paid.tipCents,
          at: now,
          of: target.revenue,
        })
      : [];
    const items: TransactItem[] = [
      target.write(payment, now),
      webhookEvent.tx.put(
        {
          eventId: paid.eventId,
          type: paid.type,
          orderId: ref.orderId,
          receivedAt: now,
          expiresAt: expiresAfterDays(EVENT_KEEP_DAYS),
        },
        { ifAbsent: true },
      ),
      ...revenue,
      ...prepared.map((p) => p.item),
      // A declined charge paid by the link leaves the retry and declined queues (decision 069).
      ...(ref.kind === 'booking' ? [queueCleared(ref.targetId)] : []),
    ];
    try {
      // The revenue counters are shared items: a conflict on them is tried again (db/transact).
      await transactRetrying(items);
      await Outbox.deliver(...prepared);
      return { msg: messages.paid };
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(1)) return { msg: messages.replayed };
      // The ledger holds this payment already: write the record without counting it twice.
      if (!failed.includes(0) && failed.some((n) => n >= 2 && n < 2 + revenue.length)) countRevenue = false;
      // Otherwise the record changed meanwhile (an edit, or the same payment's other event): read it again.
      else if (attempt >= ATTEMPTS)
        throw new VisibleError('conflict', 'The record changed meanwhile; please retry.');
    }
  }
}
