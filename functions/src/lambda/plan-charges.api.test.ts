import { asSystem, withActor } from '@app/core/actor';
import { Billing } from '@app/core/billing/index';
import { entity as bookings } from '@app/core/booking/store';
import { Payments } from '@app/core/payments/index';
import { planFigures } from '@app/core/plan/counters';
import { enrolment, planPeriod, planVisit } from '@app/core/plan/store';
import { config } from '@app/core/config';
import { addDays, instantOf, today } from '@app/core/time';
import { afterEach, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send, serviceWithSlot } from '../../../tests/booking-factories';
import { createUser, createUserWithCard, json } from '../../../tests/factories';
import { cancelEnrolment, enrolMonthly, PLAN_FEE_CENTS } from '../../../tests/plan-billing-fixtures';
import type { BookingReply } from '../api/bookings';
import type { DashboardReply } from '../api/revenue-reply';
import { readOutbox } from '../local/outbox';

/**
 * Monthly plans billed by the scheduled job (issue 35, decision 132): each period charged once on
 * the card on file whatever runs overlap, the next one written a month on; a decline tells the
 * customer once, is retried on PLAN_CHARGE_RETRY_DAYS, then the plan is past due and its visits
 * paused; a card update and the next retry make it active again; no charge after a cancellation.
 */

const FEE = PLAN_FEE_CENTS;
const square = () => config().square.baseUrl;
type StandInPayment = { id: string; amount_money: { amount: number }; note?: string; status: string };
const paymentsOf = async (enrolmentId: string) =>
  (
    ((await (await fetch(`${square()}/_stand-in/payments`)).json()) as { payments?: StandInPayment[] })
      .payments ?? []
  ).filter((p) => p.note?.includes(enrolmentId));

const retryDays = config().planChargeRetryDays;
afterEach(() => {
  config().planChargeRetryDays = retryDays;
});

/** A customer with `card` enrolled in a monthly plan starting `start` (the enrolment's transaction, as h-plans writes it). */
async function enrolled(card = 'cnon:card-nonce-ok', start = today()) {
  const customer = await createUserWithCard({}, card);
  const record = await enrolMonthly(customer._id, start);
  const read = () => enrolment.get({ userId: customer._id, id: record.id }, { consistent: true });
  const period = (s = start) => planPeriod.get({ enrolmentId: record.id, start: s }, { consistent: true });
  return { customer, record, read, period };
}

const run = (now: Date) => asSystem('cron', () => Billing.chargeDuePeriods(now));
/** An instant `days` after a period's start (business midnight), an hour in. */
const after = (start: string, days: number) => new Date(Date.parse(instantOf(addDays(start, days), '01:00')));

const mailsTo = async (email: string) => (await readOutbox()).filter((m) => m.to.includes(email));

describe('the plan-charges job (decision 132)', () => {
  it('bills the month once under four runs at once, then the next period a month on; a second run bills nothing', async () => {
    const start = today();
    const { record, read, period } = await enrolled('cnon:card-nonce-ok', start);
    const before = await planFigures(start.slice(0, 7));
    expect(before.mrrCents).toBeGreaterThanOrEqual(FEE);
    const now = after(start, 0);
    const reports = await Promise.all([run(now), run(now), run(now), run(now)]);
    expect(reports.reduce((sum, r) => sum + r.done, 0)).toBe(1);
    expect(await paymentsOf(record.id)).toHaveLength(1);
    expect((await paymentsOf(record.id))[0]?.amount_money.amount).toBe(FEE);
    expect(await period()).toMatchObject({ state: 'paid', attempts: 1 });
    expect((await period())?.dueAt).toBeUndefined();
    // The next period, one month on, due at its start; the enrolment knows it.
    const nextStart = (await read())?.nextPeriod;
    expect(nextStart?.slice(5, 7)).toBe(String((Number(start.slice(5, 7)) % 12) + 1).padStart(2, '0'));
    expect(await period(nextStart)).toMatchObject({ state: 'due', attempts: 0, amountCents: FEE });
    // Another run the same day bills nothing.
    expect((await run(now)).done).toBe(0);
    expect(await paymentsOf(record.id)).toHaveLength(1);
    // Revenue counts the payment (not a job), and the dashboard shows the plans' figures.
    const admin = await createUser({ role: 'admin' });
    const dashboard = await json<DashboardReply>(await send('GET', '/api/admin/revenue', admin.headers));
    expect(dashboard.plans.mrr).toBeGreaterThanOrEqual(FEE / 100);
    expect(dashboard.plans.active).toBeGreaterThanOrEqual(1);
    expect(dashboard.recent.some((e) => e.serviceName === 'Plan: Monthly Detail Club')).toBe(true);
  });

  it('a decline: the customer told once, retried on the schedule, then past due with its visits paused and retried; a new card is charged at once, the plan active again', async () => {
    config().planChargeRetryDays = [1, 3];
    const start = today();
    const { customer, record, read, period } = await enrolled('cnon:stand-in-charge-declined', start);
    // One visit placed ahead (as h-plans places them): a booking named by a planVisit.
    const date = nextDate(undefined, 9);
    const service = await serviceWithSlot(date, '10:00');
    const { booking } = await json<{ booking: BookingReply }>(
      await postBooking(customer, service._id, date, '10:00'),
    );
    await planVisit.put({
      enrolmentId: record.id,
      date,
      bookingId: booking._id,
      createdAt: new Date().toISOString(),
    });
    const month = start.slice(0, 7);
    const standing = await planFigures(month);

    expect((await run(after(start, 0))).done).toBe(0);
    expect(await period()).toMatchObject({ state: 'retrying', attempts: 1 });
    const told = await mailsTo(customer.email);
    const declined = told.filter((m) => /did not go through/.test(m.subject));
    expect(declined).toHaveLength(1);
    expect(declined[0]?.text).toContain('/account-settings');
    // Not due again until the first retry's day.
    expect((await run(after(start, 0))).due).toBe(0);
    await run(after(start, 1));
    expect(await period()).toMatchObject({ state: 'retrying', attempts: 2 });
    expect((await mailsTo(customer.email)).filter((m) => /did not go through/.test(m.subject))).toHaveLength(
      1,
    );
    expect((await read())?.state).toBe('active');
    // The last retry declines: past due, counted, told, visits paused.
    await run(after(start, 3));
    expect(await period()).toMatchObject({ state: 'retrying', attempts: 3 });
    expect(await read()).toMatchObject({ state: 'past_due' });
    expect(await planFigures(month)).toMatchObject({
      active: standing.active - 1,
      pastDue: standing.pastDue + 1,
      mrrCents: standing.mrrCents,
    });
    expect((await mailsTo(customer.email)).some((m) => /past due/.test(m.subject))).toBe(true);
    expect((await bookings.get({ id: booking._id }, { consistent: true }))?.status).toBe('Cancelled');
    expect(await paymentsOf(record.id)).toHaveLength(3);
    expect((await paymentsOf(record.id)).every((p) => p.status === 'FAILED')).toBe(true);

    // Past due, it is still retried every last interval, without another notice.
    const notices = (await mailsTo(customer.email)).length;
    expect((await run(after(start, 4))).due).toBe(0);
    await run(after(start, 7));
    expect(await period()).toMatchObject({ state: 'retrying', attempts: 4 });
    expect(await read()).toMatchObject({ state: 'past_due' });
    expect(await mailsTo(customer.email)).toHaveLength(notices);

    // The customer saves a new card (the notice's page): the period is charged at once, the plan active again.
    const actor = {
      type: 'user' as const,
      userId: customer._id,
      role: 'user' as const,
      firstName: customer.firstName,
    };
    await withActor(actor, () => Payments.saveCard({ sourceId: 'cnon:card-nonce-ok' }));
    expect(await period()).toMatchObject({ state: 'paid', attempts: 5 });
    expect(await read()).toMatchObject({ state: 'active' });
    expect(await planFigures(month)).toMatchObject({ active: standing.active, pastDue: standing.pastDue });
    expect((await paymentsOf(record.id)).filter((p) => p.status === 'COMPLETED')).toHaveLength(1);
    // Nothing left due for this period: the job bills nothing more.
    expect((await run(after(start, 20))).done).toBe(0);
    expect((await paymentsOf(record.id)).filter((p) => p.status === 'COMPLETED')).toHaveLength(1);
  });

  it('no charge after a cancellation: the due period is dropped', async () => {
    const start = today();
    const { record, period } = await enrolled('cnon:card-nonce-ok', start);
    await cancelEnrolment(record);
    const report = await run(after(start, 0));
    expect(report.done).toBe(0);
    expect(await period()).toBeUndefined();
    expect(await paymentsOf(record.id)).toHaveLength(0);
  });

  it("a paused plan's month is not charged: the period is dropped and the next one waits its start", async () => {
    const start = today();
    const { record, read, period } = await enrolled('cnon:card-nonce-ok', start);
    await enrolment.patch({ userId: record.userId, id: record.id }, { set: { state: 'paused' } });
    expect((await run(after(start, 0))).done).toBe(0);
    expect(await period()).toBeUndefined();
    const next = (await read())?.nextPeriod;
    expect(next && next > start).toBe(true);
    expect(await period(next)).toMatchObject({ state: 'due', attempts: 0 });
    expect(await paymentsOf(record.id)).toHaveLength(0);
  });

  it('a period starting later is not charged before its day', async () => {
    const start = addDays(today(), 5);
    const { record, period } = await enrolled('cnon:card-nonce-ok', start);
    await run(after(start, -1));
    expect(await period()).toMatchObject({ state: 'due', attempts: 0 });
    expect(await paymentsOf(record.id)).toHaveLength(0);
  });
});
