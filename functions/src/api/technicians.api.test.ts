import { asSystem } from '@app/core/actor';
import { entity as bookings, findBooking } from '@app/core/booking/store';
import { runSteps } from '@app/core/db/migration';
import { migrationSteps as technicianSteps } from '@app/core/dispatch/technician-migrate';
import { Technician } from '@app/core/technician/index';
import * as time from '@app/core/time';
import { createId } from '@app/core/util/id';
import { describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { serviceOffering, createUser, createUserWithCard, json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { TechnicianReply } from './technicians';

/**
 * Technicians are people (issue 22, decision 078): the admin invites them
 * (the invitation sets the password), they sign in with the role
 * technician, their own working days, hours and days off decide
 * availability, a deactivated one cannot sign in and is offered no job, and
 * a data dir from the CREW_SIZE era gets named technicians for its claims.
 */

const admin = await createUser({ role: 'admin' });
const login = (email: string, password: string) => send('POST', '/api/users/login', {}, { email, password });
const times = (serviceId: string, date: string) =>
  send('GET', `/api/services/${serviceId}/availability?date=${date}`).then((r) =>
    json<{ times: string[] }>(r),
  );
const edit = (number: number, body: unknown) =>
  send('PATCH', `/api/admin/technicians/${number}`, admin.headers, body);

/** A customer's booking at 09:00 on the next open day: its id and date. */
async function bookedAtNine() {
  const date = nextDate();
  const [customer, service] = await Promise.all([createUserWithCard(), serviceOffering(['09:00'])]);
  const booked = await json<{ booking: { _id: string } }>(
    await postBooking(customer, service._id, date, '09:00'),
  );
  return { id: booked.booking._id, date };
}

describe('the technician role', () => {
  it('an invited technician sets a password from the mail, signs in as technician; admin routes 403', async () => {
    const email = `tech-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await send('POST', '/api/admin/technicians', admin.headers, {
      firstName: 'Dana',
      lastName: 'Reyes',
      email,
      phone: '610 555 0199',
      workingDays: ['Monday', 'Tuesday', 'Wednesday'],
      dayStart: '07:00',
      dayEnd: '19:00',
    });
    expect(invited.status).toBe(201);
    const reply = await json<TechnicianReply>(invited);
    expect(reply).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      email,
      workingDays: ['Monday', 'Tuesday', 'Wednesday'],
      dayStart: '07:00',
      dayEnd: '19:00',
      daysOff: [],
      active: true,
      hasAccount: true,
    });
    expect(reply.number).toBeGreaterThan(1);
    // No password yet: nobody can sign in.
    expect((await login(email, 'anything-at-all')).status).toBe(400);
    const mail = (await readOutbox()).find((m) => m.to.includes(email));
    expect(mail?.subject).toMatch(/technician app/);
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(
      (await send('POST', '/api/users/reset-password', {}, { token, password: 'my-own-password-1' })).status,
    ).toBe(200);
    const signedIn = await login(email, 'my-own-password-1');
    expect(signedIn.status).toBe(200);
    const { token: session, user } = await json<{ token: string; user: { role: string } }>(signedIn);
    expect(user.role).toBe('technician');
    const headers = { 'x-auth-token': session };
    expect((await send('GET', '/api/users/me', headers)).status).toBe(200);
    for (const path of [
      '/api/admin/technicians',
      '/api/admin/users',
      '/api/admin/revenue',
      '/api/workOrders',
    ]) {
      expect((await send('GET', path, headers)).status, path).toBe(403);
    }
    // The same address again: 409, nothing written.
    const before = await json<unknown[]>(await send('GET', '/api/admin/technicians', admin.headers));
    const again = await send('POST', '/api/admin/technicians', admin.headers, {
      firstName: 'Dana',
      lastName: 'Again',
      email,
    });
    expect(again.status).toBe(409);
    expect(await json<unknown[]>(await send('GET', '/api/admin/technicians', admin.headers))).toEqual(before);
  });

  it('a deactivated technician cannot sign in, their session ends, their jobs are listed; activated again, they can', async () => {
    const email = `leaving-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { number } = await json<TechnicianReply>(
      await send('POST', '/api/admin/technicians', admin.headers, {
        firstName: 'Lee',
        lastName: 'Leaving',
        email,
      }),
    );
    const mail = (await readOutbox()).find((m) => m.to.includes(email));
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    await send('POST', '/api/users/reset-password', {}, { token, password: 'my-own-password-1' });
    const session = (await json<{ token: string }>(await login(email, 'my-own-password-1'))).token;
    // Give them a job: a booking, reassigned to them.
    const { id, date } = await bookedAtNine();
    expect(
      (await send('PUT', `/api/admin/bookings/${id}/technician`, admin.headers, { technician: number }))
        .status,
    ).toBe(200);

    const off = await send('POST', `/api/admin/technicians/${number}/deactivate`, admin.headers);
    expect(off.status).toBe(200);
    const { technician, jobsToReassign } = await json<{
      technician: TechnicianReply;
      jobsToReassign: { _id: string; date: string; time: string }[];
    }>(off);
    expect(technician.active).toBe(false);
    expect(jobsToReassign).toMatchObject([{ _id: id, date, time: '09:00' }]);
    expect(
      await json(await send('GET', `/api/admin/technicians/${number}/jobs`, admin.headers)),
    ).toMatchObject([{ _id: id }]);
    expect((await send('GET', '/api/users/me', { 'x-auth-token': session })).status).toBe(401);
    expect((await login(email, 'my-own-password-1')).status).toBe(400);
    // Not on any crew: not offered.
    expect((await Technician.crewOn(date)).map((t) => t.number)).not.toContain(number);

    expect((await send('POST', `/api/admin/technicians/${number}/activate`, admin.headers)).status).toBe(200);
    expect((await login(email, 'my-own-password-1')).status).toBe(200);
    // Their job back to technician 1, so the file's other tests see only technician 1's crew busy as before.
    await send('PUT', `/api/admin/bookings/${id}/technician`, admin.headers, { technician: 1 });
    await send('POST', `/api/admin/technicians/${number}/deactivate`, admin.headers);
  });

  it('bad input is 400 { msg }; an unknown technician 404', async () => {
    for (const body of [
      { dayStart: '19:00', dayEnd: '07:00' },
      { workingDays: [] },
      { daysOff: ['tomorrow'] },
    ]) {
      const response = await edit(1, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toHaveProperty('msg');
    }
    expect((await edit(9999, { dayStart: '08:00' })).status).toBe(404);
    expect((await send('GET', '/api/admin/technicians/x/jobs', admin.headers)).status).toBe(400);
  });
});

describe('working time in availability', () => {
  it("offers only the times within the technicians' own hours, never on a day off or a day they do not work", async () => {
    const service = await serviceOffering(['08:00', '09:00', '10:00', '11:00', '12:00']);
    const date = nextDate();
    expect((await times(service._id, date)).times).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00']);
    try {
      expect((await edit(1, { dayStart: '09:00', dayEnd: '12:00' })).status).toBe(200);
      // 09:00 from the base (no drive), 11:00 ends at 12:00; 12:00 would end after the day.
      expect((await times(service._id, date)).times).toEqual(['09:00', '10:00', '11:00']);
      expect((await edit(1, { daysOff: [date] })).status).toBe(200);
      expect((await times(service._id, date)).times).toEqual([]);
      const customer = await createUserWithCard();
      expect((await postBooking(customer, service._id, date, '10:00')).status).toBe(409);
      const others = time.weekdays.filter((d) => d !== time.weekdayOf(date));
      expect((await edit(1, { daysOff: [], workingDays: others })).status).toBe(200);
      expect((await times(service._id, date)).times).toEqual([]);
    } finally {
      await edit(1, { dayStart: '00:00', dayEnd: '24:00', daysOff: [], workingDays: [...time.weekdays] });
    }
    expect((await times(service._id, date)).times).toHaveLength(5);
  });
});

describe('the migration from CREW_SIZE', () => {
  it('names a technician for every number an open booking holds, once', async () => {
    // A booking of the CREW_SIZE era held by technician 3 (written as that release did: no technician 3 stored).
    const read = await findBooking((await bookedAtNine()).id);
    // Two numbers past the file's technicians: neither is stored.
    const top = Math.max(...(await Technician.list()).map((t) => t.number));
    const n = top + 2;
    const claim = { ...(read.claim as NonNullable<typeof read.claim>), technician: n };
    const old = { ...read, id: createId('booking'), claim };
    await bookings.put(old);

    const first = await runSteps(technicianSteps);
    expect(first['technicians-from-crew']?.changed).toBeGreaterThan(0);
    const named = await Technician.list();
    expect(named.map((t) => t.number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(named.find((t) => t.number === n)).toMatchObject({
      firstName: 'Technician',
      lastName: String(n),
      active: true,
      daysOff: [],
      workingDays: [...time.weekdays],
    });
    // The booking now names its technician; a new invitation takes a number after them.
    const reply = await json<{ technician: unknown }>(
      await send('PUT', `/api/admin/bookings/${old.id}/technician`, admin.headers, { technician: n }),
    );
    expect(reply.technician).toEqual({ number: n, firstName: 'Technician', lastName: String(n) });
    const next = await asSystem('test', () =>
      Technician.invite({
        firstName: 'New',
        lastName: 'Hire',
        email: `hire-${crypto.randomUUID().slice(0, 8)}@example.com`,
      }),
    );
    expect(next.number).toBe(n + 1);
    // Done: a second run changes nothing.
    expect((await runSteps(technicianSteps))['technicians-from-crew']).toBeUndefined();
    await asSystem('test', async () => {
      for (const t of await Technician.list())
        if (t.number > 1 && t.active) await Technician.setActive(t.number, false);
    });
  });
});
