import { config } from '@app/core/config';
import { afterEach, describe, expect, it } from 'vitest';
import { bookedForCompletion, send } from '../../../tests/booking-factories';
import { json } from '../../../tests/factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply, ChargePreviewReply } from './bookings';
import type { DashboardReply } from './revenue-reply';

/**
 * Tips (issue 35, decision 130): the customer's choice at sign-off, charged as
 * Square's `tip_money` of the completion's own charge, never taxed, never
 * added without a choice, and counted per technician in the revenue section.
 */

type StandInPayment = {
  id: string;
  note?: string;
  amount_money: { amount: number };
  tip_money?: { amount: number };
  total_money: { amount: number };
};

const standInPayment = async (id: string | null | undefined) => {
  const reply = await fetch(`${config().square.baseUrl}/_stand-in/payments`);
  const { payments } = (await reply.json()) as { payments: StandInPayment[] };
  return payments.find((p) => p.id === id);
};

const settings = { ...config() };
afterEach(() => {
  Object.assign(config(), { tipMaxPercent: settings.tipMaxPercent });
});

async function dashboard(admin: { headers: Record<string, string> }) {
  return json<DashboardReply>(await send('GET', '/api/admin/revenue', admin.headers));
}

const technicianTips = (d: DashboardReply, n: number) =>
  d.byTechnician.find((t) => t.technician === n)?.tips ?? 0;

describe('a tip at sign-off (the completion charge)', () => {
  it('20% of the booked price: tip_money beside the amount, one charge, counted for the technician', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 149.99);
    const before = await dashboard(job.admin);
    const preview = await json<ChargePreviewReply>(
      await send('GET', `/api/bookings/${job.bookingId}/charge-preview`, job.admin.headers),
    );
    expect(preview.tip).toEqual({
      base: 149.99,
      choices: [
        { percent: 15, amount: 22.5 },
        { percent: 20, amount: 30 },
        { percent: 25, amount: 37.5 },
      ],
      max: 75,
    });
    const done = await json<AdminBookingReply>(await job.complete({ tip: { percent: 20 } }));
    expect(done.payment).toMatchObject({ status: 'paid', amount: 149.99, tip: 30, tipRefundable: 30 });
    const charged = await standInPayment(done.payment?.providerPaymentId);
    expect(charged).toMatchObject({
      amount_money: { amount: 14999 },
      tip_money: { amount: 3000 },
      total_money: { amount: 17999 },
    });
    const after = await dashboard(job.admin);
    expect(after.thisMonth.tips - before.thisMonth.tips).toBeCloseTo(30);
    // Revenue is the amount; the tip stays apart from it.
    expect(after.thisMonth.revenue - before.thisMonth.revenue).toBeCloseTo(149.99);
    expect(technicianTips(after, 1) - technicianTips(before, 1)).toBeCloseTo(30);
  });

  it('no choice, no tip: nothing but the amount is charged', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 80);
    const done = await json<AdminBookingReply>(await job.complete());
    expect(done.payment).toMatchObject({ status: 'paid', amount: 80, tip: 0 });
    const charged = await standInPayment(done.payment?.providerPaymentId);
    expect(charged?.tip_money).toBeUndefined();
    expect(charged?.total_money.amount).toBe(8000);
  });

  it('a work order with tax: the percent is of the amount before tax, and the tip bears none', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 300);
    // The factory's work order: labour $112.50 and parts $178.99 ($291.49), 6% tax $17.49.
    await createWorkOrder(job.admin, { relatedBooking: job.bookingId });
    const done = await json<AdminBookingReply>(
      await job.complete({ charge: 'workOrder', tip: { percent: 15 } }),
    );
    expect(done.payment).toMatchObject({ amount: 308.98, tip: 43.72 });
    const charged = await standInPayment(done.payment?.providerPaymentId);
    expect(charged?.total_money.amount).toBe(30898 + 4372);
  });

  it('an amount the customer types: up to TIP_MAX_PERCENT of the amount; above it 400 and nothing changes', async () => {
    Object.assign(config(), { tipMaxPercent: 30 });
    const job = await bookedForCompletion('cnon:card-nonce-ok', 100);
    for (const tip of [
      { amount: 30.01 },
      { amount: 0 },
      { amount: -5 },
      { percent: 18 },
      { percent: 20, amount: 1 },
    ]) {
      const refused = await job.complete({ tip });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { msg: string }).msg).toBeTruthy();
    }
    expect(await job.payment()).toBeNull();
    const done = await json<AdminBookingReply>(await job.complete({ tip: { amount: 12.34 } }));
    expect(done.payment).toMatchObject({ amount: 100, tip: 12.34 });
  });
});

describe('a tip refunded as its own line', () => {
  it('the tip and the amount are given back apart; neither beyond what is left of it', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 100);
    const done = await json<AdminBookingReply>(await job.complete({ tip: { percent: 25 } }));
    expect(done.payment).toMatchObject({ amount: 100, tip: 25 });
    const path = `/api/bookings/${job.bookingId}/refunds`;
    const before = await dashboard(job.admin);
    const tipOnly = await send('POST', path, job.admin.headers, { tip: 10, reason: 'Tip typed twice' });
    expect(tipOnly.status).toBe(201);
    const { booking } = await json<{ booking: AdminBookingReply }>(tipOnly);
    expect(booking.payment).toMatchObject({ refundable: 100, tipRefundable: 15 });
    expect(booking.payment?.refunds.at(-1)).toMatchObject({ amount: 0, tip: 10 });
    // More tip than is left: 400, nothing changes; the amount is untouched by tip refunds.
    const tooMuch = await send('POST', path, job.admin.headers, { tip: 15.01, reason: 'Again' });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { msg: string }).msg).toBe(
      'That is more tip than can be refunded: $15.00 of the tip is left to refund.',
    );
    const both = await send('POST', path, job.admin.headers, { amount: 20, tip: 15, reason: 'Goodwill' });
    expect(both.status).toBe(201);
    const after = (await json<{ booking: AdminBookingReply }>(both)).booking.payment;
    expect(after).toMatchObject({ refundable: 80, tipRefundable: 0 });
    expect(after?.refunds.at(-1)).toMatchObject({ amount: 20, tip: 15 });
    // Square gave back the payment's total in two refunds: $10 and $35.
    const reply = await fetch(`${config().square.baseUrl}/_stand-in/refunds`);
    const { refunds } = (await reply.json()) as {
      refunds: { payment_id: string; amount_money: { amount: number } }[];
    };
    expect(
      refunds
        .filter((r) => r.payment_id === done.payment?.providerPaymentId)
        .map((r) => r.amount_money.amount),
    ).toEqual([1000, 3500]);
    // The counters: $20 of refunds, $25 of tips refunded, kept apart.
    const counted = await dashboard(job.admin);
    expect(counted.thisMonth.refunds - before.thisMonth.refunds).toBeCloseTo(20);
    expect(counted.thisMonth.tipRefunds - before.thisMonth.tipRefunds).toBeCloseTo(25);
    // The technician's tips are net of them: the $25 tip given back is theirs no more (issue 35); the refunds'
    // ledger entries name the technician, as the CSV's Technician column does.
    const technician = counted.recent.find(
      (e) => e.kind === 'refund' && e.bookingId === job.bookingId,
    )?.technician;
    expect(technician).toBe(1);
    expect(technicianTips(counted, 1) - technicianTips(before, 1)).toBeCloseTo(-25);
    // The customer is told of each tip given back as a line of its own.
    const mail = (await readOutbox()).find(
      (m) => m.to.includes(job.customer.email) && m.subject.startsWith('Refund: $35.00 for '),
    );
    expect(mail?.text).toContain('Refunded: $20.00');
    expect(mail?.text).toContain('Tip refunded: $15.00');
    expect(mail?.text).toContain('Still paid: $80.00');
    // Neither amount nor tip: 400.
    expect((await send('POST', path, job.admin.headers, { reason: 'Nothing' })).status).toBe(400);
  });
});

describe('a tip after the job, from the receipt’s link', () => {
  /** The receipt's "Add a tip" link's token, mailed to the customer with the completion. */
  async function tipToken(email: string) {
    const receipt = (await readOutbox())
      .filter((m) => m.to.includes(email) && /^Receipt/.test(m.subject))
      .at(-1);
    return /\/tip\/([A-Za-z0-9_-]{43})/.exec(receipt?.text ?? '')?.[1] ?? '';
  }

  it('once per job: of 8 submissions at once one charges the tip alone; the link is then used', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 120);
    await job.complete();
    const token = await tipToken(job.customer.email);
    expect(token).not.toBe('');
    const page = await json<{ serviceName: string; tip: ChargePreviewReply['tip'] }>(
      await send('GET', `/api/tips/${token}`),
    );
    expect(page.tip?.choices.map((c) => c.amount)).toEqual([18, 24, 30]);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => send('POST', `/api/tips/${token}`, {}, { tip: { percent: 20 } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const ok = replies.find((r) => r.status === 200);
    expect(await ok?.json()).toEqual({ msg: 'Thank you! Your tip of $24.00 was added.', tip: 24 });
    // One Square payment of the tip, its amount the tip (Square takes no $0 amount: decision 130).
    const reply = await fetch(`${config().square.baseUrl}/_stand-in/payments`);
    const { payments } = (await reply.json()) as { payments: StandInPayment[] };
    const tips = payments.filter((p) => p.note?.startsWith('Tip for') && p.note.includes(job.bookingId));
    expect(tips.map((p) => p.amount_money.amount)).toEqual([2400]);
    expect(await job.payment()).toMatchObject({ amount: 120, tip: 24, tipRefundable: 24 });
    expect((await send('GET', `/api/tips/${token}`)).status).toBe(409);
    // Refunded as its own line, from its own payment; not together with the amount.
    const path = `/api/bookings/${job.bookingId}/refunds`;
    expect((await send('POST', path, job.admin.headers, { amount: 5, tip: 5, reason: 'Both' })).status).toBe(
      400,
    );
    expect((await send('POST', path, job.admin.headers, { tip: 24, reason: 'Tip back' })).status).toBe(201);
    const refunds = (await (await fetch(`${config().square.baseUrl}/_stand-in/refunds`)).json()) as {
      refunds: { payment_id: string; amount_money: { amount: number } }[];
    };
    expect(
      refunds.refunds.filter((r) => r.payment_id === tips[0]?.id).map((r) => r.amount_money.amount),
    ).toEqual([2400]);
  });

  it('a tip given at sign-off: the receipt shows it and offers no link; a bad token is 404', async () => {
    const job = await bookedForCompletion('cnon:card-nonce-ok', 50);
    await job.complete({ tip: { amount: 5 } });
    const receipt = (await readOutbox())
      .filter((m) => m.to.includes(job.customer.email) && /^Receipt/.test(m.subject))
      .at(-1);
    expect(receipt?.text).toContain('Tip: $5.00');
    expect(receipt?.text).toContain('Total charged: $55.00');
    expect(await tipToken(job.customer.email)).toBe('');
    expect((await send('GET', `/api/tips/${'y'.repeat(43)}`)).status).toBe(404);
  });
});
