import { asSystem, withActor } from '@app/core/actor';
import { Billing } from '@app/core/billing/index';
import { config } from '@app/core/config';
import { Payments } from '@app/core/payments/index';
import { Service } from '@app/core/service/index';
import { TimeSlot } from '@app/core/timeslot/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { handler as cron } from '../lambda/cron';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply, BookingReply, ChargeOptionsReply } from './bookings';
import type { DeclinedChargeReply } from './payments';

/**
 * Issue 23, getting paid (decisions 068, 069): what completion charges, the
 * tolerance, retries and the sweep, refunds and their race, the late-cancel fee.
 */

type Msg = { msg: string };
type StandInPayment = { id: string; amount_money: { amount: number }; customer_id?: string; status: string };

const square = () => config().square.baseUrl;
const standIn = async <T>(what: 'payments' | 'refunds'): Promise<T[]> =>
  ((await (await fetch(`${square()}/_stand-in/${what}`)).json()) as Record<string, T[]>)[what] ?? [];

/** The work-order factory's money: labour $112.50, parts $178.99, 6% tax $17.49: $308.98. */
const WORK_ORDER_TOTAL = 308.98;

const settings = { ...config() };
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(config(), {
    chargeTolerance: settings.chargeTolerance,
    chargeRetryLimit: settings.chargeRetryLimit,
    lateCancelHours: settings.lateCancelHours,
    lateCancelFeeCents: settings.lateCancelFeeCents,
  });
});

async function booked(price: number, sourceId = 'cnon:card-nonce-ok', ahead = 7) {
  const admin = await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const customer = await createUserWithCard({}, sourceId);
  const at = '10:00';
  const date = nextDate(undefined, ahead);
  const service = await createService({ availableDays: [], availableTimes: [at], price });
  await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
  const { booking } = await json<{ booking: BookingReply }>(
    await postBooking(customer, service._id, date, at),
  );
  const path = `/api/bookings/${booking._id}`;
  const set = (status: string, charge?: string) =>
    send('PATCH', `${path}/status`, admin.headers, {
      status,
      ...(charge ? { charge } : {}),
      ...(status === 'Completed' ? AHEAD_OF_ITS_DAY : {}),
    });
  return { admin, customer, booking, date, at, path, set };
}

/** A work order for the booking; acknowledged by its customer through the mailed link when `acknowledged`. */
async function workOrderFor(
  admin: { headers: Record<string, string> },
  bookingId: string,
  acknowledged: boolean,
) {
  const wo = await createWorkOrder(admin, { relatedBooking: bookingId });
  if (!acknowledged) return wo;
  expect(
    (await send('POST', `/api/workOrders/${wo._id}/generate-acknowledgment`, admin.headers)).status,
  ).toBe(200);
  const mail = (await readOutbox()).filter((m) => m.to.includes(wo.customer.email)).at(-1);
  const token = /\/work-order\/acknowledge\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
  const body = { acknowledgedBy: { name: 'Jordan', email: wo.customer.email }, signature: null };
  expect((await send('POST', `/api/workOrders/acknowledge/${token}`, {}, body)).status).toBe(200);
  return wo;
}

const receiptsTo = async (email: string) =>
  (await readOutbox()).filter((m) => m.to.includes(email) && /^Receipt/.test(m.subject));

describe('what completion charges (decision 068)', () => {
  it('an acknowledged work order: its total with tax, and the receipt lists its lines', async () => {
    const { admin, customer, booking, set } = await booked(250);
    await workOrderFor(admin, booking._id, true);
    const done = await json<AdminBookingReply>(await set('Completed'));
    expect(done.payment).toMatchObject({ status: 'paid', amount: WORK_ORDER_TOTAL, basis: 'workOrder' });
    const charged = (await standIn<StandInPayment>('payments')).find(
      (p) => p.id === done.payment?.providerPaymentId,
    );
    expect(charged?.amount_money.amount).toBe(30898);
    const [receipt] = await receiptsTo(customer.email);
    expect(receipt?.text).toContain('Labor: Replace pads and rotors (1.5 h): $112.50');
    expect(receipt?.text).toContain('Part: Rotor × 2: $129.00');
    expect(receipt?.text).toContain('Tax (6.0%): $17.49');
    expect(receipt?.text).toContain('Amount charged: $308.98');
  });

  it('not acknowledged: both amounts shown; within the tolerance the work order may be charged', async () => {
    const { admin, booking, path, set } = await booked(300);
    await workOrderFor(admin, booking._id, false);
    const options = await json<ChargeOptionsReply>(
      await send('GET', `${path}/charge-options`, admin.headers),
    );
    expect(options).toMatchObject({
      bookedPrice: 300,
      tolerance: 0.1,
      workOrder: { acknowledged: false, total: WORK_ORDER_TOTAL },
      workOrderAllowed: true,
      defaultCharge: 'booking',
      amounts: { booking: 300, workOrder: WORK_ORDER_TOTAL },
    });
    const done = await json<AdminBookingReply>(await set('Completed', 'workOrder'));
    expect(done.payment).toMatchObject({ status: 'paid', amount: WORK_ORDER_TOTAL, basis: 'workOrder' });
  });

  it('not acknowledged and above the tolerance: 409 and nothing written; the booked price can be charged', async () => {
    const { admin, booking, path, set } = await booked(200);
    await workOrderFor(admin, booking._id, false);
    const options = await json<ChargeOptionsReply>(
      await send('GET', `${path}/charge-options`, admin.headers),
    );
    expect(options.workOrderAllowed).toBe(false);
    const refused = await set('Completed', 'workOrder');
    expect(refused.status).toBe(409);
    expect((await json<Msg>(refused)).msg).toMatch(/more than 10% above the booked price of \$200\.00/);
    const history = await json<{ to: string }[]>(await send('GET', `${path}/history`, admin.headers));
    expect(history.at(-1)?.to).toBe('Pending');
    // A wider tolerance (the setting) lets it through.
    config().chargeTolerance = 0.6;
    expect(
      (await json<ChargeOptionsReply>(await send('GET', `${path}/charge-options`, admin.headers)))
        .workOrderAllowed,
    ).toBe(true);
    config().chargeTolerance = settings.chargeTolerance;
    const done = await json<AdminBookingReply>(await set('Completed'));
    expect(done.payment).toMatchObject({ status: 'paid', amount: 200, basis: 'booking' });
  });

  it('a choice of the work order without one is 400', async () => {
    const { set } = await booked(80);
    const reply = await set('Completed', 'workOrder');
    expect(reply.status).toBe(400);
    expect((await json<Msg>(reply)).msg).toBe(Billing.chargeMessages.noWorkOrder);
  });
});

describe('declined charges: retries and the sweep (decision 069)', () => {
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  it('the desk retries with a new key; the job retries once a day and the new card pays', async () => {
    const { admin, customer, booking, path, set } = await booked(55, 'cnon:stand-in-charge-declined');
    const done = await json<AdminBookingReply>(await set('Completed'));
    expect(done.payment).toMatchObject({ status: 'failed', attempts: 1 });
    const retried = await send('POST', `${path}/retry-charge`, admin.headers);
    expect(retried.status).toBe(200);
    expect((await json<AdminBookingReply>(retried)).payment).toMatchObject({ status: 'failed', attempts: 2 });
    // Not due yet: nothing is tried.
    await cron({ now: later(1) });
    expect(
      (await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers)))[0]?.payment
        ?.attempts,
    ).toBe(2);
    await withActor({ type: 'user', userId: customer._id, role: 'user', firstName: 'x' }, () =>
      Payments.saveCard({ sourceId: 'cnon:card-nonce-ok' }),
    );
    await cron({ now: later(25) });
    const [mine] = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine?._id).toBe(booking._id);
    expect(mine?.payment).toMatchObject({ status: 'paid', attempts: 3, amount: 55 });
    expect(await receiptsTo(customer.email)).toHaveLength(1);
    // Paid: the desk's retry is refused.
    expect((await send('POST', `${path}/retry-charge`, admin.headers)).status).toBe(409);
  });

  it('with a payment link out, neither the desk nor the job charges the card as well', async () => {
    const { admin, customer, booking, path, set } = await booked(35, 'cnon:stand-in-charge-declined');
    await set('Completed');
    expect((await send('POST', `${path}/payment-link`, admin.headers)).status).toBe(200);
    await withActor({ type: 'user', userId: customer._id, role: 'user', firstName: 'x' }, () =>
      Payments.saveCard({ sourceId: 'cnon:card-nonce-ok' }),
    );
    const retried = await send('POST', `${path}/retry-charge`, admin.headers);
    expect(retried.status).toBe(409);
    expect((await json<Msg>(retried)).msg).toBe(Billing.chargeMessages.linkOpen);
    await cron({ now: later(25) });
    const [mine] = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine?._id).toBe(booking._id);
    expect(mine?.payment).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await receiptsTo(customer.email)).toHaveLength(0);
  });

  it('stops after the limit and lists the charge on the admin’s declined charges', async () => {
    config().chargeRetryLimit = 1;
    const { admin, customer, booking, set } = await booked(65, 'cnon:stand-in-charge-declined');
    await set('Completed');
    const attempts = async () =>
      (await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers)))[0]?.payment;
    await cron({ now: later(25) });
    expect(await attempts()).toMatchObject({ status: 'failed', attempts: 2, retriesStopped: true });
    await cron({ now: later(50) });
    expect(await attempts()).toMatchObject({ attempts: 2 });
    const page = await json<{ charges: DeclinedChargeReply[]; cursor: string | null }>(
      await send('GET', '/api/payments/declined?limit=100', admin.headers),
    );
    expect(page.charges.find((c) => c.bookingId === booking._id)).toMatchObject({ amount: 65, attempts: 2 });
    expect((await send('GET', '/api/payments/declined?cursor=nope', admin.headers)).status).toBe(400);
  });

  it('the sweep charges a completion whose charge never ran, once', async () => {
    const { customer, booking, set } = await booked(45);
    vi.spyOn(Payments, 'charge').mockRejectedValueOnce(new Error('the function died'));
    expect((await set('Completed')).status).toBe(500);
    vi.restoreAllMocks();
    const mine = async () =>
      (await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers))).find(
        (b) => b._id === booking._id,
      );
    expect((await mine())?.payment).toMatchObject({ status: 'pending', amount: 45 });
    const count = async () =>
      (await standIn<StandInPayment>('payments')).filter((p) => p.amount_money.amount === 4500).length;
    const before = await count();
    await cron({ now: new Date(Date.now() + 60_000).toISOString() }); // too soon: left alone
    expect((await mine())?.payment?.status).toBe('pending');
    await Promise.all([cron({ now: later(0.2) }), cron({ now: later(0.2) })]);
    await cron({ now: later(0.4) });
    expect((await mine())?.payment).toMatchObject({ status: 'paid', amount: 45 });
    expect(await count()).toBe(before + 1);
  });
});

describe('refunds (decision 069)', () => {
  it('partial, then the rest; never more than was paid; recorded, audited and mailed', async () => {
    const { admin, customer, path, set } = await booked(40);
    const done = await json<AdminBookingReply>(await set('Completed'));
    const refund = (amount: number, reason = 'Goodwill') =>
      send('POST', `${path}/refunds`, admin.headers, { amount, reason });
    const first = await refund(12.5);
    expect(first.status).toBe(201);
    const { booking } = await json<{ booking: AdminBookingReply }>(first);
    expect(booking.payment).toMatchObject({ refunded: 12.5, refundable: 27.5 });
    expect(booking.payment?.refunds).toEqual([
      expect.objectContaining({ amount: 12.5, reason: 'Goodwill', by: 'Ada Admin' }),
    ]);
    expect((await refund(27.51)).status).toBe(400);
    expect((await refund(0)).status).toBe(400);
    expect((await refund(5, '')).status).toBe(400);
    const rest = await refund(27.5, 'Job redone');
    expect((await json<{ booking: AdminBookingReply }>(rest)).booking.payment).toMatchObject({
      refunded: 40,
      refundable: 0,
    });
    expect((await refund(0.01)).status).toBe(400);
    const atSquare = (
      await standIn<{ payment_id: string; amount_money: { amount: number } }>('refunds')
    ).filter((r) => r.payment_id === done.payment?.providerPaymentId);
    expect(atSquare.map((r) => r.amount_money.amount)).toEqual([1250, 2750]);
    const mails = (await readOutbox()).filter(
      (m) => m.to.includes(customer.email) && /^Refund/.test(m.subject),
    );
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('$12.50'),
      expect.stringContaining('$27.50'),
    ]);
  });

  it('an unpaid booking cannot be refunded', async () => {
    const { admin, path } = await booked(30);
    const reply = await send('POST', `${path}/refunds`, admin.headers, { amount: 5, reason: 'x' });
    expect(reply.status).toBe(409);
  });
});

describe('the late-cancel fee (decision 069)', () => {
  /** Within the window whatever date the booking got (the setting's largest value, two weeks). */
  const WIDE = 24 * 14;

  it('within the hours: shown first, charged once when agreed; none when the shop cancels', async () => {
    config().lateCancelHours = 1;
    config().lateCancelFeeCents = 2500;
    const { admin, customer, path } = await booked(90, undefined, 2);
    const cancelPreview = async () =>
      json<{ lateCancelFee: number; msg: string }>(
        await send('GET', `${path}/cancel-preview`, customer.headers),
      );
    // Days away: outside a one-hour window.
    expect((await cancelPreview()).lateCancelFee).toBe(0);
    config().lateCancelHours = WIDE;
    expect(await cancelPreview()).toMatchObject({
      lateCancelFee: 25,
      msg: expect.stringContaining('$25.00'),
    });
    // The policy is public, for the terms page.
    expect(await json(await send('GET', '/api/payments/cancellation-policy'))).toEqual({
      lateCancelHours: WIDE,
      lateCancelFee: 25,
    });
    const unagreed = await send('PATCH', `${path}/cancel`, customer.headers);
    expect(unagreed.status).toBe(409);
    expect(await json(unagreed)).toMatchObject({ lateCancelFee: 25 });
    const cancelled = await send('PATCH', `${path}/cancel`, customer.headers, { acceptLateFee: true });
    expect(cancelled.status).toBe(200);
    expect((await json<BookingReply>(cancelled)).cancellationFee).toMatchObject({
      status: 'paid',
      amount: 25,
    });
    // Back again and cancelled again by the customer: no second fee.
    expect((await send('PATCH', `${path}/status`, admin.headers, { status: 'Confirmed' })).status).toBe(200);
    const again = await send('PATCH', `${path}/cancel`, customer.headers, { acceptLateFee: true });
    expect((await json<BookingReply>(again)).cancellationFee).toMatchObject({ status: 'paid', amount: 25 });
    const bookingId = path.split('/').at(-1) ?? '-';
    const fees = (await standIn<StandInPayment & { note?: string }>('payments')).filter(
      (p) => p.note?.includes(bookingId) && p.amount_money.amount === 2500,
    );
    expect(fees).toHaveLength(1);
    const mails = (await readOutbox()).filter(
      (m) => m.to.includes(customer.email) && /Late cancellation/.test(m.subject),
    );
    expect(mails).toHaveLength(1);
  });

  it('off by default; the shop cancelling late charges nothing', async () => {
    const first = await booked(70, undefined, 2);
    const off = await send('PATCH', `${first.path}/cancel`, first.customer.headers);
    expect((await json<BookingReply>(off)).cancellationFee).toBeNull();
    config().lateCancelHours = WIDE;
    config().lateCancelFeeCents = 2500;
    const shop = await booked(70, undefined, 2);
    const cancelled = await json<AdminBookingReply>(await shop.set('Cancelled'));
    expect(cancelled.status).toBe('Cancelled');
    expect(cancelled.cancellationFee).toBeNull();
  });
});
