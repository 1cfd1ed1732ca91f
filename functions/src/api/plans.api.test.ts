import { asSystem } from '@app/core/actor';
import { bookingMessages } from '@app/core/booking/rules';
import { entity as bookingEntity } from '@app/core/booking/store';
import { planFigures } from '@app/core/plan/counters';
import { Plan } from '@app/core/plan/index';
import * as time from '@app/core/time';
import { describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createUser, createUserWithCard, json, serviceOffering } from '../../../tests/factories';
import {
  admin,
  customer,
  enrol,
  enrolBody,
  mailsTo,
  makePlan,
  mine,
  planBody,
  visitsOf,
} from '../../../tests/plan-factories';
import type { EnrolmentReply, PlanReply } from './plans';

/**
 * Service plans (issue 35, decision 131): the admin's plans, enrolling a garage vehicle, the visits
 * placed ahead through the booking's own claim (one that cannot be placed is kept as needing a
 * time, never double-booked), skip / pause / resume / cancel, the job placing each visit once under
 * two runs at once, and the discount on other work.
 */

describe('/api/admin/plans', () => {
  it('the admin defines a plan; bad input is refused with the message; others may not', async () => {
    const service = await serviceOffering(['10:00']);
    const boss = await admin();
    for (const [bad, msg] of [
      [
        { recurrence: 'FREQ=DAILY' },
        'The cadence must be every 1 to 52 weeks on chosen days, or every 1 to 12 months on a day.',
      ],
      [{ priceKind: 'monthly', price: 0 }, 'A monthly fee must be more than $0.00.'],
      [{ discountPercent: 101 }, 'The discount must be a whole percent from 0 to 100.'],
      [{ name: '' }, undefined],
    ] as const) {
      const refused = await send('POST', '/api/admin/plans', boss.headers, planBody(service._id, bad));
      expect(refused.status).toBe(400);
      const body = await json<{ msg: string }>(refused);
      if (msg) expect(body.msg).toBe(msg);
      else expect(body.msg).toEqual(expect.any(String));
    }
    const someone = await createUser();
    expect((await send('POST', '/api/admin/plans', someone.headers, planBody(service._id))).status).toBe(403);
    expect((await send('POST', '/api/admin/plans', {}, planBody(service._id))).status).toBe(401);

    const created = await send(
      'POST',
      '/api/admin/plans',
      boss.headers,
      planBody(service._id, { price: 120 }),
    );
    expect(created.status).toBe(201);
    const plan = await json<PlanReply>(created);
    expect(plan).toMatchObject({ price: 120, priceKind: 'per-visit', active: true });
    const withdrawn = await send(
      'PUT',
      `/api/admin/plans/${plan._id}`,
      boss.headers,
      planBody(service._id, { active: false }),
    );
    expect(withdrawn.status).toBe(200);
    const offered = await json<PlanReply[]>(await send('GET', '/api/plans'));
    expect(offered.map((p) => p._id)).not.toContain(plan._id);
    const all = await json<PlanReply[]>(await send('GET', '/api/admin/plans', boss.headers));
    expect(all.find((p) => p._id === plan._id)?.active).toBe(false);
  });
});

describe('/api/plans/enrolments', () => {
  it('enrols a car: the first visits placed as bookings at the visit price, the next three shown, the terms mailed', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=4;BYDAY=MO' });
    const c = await customer();
    const before = await planFigures(time.today().slice(0, 7));
    const first = nextDate('Monday');
    const response = await enrol(c, plan._id, first);
    expect(response.status).toBe(201);
    const enrolment = await json<EnrolmentReply>(response);
    expect(enrolment).toMatchObject({ state: 'active', startDate: first, time: '09:00', price: 89.5 });
    const visits = await visitsOf(enrolment._id);
    // Four-weekly within the 42-day horizon from today: the first and the one four weeks on (when inside).
    expect(visits[0]).toMatchObject({
      date: first,
      time: '09:00',
      priceCents: 8950,
      planEnrolmentId: enrolment._id,
    });
    expect(visits.every((b) => b.vehicleId === c.vehicleId && b.status === 'Pending')).toBe(true);
    const [listed] = await mine(c);
    expect(listed?.next.map((v) => v.date)).toEqual([
      first,
      time.addDays(first, 28),
      time.addDays(first, 56),
    ]);
    const after = await planFigures(time.today().slice(0, 7));
    expect(after.active - before.active).toBe(1);
    expect(after.enrolled - before.enrolled).toBe(1);
    const mail = (await mailsTo(c.email)).find((m) => m.subject.startsWith('You are enrolled'));
    expect(mail?.text).toContain('$89.50 a visit');
    expect(mail?.text).toContain('10% off other work');

    // The same vehicle on the same plan twice: refused.
    expect((await enrol(c, plan._id, time.addDays(first, 7))).status).toBe(409);
  });

  it('refuses a customer without a card on file with the booking’s message, and bad input with 400', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=4;BYDAY=TU' });
    const c = await customer();
    const noCard = await createUser();
    const refused = await send(
      'POST',
      '/api/plans/enrolments',
      noCard.headers,
      enrolBody(c, plan._id, nextDate('Tuesday')),
    );
    expect(refused.status).toBe(403);
    expect((await json<{ msg: string }>(refused)).msg).toBe(bookingMessages.cardRequired);
    const unagreed = await send('POST', '/api/plans/enrolments', c.headers, {
      ...enrolBody(c, plan._id, nextDate('Tuesday')),
      agree: false,
    });
    expect(unagreed.status).toBe(400);
    expect((await json<{ msg: string }>(unagreed)).msg).toBe('Please agree to the plan’s terms.');
    expect(await mine(c)).toEqual([]);
  });

  it('a visit whose time is taken is kept as needing a time with the nearest free times, never double-booked', async () => {
    const { plan, service } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE' }, [
      '09:00',
      '11:00',
    ]);
    const c = await customer();
    const first = nextDate('Wednesday');
    const second = time.addDays(first, 7);
    // Someone else books the second Wednesday's 09:00 first.
    const other = await createUserWithCard();
    expect((await postBooking(other, service._id, second, '09:00')).status).toBe(201);
    const enrolment = await json<EnrolmentReply>(await enrol(c, plan._id, first));
    const placed = await visitsOf(enrolment._id);
    expect(placed.map((b) => b.date)).not.toContain(second);
    // The customer is told, and sees the nearest free times in Account Settings.
    const told = (await mailsTo(c.email)).find(
      (m) => m.subject === `A visit of your plan needs a time: ${plan.name}`,
    );
    expect(told?.text).toContain(time.formatLongDate(second));
    const [listed] = await mine(c);
    const waiting = listed!.waiting.find((w) => w.date === second);
    expect(waiting?.nearest[0]).toEqual({ date: second, time: '11:00' });
    // The customer takes the nearest time: placed through the same claim.
    const taken = await send('POST', `/api/plans/enrolments/${enrolment._id}/visits`, c.headers, {
      date: second,
      at: { date: second, time: '11:00' },
    });
    expect(taken.status).toBe(200);
    expect((await visitsOf(enrolment._id)).find((b) => b.date === second)?.time).toBe('11:00');
    const again = await send('POST', `/api/plans/enrolments/${enrolment._id}/visits`, c.headers, {
      date: second,
      at: { date: second, time: '11:00' },
    });
    expect(again.status).toBe(409);
  });

  it('skips one visit, pauses (visits cancelled), resumes (placed again) and cancels (mailed)', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH' });
    const c = await customer();
    const first = nextDate('Thursday');
    const enrolment = await json<EnrolmentReply>(await enrol(c, plan._id, first));
    const url = `/api/plans/enrolments/${enrolment._id}`;
    const skipped = await send('POST', `${url}/skip`, c.headers, { date: first });
    expect(skipped.status).toBe(200);
    expect((await json<EnrolmentReply>(skipped)).skipped).toEqual([first]);
    const firstVisit = (await visitsOf(enrolment._id)).find((b) => b.date === first);
    expect(firstVisit?.status).toBe('Cancelled');
    expect((await mine(c))[0]?.next.map((v) => v.date)).not.toContain(first);
    // A date that is no visit of the plan: 400, nothing changed.
    expect((await send('POST', `${url}/skip`, c.headers, { date: time.addDays(first, 1) })).status).toBe(400);
    // Another customer cannot touch it.
    const stranger = await customer();
    expect((await send('POST', `${url}/pause`, stranger.headers)).status).toBe(404);

    const placedBefore = await visitsOf(enrolment._id);
    const paused = await send('POST', `${url}/pause`, c.headers);
    expect(paused.status).toBe(200);
    expect((await json<EnrolmentReply>(paused)).state).toBe('paused');
    expect((await visitsOf(enrolment._id)).every((b) => b.status === 'Cancelled')).toBe(true);
    const given = await bookingEntity.getMany(placedBefore.map((b) => ({ id: b.id })));
    expect(given.map((b) => b.status)).toEqual(placedBefore.map(() => 'Cancelled'));
    expect((await send('POST', `${url}/skip`, c.headers, { date: time.addDays(first, 14) })).status).toBe(
      409,
    );

    const resumed = await send('POST', `${url}/resume`, c.headers);
    expect(resumed.status).toBe(200);
    expect((await json<EnrolmentReply>(resumed)).state).toBe('active');
    const open = (await visitsOf(enrolment._id)).filter((b) => b.status === 'Pending');
    expect(open.length).toBeGreaterThan(0);
    expect(open.map((b) => b.date)).not.toContain(first);

    const cancelled = await send('POST', `${url}/cancel`, c.headers);
    expect(cancelled.status).toBe(200);
    expect((await json<EnrolmentReply>(cancelled)).state).toBe('cancelled');
    expect((await visitsOf(enrolment._id)).every((b) => b.status === 'Cancelled')).toBe(true);
    const subjects = (await mailsTo(c.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your plan is paused: ${plan.name}`);
    expect(subjects).toContain(`Your plan is cancelled: ${plan.name}`);
  });

  it('two job runs at once place each visit once', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=FR' });
    const c = await customer();
    const first = nextDate('Friday');
    const enrolment = await json<EnrolmentReply>(await enrol(c, plan._id, first));
    const placed = (await visitsOf(enrolment._id)).length;
    // A week later the horizon has moved a week: one more Friday to place, by whichever run gets it.
    const stored = await Plan.enrolment.get({ userId: c._id, id: enrolment._id }, { consistent: true });
    const later = new Date(Date.parse(stored!.placeAt!) + 60_000);
    const runs = await asSystem('test', () => Promise.all([Plan.placeDue(later), Plan.placeDue(later)]));
    // Other tests' enrolments are due then too: each is placed by one run only.
    expect(runs.map((r) => r.done).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const visits = await visitsOf(enrolment._id);
    expect(visits.length).toBe(placed + 1);
    expect(new Set(visits.map((b) => b.date)).size).toBe(visits.length);
    const again = await asSystem('test', () => Plan.placeDue(later));
    expect(again.done).toBe(0);
    expect((await visitsOf(enrolment._id)).length).toBe(placed + 1);
  });

  it('eight enrolments at once for the last free time of a day: one wins, the others are told it was taken', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1' }, ['15:00']);
    const customers = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const first = nextDate();
    const lastDay = Plan.firstVisit(plan.recurrence, first)!;
    const replies = await Promise.all(customers.map((c) => enrol(c, plan._id, lastDay, '15:00')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const bookings = await Promise.all(customers.map((c) => mine(c)));
    expect(bookings.flat()).toHaveLength(1);
  });

  it('another booking of the enrolled vehicle gets the plan’s discount; a plan visit keeps its own price', async () => {
    const { plan } = await makePlan({ recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1SU', discountPercent: 20 });
    const c = await customer();
    await enrol(c, plan._id, nextDate('Sunday'));
    const repair = await serviceOffering(['13:00'], { price: 150 });
    const booked = await postBooking(c, repair._id, nextDate(), '13:00', { vehicleId: c.vehicleId });
    expect(booked.status).toBe(201);
    const { booking } = await json<{ booking: { _id: string } }>(booked);
    const stored = await bookingEntity.get({ id: booking._id }, { consistent: true });
    expect(stored).toMatchObject({ priceCents: 12000, planDiscountPercent: 20 });
  });
});
