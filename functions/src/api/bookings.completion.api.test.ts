import { asSystem } from '@app/core/actor';
import { Session } from '@app/core/auth/session';
import { findBooking } from '@app/core/booking/store';
import { config } from '@app/core/config';
import { Service } from '@app/core/service/index';
import { Storage } from '@app/core/storage/index';
import { Technician } from '@app/core/technician/index';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { User } from '@app/core/user/index';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { pngImage } from '../../../tests/images';
import { workOrderBody } from '../../../tests/workorder-factories';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply, ChargePreviewReply } from './bookings';
import type { WorkOrderReply } from './workorders';

/**
 * Issue 30's two blockers: no card charged for a job not yet done (the
 * completion rule, decision 090) and a technician alone cannot charge any
 * amount (the price approval, decision 091). Bookings are made for a later
 * day, as a customer would, then the clock (Date only) is moved to their day.
 */

type Caller = { _id: string; email: string; lastName: string; headers: Record<string, string> };
type Msg = { msg: string };
type StandInPayment = { id: string; amount_money: { amount: number }; customer_id?: string };

let admin: Caller;
let tech1: Caller;
let tech2: Caller;

async function accountFor(number: number, firstName: string): Promise<Caller> {
  const lastName = `Road${number}`;
  const email = `${firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const technician = await asSystem('test', () =>
    Technician.giveAccount(number, { firstName, lastName, email, password: 'test-password-1' }),
  );
  const record = technician.userId ? await User.find(technician.userId) : undefined;
  if (!record) throw new Error('The technician account is missing.');
  return { _id: record.id, email, lastName, headers: { 'x-auth-token': await Session.issue(record) } };
}

beforeAll(async () => {
  await Storage.ensureBucket();
  admin = {
    ...(await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' })),
    lastName: 'Admin',
  };
  tech1 = await accountFor(1, 'Tess');
  await asSystem('test', () => Technician.ensureNumbered(2));
  tech2 = await accountFor(2, 'Theo');
});

const settings = { ...config() };
afterEach(async () => {
  vi.useRealTimers();
  config().chargeTolerance = settings.chargeTolerance;
  // The S3 client learnt the moved clock's skew from the stand-in's replies: back to the real clock.
  (await Storage.s3()).config.systemClockOffset = 0;
});

/** Moves the clock (Date only) to `date` `at` in the business zone; the staff sign in again then. */
async function clockAt(date: string, at: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(time.instantOf(date, at)) });
  for (const who of [admin, tech1, tech2]) {
    const record = await User.find(who._id);
    if (record) who.headers = { 'x-auth-token': await Session.issue(record) };
  }
}

const square = () => config().square.baseUrl;
const payments = async () =>
  ((await (await fetch(`${square()}/_stand-in/payments`)).json()) as { payments?: StandInPayment[] })
    .payments ?? [];
const chargesOf = async (squareCustomerId: string | undefined) =>
  (await payments()).filter((p) => squareCustomerId && p.customer_id === squareCustomerId);
const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

/** A booking of a `price` service at `date` 10:00 (technician 1's), Confirmed unless `pending`. */
async function booked(price: number, date: string, { pending = false } = {}) {
  const customer = await createUserWithCard();
  const service = await createService({ availableDays: [], availableTimes: ['10:00'], price, duration: 60 });
  await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
  const response = await postBooking(customer, service._id, date, '10:00');
  expect(response.status, await response.clone().text()).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(response);
  if (!pending) {
    expect(
      (await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, { status: 'Confirmed' }))
        .status,
    ).toBe(200);
  }
  const account = await User.find(customer._id);
  const path = `/api/bookings/${booking._id}`;
  const status = (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
    send('PATCH', `${path}/status`, who.headers, body);
  const preview = async (who: { headers: Record<string, string> }, query = '') =>
    send('GET', `${path}/charge-preview${query}`, who.headers);
  return { customer, id: booking._id, path, status, preview, squareId: account?.squareCustomerId };
}

describe('the completion rule (decision 090)', () => {
  it('a Pending job or one days away is refused for every role: 409 with a msg, nothing charged, written or mailed', async () => {
    const date = nextDate(undefined, 10);
    const pending = await booked(149, date, { pending: true });
    const mailsBefore = (await mailsTo(pending.customer.email)).length;
    const refused = await pending.status(admin, { status: 'Completed' });
    expect(refused.status).toBe(409);
    expect((await json<Msg>(refused)).msg).toBe('A Pending booking cannot be completed: confirm it first.');
    const techRefused = await pending.status(tech1, { status: 'Completed' });
    expect(techRefused.status).toBe(409);

    const later = await booked(149, nextDate(undefined, 10));
    for (const who of [admin, tech1]) {
      const reply = await later.status(who, { status: 'Completed' });
      expect(reply.status).toBe(409);
      expect((await json<Msg>(reply)).msg).toMatch(
        /it can be completed once it has started, or from its day on/,
      );
    }
    // Not theirs, a customer, nobody: refused before the rule.
    expect((await later.status(tech2, { status: 'Completed' })).status).toBe(403);
    expect((await later.status(later.customer, { status: 'Completed' })).status).toBe(403);
    expect((await send('PATCH', `${later.path}/status`, {}, { status: 'Completed' })).status).toBe(401);

    for (const b of [pending, later]) {
      const read = await findBooking(b.id);
      expect(read.status).not.toBe('Completed');
      expect(read.payment).toBeUndefined();
      expect(await chargesOf(b.squareId)).toEqual([]);
    }
    expect((await mailsTo(pending.customer.email)).length).toBe(mailsBefore);
    expect((await mailsTo(later.customer.email)).some((m) => /complete/i.test(m.subject))).toBe(false);
  });

  it("its own day in the business's zone: refused at 11:59 PM Eastern the night before, completed from midnight", async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(149, date);
    // 11:59 PM in New York is already the booking's day in UTC.
    await clockAt(time.addDays(date, -1), '23:59');
    expect(new Date().toISOString().slice(0, 10)).toBe(date);
    expect((await job.status(tech1, { status: 'Completed' })).status).toBe(409);
    await clockAt(date, '00:01');
    const done = await job.status(tech1, { status: 'Completed' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await json<AdminBookingReply>(done)).payment).toMatchObject({ status: 'paid', amount: 149 });
  });

  it('a started job completes (the admin, after the technician tapped Started)', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(149, date);
    await clockAt(date, '09:50');
    expect((await send('POST', `${job.path}/progress`, tech1.headers, { step: 'started' })).status).toBe(200);
    const done = await job.status(admin, { status: 'Completed' });
    expect(done.status).toBe(200);
    expect((await json<AdminBookingReply>(done)).payment).toMatchObject({ status: 'paid', amount: 149 });
  });

  it('the admin overrides with a reason, kept in the audit trail; without one (absent or blank) 409; a technician cannot', async () => {
    const job = await booked(149, nextDate(undefined, 10));
    const blank = await job.status(admin, { status: 'Completed', overrideReason: '   ' });
    expect(blank.status).toBe(409);
    expect((await json<Msg>(blank)).msg).toMatch(/from its day on/);
    expect((await job.status(tech1, { status: 'Completed', overrideReason: 'I say so' })).status).toBe(403);
    expect((await findBooking(job.id)).status).toBe('Confirmed');

    const reason = 'Customer asked us to close it early: work done in the shop.';
    const done = await job.status(admin, { status: 'Completed', overrideReason: reason });
    expect(done.status, await done.clone().text()).toBe(200);
    const history = await json<{ to: string; reason?: string; by: { role: string } }[]>(
      await send('GET', `${job.path}/history`, admin.headers),
    );
    expect(history.at(-1)).toMatchObject({ to: 'Completed', reason, by: { role: 'admin' } });
    expect((await chargesOf(job.squareId)).map((p) => p.amount_money.amount)).toEqual([14900]);
  });

  it('the charge preview names the amount and the card, for the admin and the job’s technician only', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(149, date);
    const early = await json<ChargePreviewReply>(await job.preview(tech1));
    expect(early).toMatchObject({
      amount: 149,
      card: { last4: '1111' },
      msg: 'This charges $149.00 to the card ending 1111.',
      overridable: false,
    });
    expect(early.refusal).toMatch(/from its day on/);
    expect((await json<ChargePreviewReply>(await job.preview(admin))).overridable).toBe(true);
    expect((await job.preview(tech2)).status).toBe(403);
    expect((await job.preview(job.customer)).status).toBe(403);
    expect((await job.preview({ headers: {} })).status).toBe(401);
    expect((await job.preview(admin, '?charge=nothing')).status).toBe(400);
    await clockAt(date, '10:30');
    const onTheDay = await json<ChargePreviewReply>(await job.preview(tech1));
    expect(onTheDay).toMatchObject({ amount: 149, refusal: null });
    // Nothing was charged by looking.
    expect(await chargesOf(job.squareId)).toEqual([]);
  });
});

const signature = () => `data:image/png;base64,${Buffer.from(pngImage(1, 1, [0, 0, 0])).toString('base64')}`;

/** The technician writes a work order for the job: labour at the shop's rate and `parts` priced by hand. */
async function techWorkOrder(bookingId: string, parts: { description: string; unitPrice: number }[]) {
  const response = await send(
    'POST',
    '/api/workOrders',
    tech1.headers,
    workOrderBody({
      relatedBooking: bookingId,
      laborItems: [{ description: 'Diagnose', hours: 1, hourlyRate: 75 }],
      partItems: parts.map((p) => ({ partNumber: '', quantity: 1, ...p })),
    }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return json<WorkOrderReply>(response);
}

const inPerson = (woId: string, extra: Record<string, unknown> = {}) =>
  send('POST', `/api/workOrders/${woId}/acknowledge-in-person`, tech1.headers, {
    acknowledgedBy: { name: 'Casey Driver' },
    signature: signature(),
    userAgent: 'phone',
    ...extra,
  });

/** The code in the newest mail to `email` that carries one. */
async function codeMailedTo(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => /Your code to approve/.test(m.subject)).at(-1);
  const code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('No code was mailed.');
  return code;
}

describe('a technician alone cannot charge any amount (decision 091)', () => {
  it("the issue's walk: a $10 job far away, a $4,999 part, a one-pixel signature in person, Completed: refused, the card not charged", async () => {
    const job = await booked(10, nextDate(undefined, 282), { pending: true });
    const wo = await techWorkOrder(job.id, [{ description: 'Engine', unitPrice: 4999 }]);
    expect(wo.priceApproval.awaiting).toEqual(['Engine × 1 at $4,999.00']);
    const signed = await inPerson(wo._id);
    expect(signed.status).toBe(409);
    expect(await json<{ msg: string; codeRequired: boolean }>(signed)).toMatchObject({
      codeRequired: true,
      msg: expect.stringMatching(/above the booked price of \$10\.00: the customer must confirm it/),
    });
    const done = await job.status(tech1, { status: 'Completed' });
    expect(done.status).toBe(409);
    const read = await findBooking(job.id);
    expect(read.status).toBe('Pending');
    expect(read.payment).toBeUndefined();
    expect(await chargesOf(job.squareId)).toEqual([]);
  });

  it('on the day: the customer confirms with their code, yet the hand-priced part waits for the admin; approved, it charges once', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(100, date);
    await clockAt(date, '10:05');
    await send('POST', `${job.path}/progress`, tech1.headers, { step: 'started' });
    // The work order's contact is the technician's to edit: the code goes to the booking's account instead.
    const wo = await techWorkOrder(job.id, [{ description: 'Alternator', unitPrice: 400 }]);
    const total = wo.pricing.totalAmount;
    expect(total).toBeGreaterThan(110);

    const sent = await send('POST', `/api/workOrders/${wo._id}/price-code`, tech1.headers);
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await send('POST', `/api/workOrders/${wo._id}/price-code`, tech2.headers)).status).toBe(403);
    expect((await mailsTo(String(wo.customer.email))).some((m) => /code/i.test(m.subject))).toBe(false);
    const code = await codeMailedTo(job.customer.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await inPerson(wo._id, { code: wrong });
    expect(refused.status).toBe(400);
    expect((await json<Msg>(refused)).msg).toBe(
      'That code is not right. Check it with the customer and try again.',
    );
    const signed = await inPerson(wo._id, { code });
    expect(signed.status, await signed.clone().text()).toBe(200);
    // Used once: a second acknowledgment cannot reuse it (the work order is acknowledged anyway).
    expect((await inPerson(wo._id, { code })).status).toBe(400);

    // The part a technician priced by hand still waits for the admin: completing is refused, nothing charged.
    const preview = await json<ChargePreviewReply>(await job.preview(tech1));
    expect(preview.amount).toBeNull();
    expect(preview.refusal).toMatch(/awaiting the admin's approval \(Alternator × 1 at \$400\.00\)/);
    const blocked = await job.status(tech1, { status: 'Completed' });
    expect(blocked.status).toBe(409);
    expect(await chargesOf(job.squareId)).toEqual([]);

    const approvePath = `/api/workOrders/${wo._id}/approve-price`;
    expect((await send('POST', approvePath, tech1.headers, { total })).status).toBe(403);
    const stale = await send('POST', approvePath, admin.headers, { total: total - 1 });
    expect(stale.status).toBe(409);
    const approved = await send('POST', approvePath, admin.headers, { total });
    expect(approved.status).toBe(200);
    const after = (await json<{ workOrder: WorkOrderReply }>(approved)).workOrder;
    expect(after.priceApproval).toMatchObject({ awaiting: [], approvedTotal: total });
    expect(after.priceApproval.history.map((e) => e.event)).toEqual([
      'priced-by-technician',
      'code-sent',
      'code-confirmed',
      'approved',
    ]);

    expect((await json<ChargePreviewReply>(await job.preview(tech1))).msg).toBe(
      `This charges $${total.toFixed(2)} to the card ending 1111.`,
    );
    const done = await job.status(tech1, { status: 'Completed' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await chargesOf(job.squareId)).map((p) => p.amount_money.amount)).toEqual([
      Math.round(total * 100),
    ]);
  });

  it('labour at the shop’s rate only, confirmed by the customer’s code: no admin needed', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(50, date);
    await clockAt(date, '10:05');
    const wo = await techWorkOrder(job.id, []);
    expect(wo.priceApproval.awaiting).toEqual([]);
    expect((await inPerson(wo._id)).status).toBe(409);
    expect((await send('POST', `/api/workOrders/${wo._id}/price-code`, tech1.headers)).status).toBe(200);
    expect((await inPerson(wo._id, { code: await codeMailedTo(job.customer.email) })).status).toBe(200);
    const done = await job.status(tech1, { status: 'Completed' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await json<AdminBookingReply>(done)).payment).toMatchObject({
      amount: wo.pricing.totalAmount,
      basis: 'workOrder',
    });
  });

  it('within the booked price and tolerance nothing more is asked; a code is refused as not needed', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(500, date);
    await clockAt(date, '10:05');
    const wo = await techWorkOrder(job.id, [{ description: 'Wiper blades', unitPrice: 30 }]);
    expect((await send('POST', `/api/workOrders/${wo._id}/price-code`, tech1.headers)).status).toBe(409);
    expect((await inPerson(wo._id)).status).toBe(200);
    const done = await job.status(tech1, { status: 'Completed' });
    expect((await json<AdminBookingReply>(done)).payment).toMatchObject({ amount: wo.pricing.totalAmount });
  });

  it('race: 12 completions (technician and admin) and 4 approvals at once charge once, the approved total', async () => {
    const date = nextDate(undefined, 10);
    const job = await booked(20, date);
    await clockAt(date, '10:05');
    const wo = await techWorkOrder(job.id, [{ description: 'Battery', unitPrice: 180 }]);
    const total = wo.pricing.totalAmount;
    // Before any approval the admin's choice of the work order is refused.
    expect((await job.status(admin, { status: 'Completed', charge: 'workOrder' })).status).toBe(409);
    const calls = [
      ...Array.from({ length: 4 }, () =>
        send('POST', `/api/workOrders/${wo._id}/approve-price`, admin.headers, { total }),
      ),
      ...Array.from({ length: 6 }, () => job.status(tech1, { status: 'Completed' })),
      ...Array.from({ length: 6 }, () => job.status(admin, { status: 'Completed', charge: 'workOrder' })),
    ];
    const replies = await Promise.all(calls);
    expect(replies.every((r) => [200, 409].includes(r.status))).toBe(true);
    // Whichever won first: never more than one charge, and never more than the approved total.
    let charges = await chargesOf(job.squareId);
    expect(charges.length).toBeLessThanOrEqual(1);
    const read = await findBooking(job.id);
    if (read.status !== 'Completed') {
      const done = await job.status(admin, { status: 'Completed', charge: 'workOrder' });
      expect(done.status, await done.clone().text()).toBe(200);
      charges = await chargesOf(job.squareId);
    }
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amount_money.amount).toBeLessThanOrEqual(Math.round(total * 100));
    expect([2000, Math.round(total * 100)]).toContain(charges[0]?.amount_money.amount);
  });
});
