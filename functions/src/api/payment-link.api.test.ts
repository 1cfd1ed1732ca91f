import { findBooking } from '@app/core/booking/store';
import { config } from '@app/core/config';
import { PaymentLink } from '@app/core/payment-link/index';
import { entry as ledger, outstanding } from '@app/core/revenue/store';
import { Storage } from '@app/core/storage/index';
import { createId } from '@app/core/util/id';
import { beforeAll, describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply, BookingReply } from './bookings';
import { app } from './index';
import type { WorkOrderReply } from './workorders';

/**
 * Payment links (issue 23, decision 070) against DynamoDB Local and the
 * Square stand-in: the link's order lines and total, the customer paying on
 * the stand-in's checkout page, its signed `payment.updated` webhook marking
 * the booking or work order paid, a bad signature (401, nothing changes) and
 * replays (nothing changes twice).
 */

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await Storage.ensureBucket();
  admin = await createUser({ role: 'admin' });
});

const square = () => config().square.baseUrl;
const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

type StandInOrder = {
  id: string;
  reference_id?: string;
  line_items: { name: string; quantity: string; base_price_money: { amount: number } }[];
  total_money: { amount: number };
};
type StandInEvent = { event_id: string; body: string; signature: string };

async function orderOf(orderId: string): Promise<StandInOrder> {
  const { orders } = (await (await fetch(`${square()}/_stand-in/payment-links`)).json()) as {
    orders: StandInOrder[];
  };
  const order = orders.find((o) => o.id === orderId);
  if (!order) throw new Error(`no order ${orderId} at the stand-in`);
  return order;
}

/** Pays on the stand-in's hosted checkout page, as the customer's browser would post its form. */
async function payOnCheckoutPage(
  url: string,
  number = '4111 1111 1111 1111',
  extra: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      number,
      expiry: '12/40',
      cvv: '111',
      postalCode: '19380',
      ...extra,
    }).toString(),
  });
  return { status: response.status, html: await response.text() };
}

/** The webhook the stand-in signed for `orderId`'s payment (it records it: the tests have no server for it to post to). */
async function eventFor(orderId: string): Promise<StandInEvent> {
  const { events } = (await (await fetch(`${square()}/_stand-in/webhook-events`)).json()) as {
    events: StandInEvent[];
  };
  const event = events.find((e) => e.body.includes(`"order_id":"${orderId}"`));
  if (!event) throw new Error(`no webhook for order ${orderId}`);
  return event;
}

function deliver(body: string, signature?: string) {
  return app.request('/api/webhooks/square', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-square-hmacsha256-signature': signature }),
    },
    body,
  });
}

const admin$ = (method: string, path: string) => send(method, path, admin.headers);

/** A Completed booking whose card declined the charge: unpaid, so it may get a link. */
async function declinedBooking(overrides: { price?: number } = {}) {
  const customer = await createUserWithCard({}, 'cnon:stand-in-charge-declined');
  const service = await createService({
    price: overrides.price ?? 60,
    availableDays: [],
    availableTimes: ['10:00'],
  });
  const booked = await postBooking(customer, service._id, nextDate(), '10:00');
  expect(booked.status).toBe(201);
  const { booking } = await json<{ booking: BookingReply }>(booked);
  const done = await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
    status: 'Completed',
    ...AHEAD_OF_ITS_DAY,
  });
  expect((await json<AdminBookingReply>(done)).payment?.status).toBe('failed');
  return { customer, booking };
}

/** The booking exactly as stored (its revision and payment record). */
const storedBooking = (id: string) => findBooking(id);

describe('sending a payment link', () => {
  it('makes a Square order of the booking’s service for its price, stores the link and mails it', async () => {
    const { customer, booking } = await declinedBooking({ price: 60 });
    const response = await admin$('POST', `/api/bookings/${booking._id}/payment-link`);
    expect(response.status).toBe(200);
    const body = await json<{ msg: string; booking: AdminBookingReply }>(response);
    expect(body.msg).toBe('Payment link sent.');
    const link = body.booking.payment?.link;
    expect(body.booking.payment).toMatchObject({ status: 'failed', amount: 60 });
    expect(link).toMatchObject({ amount: 60, paidAt: null });
    expect(link?.url).toMatch(/\/checkout\//);

    const stored = await storedBooking(booking._id);
    const order = await orderOf(stored.payment?.link?.orderId ?? '');
    expect(order.reference_id).toBe(booking._id);
    expect(order.line_items.map((l) => [l.name, l.quantity, l.base_price_money.amount])).toEqual([
      [booking.serviceName, '1', 6000],
    ]);
    expect(order.total_money.amount).toBe(6000);

    const mails = await mailsTo(customer.email);
    const mail = mails.find((m) => m.subject.includes('payment link'));
    expect(mail?.text).toContain(link?.url);
    expect(mail?.text).toContain('$60.00');
  });

  it('sending again mails the same open link, once more', async () => {
    const { customer, booking } = await declinedBooking();
    const first = await json<{ booking: AdminBookingReply }>(
      await admin$('POST', `/api/bookings/${booking._id}/payment-link`),
    );
    const second = await json<{ booking: AdminBookingReply }>(
      await admin$('POST', `/api/bookings/${booking._id}/payment-link`),
    );
    expect(second.booking.payment?.link?.url).toBe(first.booking.payment?.link?.url);
    expect((await storedBooking(booking._id)).payment?.link?.sends).toBe(2);
    expect((await mailsTo(customer.email)).filter((m) => m.subject.includes('payment link'))).toHaveLength(2);
  });

  it('makes a work order’s order of its labour and part lines and tax, for its total', async () => {
    const wo = await createWorkOrder(admin);
    const response = await admin$('POST', `/api/workOrders/${wo._id}/payment-link`);
    expect(response.status).toBe(200);
    const { workOrder } = await json<{ workOrder: WorkOrderReply }>(response);
    expect(workOrder.payment).toMatchObject({ status: 'pending', amount: wo.pricing.totalAmount });
    expect(workOrder.payment?.link?.amount).toBe(wo.pricing.totalAmount);

    const full = (await json<WorkOrderReply>(
      await admin$('GET', `/api/workOrders/${wo._id}`),
    )) as WorkOrderReply;
    const orderId = new URL(workOrder.payment?.link?.url ?? '').pathname.split('/').pop() ?? '';
    const { payment_links: links } = (await (await fetch(`${square()}/_stand-in/payment-links`)).json()) as {
      payment_links: { id: string; order_id: string }[];
    };
    const order = await orderOf(links.find((l) => l.id === orderId)?.order_id ?? '');
    const expected = [
      ...full.laborItems.map((l) => Math.round(l.total * 100)),
      ...full.partItems.map((p) => Math.round(p.total * 100)),
      Math.round(full.pricing.taxAmount * 100),
    ];
    expect(order.line_items.map((l) => Math.round(Number(l.quantity) * l.base_price_money.amount))).toEqual(
      expected,
    );
    expect(order.line_items.at(-1)?.name).toMatch(/^Tax \(/);
    expect(order.total_money.amount).toBe(Math.round(wo.pricing.totalAmount * 100));
  });

  it('refuses a booking whose card on file will be charged, a paid one, and anyone but the admin', async () => {
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['11:00'] });
    const { booking } = await json<{ booking: BookingReply }>(
      await postBooking(customer, service._id, nextDate(), '11:00'),
    );
    const refused = await admin$('POST', `/api/bookings/${booking._id}/payment-link`);
    expect(refused.status).toBe(409);
    expect((await json<{ msg: string }>(refused)).msg).toBe(PaymentLink.sendMessages.hasCard);
    await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
      status: 'Completed',
      ...AHEAD_OF_ITS_DAY,
    });
    const paid = await admin$('POST', `/api/bookings/${booking._id}/payment-link`);
    expect(paid.status).toBe(409);
    expect((await json<{ msg: string }>(paid)).msg).toBe(PaymentLink.sendMessages.alreadyPaid);
    expect((await send('POST', `/api/bookings/${booking._id}/payment-link`, customer.headers)).status).toBe(
      403,
    );
    expect((await admin$('POST', `/api/bookings/${createId('booking')}/payment-link`)).status).toBe(404);
  });
});

describe('paid through the stand-in’s checkout page and webhook', () => {
  it('marks the booking paid once; a replay changes nothing', async () => {
    const { customer, booking } = await declinedBooking({ price: 75 });
    const sent = await json<{ booking: AdminBookingReply }>(
      await admin$('POST', `/api/bookings/${booking._id}/payment-link`),
    );
    const url = sent.booking.payment?.link?.url ?? '';
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $75.00');

    const declined = await payOnCheckoutPage(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('declined');

    const paid = await payOnCheckoutPage(url);
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('Payment received');

    const orderId = (await storedBooking(booking._id)).payment?.link?.orderId ?? '';
    const event = await eventFor(orderId);
    const first = await deliver(event.body, event.signature);
    expect(first.status).toBe(200);
    expect((await json<{ msg: string }>(first)).msg).toBe(PaymentLink.webhookMessages.paid);

    const after = await storedBooking(booking._id);
    expect(after.payment).toMatchObject({ status: 'paid', amountCents: 7500 });
    expect(after.payment?.link?.paidAt).toBeTruthy();
    expect(after.payment?.providerPaymentId).toBeTruthy();
    const receipts = (await mailsTo(customer.email)).filter((m) => m.subject.includes('Payment received'));
    expect(receipts).toHaveLength(1);
    // Counted in revenue in the same transaction (decision 071): its ledger entry, and no longer outstanding.
    const paymentId = after.payment?.providerPaymentId ?? '';
    expect(await ledger.get({ id: paymentId }, { consistent: true })).toMatchObject({
      kind: 'payment',
      amountCents: 7500,
      bookingId: booking._id,
    });
    expect(await outstanding.get({ ref: booking._id }, { consistent: true })).toBeUndefined();
    expect(after.inRevenue).toBe(true);

    // Square retries, and someone replays the captured request: 200, nothing written again.
    for (const _ of [1, 2]) {
      const again = await deliver(event.body, event.signature);
      expect(again.status).toBe(200);
    }
    const replayed = await storedBooking(booking._id);
    expect(replayed.rev).toBe(after.rev);
    expect(replayed.payment).toEqual(after.payment);
    expect(
      (await mailsTo(customer.email)).filter((m) => m.subject.includes('Payment received')),
    ).toHaveLength(1);

    // The desk reads it paid, and a new link is refused.
    expect((await admin$('POST', `/api/bookings/${booking._id}/payment-link`)).status).toBe(409);
  });

  it('a tip added on the checkout page (allow_tipping) is recorded as the tip, apart from the amount (issue 35)', async () => {
    const { booking } = await declinedBooking({ price: 80 });
    const sent = await json<{ booking: AdminBookingReply }>(
      await admin$('POST', `/api/bookings/${booking._id}/payment-link`),
    );
    const url = sent.booking.payment?.link?.url ?? '';
    expect(await (await fetch(url)).text()).toContain('Add a tip');
    expect((await payOnCheckoutPage(url, undefined, { tip: 'custom', tipAmount: '12.50' })).status).toBe(200);
    const event = await eventFor((await storedBooking(booking._id)).payment?.link?.orderId ?? '');
    expect((await deliver(event.body, event.signature)).status).toBe(200);
    const after = await storedBooking(booking._id);
    expect(after.payment).toMatchObject({
      status: 'paid',
      amountCents: 8000,
      tipCents: 1250,
      tipRefundableCents: 1250,
    });
    expect(
      await ledger.get({ id: after.payment?.providerPaymentId ?? '' }, { consistent: true }),
    ).toMatchObject({
      amountCents: 8000,
      tipCents: 1250,
    });
    // Its refund: the tip as its own line.
    const refunded = await admin$('POST', `/api/bookings/${booking._id}/refunds`);
    expect(refunded.status).toBe(400);
    const tipBack = await send('POST', `/api/bookings/${booking._id}/refunds`, admin.headers, {
      tip: 12.5,
      reason: 'Tip by mistake',
    });
    expect(tipBack.status).toBe(201);
    expect((await storedBooking(booking._id)).payment).toMatchObject({ tipRefundableCents: 0 });
  });

  it('marks a work order paid', async () => {
    const wo = await createWorkOrder(admin);
    const { workOrder } = await json<{ workOrder: WorkOrderReply }>(
      await admin$('POST', `/api/workOrders/${wo._id}/payment-link`),
    );
    const url = workOrder.payment?.link?.url ?? '';
    expect((await payOnCheckoutPage(url)).status).toBe(200);
    const linkId = new URL(url).pathname.split('/').pop() ?? '';
    const { payment_links: links } = (await (await fetch(`${square()}/_stand-in/payment-links`)).json()) as {
      payment_links: { id: string; order_id: string }[];
    };
    const event = await eventFor(links.find((l) => l.id === linkId)?.order_id ?? '');
    expect((await deliver(event.body, event.signature)).status).toBe(200);
    const read = await json<WorkOrderReply>(await admin$('GET', `/api/workOrders/${wo._id}`));
    expect(read.payment).toMatchObject({ status: 'paid', amount: wo.pricing.totalAmount });
    expect(read.payment?.link?.paidAt).toBeTruthy();
  });

  it('the same event delivered many times at once marks it paid once, with one receipt', async () => {
    const { customer, booking } = await declinedBooking({ price: 45 });
    await admin$('POST', `/api/bookings/${booking._id}/payment-link`);
    const sent = await storedBooking(booking._id);
    expect((await payOnCheckoutPage(sent.payment?.link?.url ?? '')).status).toBe(200);
    const event = await eventFor(sent.payment?.link?.orderId ?? '');

    const replies = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await deliver(event.body, event.signature);
        return { status: response.status, msg: (await json<{ msg: string }>(response)).msg };
      }),
    );
    // Each is 200, or a 409 Square retries later when the record kept changing under it; one marked it paid.
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(replies.filter((r) => r.msg === PaymentLink.webhookMessages.paid)).toHaveLength(1);
    const after = await storedBooking(booking._id);
    expect(after.payment).toMatchObject({ status: 'paid', amountCents: 4500 });
    expect(after.rev).toBe((sent.rev ?? 0) + 1);
    expect(
      (await mailsTo(customer.email)).filter((m) => m.subject.includes('Payment received')),
    ).toHaveLength(1);
  });

  it('a bad or missing signature is 401 and changes nothing', async () => {
    const { booking } = await declinedBooking();
    await admin$('POST', `/api/bookings/${booking._id}/payment-link`);
    const before = await storedBooking(booking._id);
    const url = before.payment?.link?.url ?? '';
    expect((await payOnCheckoutPage(url)).status).toBe(200);
    const event = await eventFor(before.payment?.link?.orderId ?? '');

    const tampered = event.body.replace('"COMPLETED"', '"COMPLETED" ');
    const forged = PaymentLink.signatureOf('not-the-key', config().square.webhookUrl, event.body);
    for (const [body, signature] of [
      [event.body, undefined],
      [event.body, ''],
      [event.body, forged],
      [tampered, event.signature],
      [event.body, `${event.signature}x`],
    ] as const) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(401);
      expect((await json<{ msg: string }>(response)).msg).toBe(PaymentLink.webhookMessages.badSignature);
    }
    const after = await storedBooking(booking._id);
    expect(after.rev).toBe(before.rev);
    expect(after.payment).toEqual(before.payment);
  });

  it('ignores events it does not act on: other types, other statuses, unknown orders', async () => {
    const sign = (body: string) =>
      PaymentLink.signatureOf(config().square.webhookSignatureKey, config().square.webhookUrl, body);
    const events = [
      { event_id: 'e-1', type: 'refund.updated', data: {} },
      {
        event_id: 'e-2',
        type: 'payment.updated',
        data: { object: { payment: { id: 'p', status: 'APPROVED', order_id: 'o' } } },
      },
      {
        event_id: 'e-3',
        type: 'payment.updated',
        data: { object: { payment: { id: 'p', status: 'COMPLETED', order_id: 'unknown' } } },
      },
      { hello: 'world' },
    ];
    for (const event of events) {
      const body = JSON.stringify(event);
      const response = await deliver(body, sign(body));
      expect(response.status).toBe(200);
      expect((await json<{ msg: string }>(response)).msg).toBe(PaymentLink.webhookMessages.ignored);
    }
  });
});
