import { asSystem } from '@app/core/actor';
import { Session } from '@app/core/auth/session';
import { User } from '@app/core/user/index';
import { relocate } from '@app/core/booking/claim';
import { findBooking } from '@app/core/booking/store';
import { Geo } from '@app/core/geo/index';
import * as time from '@app/core/time';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressAt, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply } from './bookings';

/**
 * The visit's progress (issue 21, decision 076): who may record it, its
 * rules (Confirmed, today, in order, a repeat changes nothing), the ETA from
 * where the technician comes from, and the tracking link it mails. The
 * clock (Date only) is moved to the booking's day: bookings are made for a
 * later day first, as a customer would.
 */

afterEach(() => {
  vi.useRealTimers();
});

const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

type Customer = Awaited<ReturnType<typeof createUserWithCard>>;

/** A Confirmed booking of `serviceId` at `date` `at`, moved to `zipCode` when given. */
async function confirmedBooking(
  customer: Customer,
  serviceId: string,
  date: string,
  at: string,
  zipCode?: string,
) {
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(response);
  if (zipCode) {
    const read = await findBooking(booking._id);
    await asSystem('test', async () => relocate(read, { ...read, serviceAddress: await addressAt(zipCode) }));
  }
  const system = await createUser({ role: 'admin' });
  const confirmed = await send('PATCH', `/api/bookings/${booking._id}/status`, system.headers, {
    status: 'Confirmed',
  });
  expect(confirmed.status).toBe(200);
  return booking._id;
}

async function accountOf(userId: string) {
  const account = await User.find(userId);
  if (!account) throw new Error('The customer is missing.');
  return account;
}

/** Moves the clock (Date only) to `date` `at` in the business zone. */
function clockAt(date: string, at: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(time.instantOf(date, at)) });
}

/**
 * A job on the next open day: a service offered at `at`, a customer with a card, their Confirmed
 * booking at `at`, the clock at `clock` that day, and an admin.
 */
async function jobAt(at: string, clock: string) {
  const date = nextDate();
  const service = await createService({ availableDays: [], availableTimes: [at] });
  const customer = await createUserWithCard();
  const id = await confirmedBooking(customer, service._id, date, at);
  clockAt(date, clock);
  const admin = await createUser({ role: 'admin' });
  return { date, service, customer, id, admin };
}

const progress = (id: string, headers: Record<string, string>, step: string) =>
  send('POST', `/api/bookings/${id}/progress`, headers, { step });

describe('POST /api/bookings/:id/progress', () => {
  it('records the steps in order for the admin, answers a repeat as it is, and refuses going back', async () => {
    const { date, id, admin } = await jobAt('09:00', '08:30');

    const onMyWay = await json<AdminBookingReply>(await progress(id, admin.headers, 'on-my-way'));
    expect(onMyWay.progress.onMyWayAt).toBe(new Date().toISOString());
    expect(onMyWay.progress.etaAt).not.toBeNull();
    expect(onMyWay.progress.arrivedAt).toBeNull();

    const again = await progress(id, admin.headers, 'on-my-way');
    expect(again.status).toBe(200);
    expect((await json<AdminBookingReply>(again)).progress).toEqual(onMyWay.progress);

    vi.setSystemTime(new Date(time.instantOf(date, '09:05')));
    const started = await json<AdminBookingReply>(await progress(id, admin.headers, 'started'));
    expect(started.progress.startedAt).toBe(new Date().toISOString());
    // Arrived was skipped; it cannot come after Started.
    const late = await progress(id, admin.headers, 'arrived');
    expect(late.status).toBe(409);
    expect((await json<{ msg: string }>(late)).msg).toMatch(/already past/);

    // The desk's list shows the progress (the open-bookings index carries it).
    const list = await json<AdminBookingReply[]>(
      await send('GET', `/api/bookings/all?date=${date}`, admin.headers),
    );
    expect(list.find((b) => b._id === id)?.progress.startedAt).toBe(started.progress.startedAt);
  });

  it('is for staff only, a Confirmed booking of today, and a known step', async () => {
    const date = nextDate();
    const service = await createService({ availableDays: [], availableTimes: ['09:00', '13:00'] });
    const customer = await createUserWithCard();
    const id = await confirmedBooking(customer, service._id, date, '09:00');
    const pending = await json<{ booking: { _id: string } }>(
      await postBooking(customer, service._id, date, '13:00'),
    );
    const admin = await createUser({ role: 'admin' });
    // Not today yet.
    const early = await progress(id, admin.headers, 'on-my-way');
    expect(early.status).toBe(409);
    expect((await json<{ msg: string }>(early)).msg).toBe(
      'Progress can be recorded only on the day of the booking.',
    );

    clockAt(date, '08:00');
    const [owner, other, technician, fresh] = [
      // A session of the moved clock (the one made a week before has expired by then).
      {
        headers: {
          'x-auth-token': await asSystem('test', async () => Session.issue(await accountOf(customer._id))),
        },
      },
      await createUserWithCard(),
      await createUser({ role: 'technician' }),
      await createUser({ role: 'admin' }),
    ];
    expect((await progress(id, {}, 'on-my-way')).status).toBe(401);
    expect((await progress(id, owner.headers, 'on-my-way')).status).toBe(403);
    expect((await progress(id, other.headers, 'on-my-way')).status).toBe(403);
    // A technician who is not this job's (no technician account works job 1 in this version).
    expect((await progress(id, technician.headers, 'on-my-way')).status).toBe(403);
    const bad = await progress(id, fresh.headers, 'finished');
    expect(bad.status).toBe(400);
    expect((await json<{ msg: string }>(bad)).msg).toMatch(/Step must be/);
    const notConfirmed = await progress(pending.booking._id, fresh.headers, 'arrived');
    expect(notConfirmed.status).toBe(409);
    expect((await findBooking(id)).progress).toBeUndefined();
  });

  it('"On my way" outside daytime hours needs the explicit confirmation; nothing is sent or written without it', async () => {
    const { customer, id, admin } = await jobAt('09:00', '00:17');
    const before = (await mailsTo(customer.email)).length;

    const asked = await progress(id, admin.headers, 'on-my-way');
    expect(asked.status).toBe(409);
    const reply = await json<{ msg: string; confirmOutsideHours: boolean }>(asked);
    expect(reply.confirmOutsideHours).toBe(true);
    expect(reply.msg).toBe(
      'It is 12:17 AM, outside daytime hours (7:00 AM to 9:00 PM): the customer is told at once. Send "On my way" anyway?',
    );
    expect((await findBooking(id)).progress).toBeUndefined();
    expect((await mailsTo(customer.email)).length).toBe(before);
    const notAFlag = await send('POST', `/api/bookings/${id}/progress`, admin.headers, {
      step: 'on-my-way',
      confirmOutsideHours: 'yes',
    });
    expect(notAFlag.status).toBe(400);
    expect((await json<{ msg: string }>(notAFlag)).msg).toBeTruthy();

    const sent = await send('POST', `/api/bookings/${id}/progress`, admin.headers, {
      step: 'on-my-way',
      confirmOutsideHours: true,
    });
    expect(sent.status).toBe(200);
    expect((await json<AdminBookingReply>(sent)).progress.onMyWayAt).toBe(new Date().toISOString());
    expect((await mailsTo(customer.email)).length).toBe(before + 1);
    // The other steps record what happened, they tell no one: no question asked.
    expect((await progress(id, admin.headers, 'arrived')).status).toBe(200);
  });

  it('gives an ETA from the previous job of the day, or from the base for the first job', async () => {
    const date = nextDate();
    const service = await createService({
      duration: 60,
      availableDays: [],
      availableTimes: ['09:00', '13:00'],
    });
    const customer = await createUserWithCard();
    const first = await confirmedBooking(customer, service._id, date, '09:00', '19383');
    const second = await confirmedBooking(customer, service._id, date, '13:00', '19103');
    const [near, far] = [await addressAt('19383'), await addressAt('19103')];
    const base = Geo.base();
    const drive = async (from: Geo.Located | undefined, to: Geo.Located | undefined) =>
      (await Geo.driveMinutes([from ?? base], [to ?? base]))[0]?.[0] ?? 0;
    const fromBase = await drive(base, near.location);
    const fromFirst = await drive(near.location, far.location);
    expect(fromFirst).toBeGreaterThan(fromBase);

    // Leaving late for the first job: now + the drive from the base.
    clockAt(date, '08:55');
    const admin = await createUser({ role: 'admin' });
    const eta1 = (await json<AdminBookingReply>(await progress(first, admin.headers, 'on-my-way'))).progress
      .etaAt;
    const start1 = Date.parse(time.instantOf(date, '09:00'));
    expect(eta1).toBe(new Date(Math.max(start1, Date.now() + fromBase * 60_000)).toISOString());

    // Leaving the first job at 12:40 for the 13:00 one in Philadelphia: the drive from the first job's address.
    vi.setSystemTime(new Date(time.instantOf(date, '12:40')));
    const eta2 = (await json<AdminBookingReply>(await progress(second, admin.headers, 'on-my-way'))).progress
      .etaAt;
    expect(eta2).toBe(new Date(Date.now() + fromFirst * 60_000).toISOString());
  });

  // Leaving early (home is the base: no drive) promises the booked time, never earlier.
  it('mails the customer once, with a tracking link, however many "On my way" arrive at once', async () => {
    const { customer, id, admin } = await jobAt('10:00', '09:30');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => progress(id, admin.headers, 'on-my-way')),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    const recorded = (await findBooking(id)).progress;
    for (const reply of replies)
      expect((await json<AdminBookingReply>(reply)).progress.onMyWayAt).toBe(recorded?.onMyWayAt);
    const notices = (await mailsTo(customer.email)).filter((m) => m.subject.startsWith('On the way'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toMatch(/\/track\/[A-Za-z0-9_-]{43}/);
    expect(notices[0]?.subject).toBe('On the way: arriving about 10:00 AM');
  });
});

describe('GET /api/track/:token', () => {
  it('follows the visit through its states, reveals only this job, and expires at the end of the day', async () => {
    const { date, service, customer, id, admin } = await jobAt('11:00', '10:30');
    expect((await progress(id, admin.headers, 'on-my-way')).status).toBe(200);
    const mail = (await mailsTo(customer.email)).find((m) => m.subject.startsWith('On the way'));
    const path = /\/track\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(path).toBeDefined();
    const read = async () => {
      const response = await send('GET', `/api${path}`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return { status: response.status, body: await json<Record<string, unknown>>(response) };
    };

    const first = await read();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      state: 'on-the-way',
      technicianFirstName: 'Technician',
      serviceName: service.name,
      date,
      time: '11:00',
      etaAt: time.instantOf(date, '11:00'),
      onMyWayAt: new Date().toISOString(),
      arrivedAt: null,
      startedAt: null,
      completedAt: null,
    });
    // Viewing never uses the link up.
    expect((await read()).body.state).toBe('on-the-way');

    await progress(id, admin.headers, 'arrived');
    expect((await read()).body.state).toBe('arrived');
    await progress(id, admin.headers, 'started');
    expect((await read()).body.state).toBe('working');
    const done = await send('PATCH', `/api/bookings/${id}/status`, admin.headers, { status: 'Completed' });
    expect(done.status).toBe(200);
    const last = await read();
    expect(last.body.state).toBe('done');
    expect(last.body.completedAt).toBe(new Date().toISOString());
    // Nothing of the customer: no names, mail, address, vehicle or booking id.
    const text = JSON.stringify(last.body);
    for (const secret of [customer.email, customer.lastName, 'West Market', 'Civic', id]) {
      expect(text).not.toContain(secret);
    }

    // The next day the link has expired; a token never issued is unknown.
    vi.setSystemTime(new Date(time.instantOf(time.addDays(date, 1), '00:00')));
    const expired = await read();
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ reason: 'expired', msg: expect.stringMatching(/expired/) });
    const unknown = await send('GET', `/api/track/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ reason: 'invalid' });
    expect((await send('GET', '/api/track/not-a-token')).status).toBe(404);
  });
});
