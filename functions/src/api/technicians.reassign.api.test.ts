import { Crew } from '@app/core/crew/crew';
import { findBooking } from '@app/core/booking/store';
import * as time from '@app/core/time';
import { createId } from '@app/core/util/id';
import { describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import {
  serviceOffering,
  createTechnician,
  createUser,
  createUserWithCard,
  json,
} from '../../../tests/factories';
import type { AdminBookingReply } from './bookings';

/**
 * Reassigning a booking to another technician (issue 22, decision 078):
 * PUT /api/admin/bookings/:id/technician claims the new technician's time
 * and gives the old one's back in one transaction, or answers 409 { msg }
 * saying why and changes nothing.
 */

const admin = await createUser({ role: 'admin' });

async function bookAt(date: string, at = '09:00') {
  const [customer, service] = await Promise.all([createUserWithCard(), serviceOffering([at])]);
  const response = await postBooking(customer, service._id, date, at);
  expect(response.status).toBe(201);
  return (await json<{ booking: { _id: string } }>(response)).booking._id;
}

const reassign = (bookingId: string, technician: unknown) =>
  send('PUT', `/api/admin/bookings/${bookingId}/technician`, admin.headers, { technician });

const jobsOf = async (date: string, technician: number) =>
  Object.keys((await Crew.dayOf(date, technician)).jobs);

describe('reassigning a booking', () => {
  it('moves the job to the new technician’s day and gives the old one’s back; the reply names them', async () => {
    const { technician } = await createTechnician();
    const date = nextDate();
    const id = await bookAt(date);
    expect((await findBooking(id)).claim?.technician).toBe(1);
    const response = await reassign(id, technician.number);
    expect(response.status).toBe(200);
    expect((await json<AdminBookingReply>(response)).technician).toEqual({
      number: technician.number,
      firstName: technician.firstName,
      lastName: technician.lastName,
    });
    expect((await findBooking(id)).claim?.technician).toBe(technician.number);
    expect(await jobsOf(date, 1)).toEqual([]);
    expect(await jobsOf(date, technician.number)).toEqual([id]);
    // The same technician again: unchanged, 200.
    expect((await reassign(id, technician.number)).status).toBe(200);
    // Back to technician 1.
    expect((await reassign(id, 1)).status).toBe(200);
    expect(await jobsOf(date, 1)).toEqual([id]);
    expect(await jobsOf(date, technician.number)).toEqual([]);
  });

  it('409 with why when it does not fit (overlap, hours, day off, deactivated), and nothing changes', async () => {
    const { technician: early } = await createTechnician({ dayStart: '12:00', dayEnd: '19:00' });
    const date = nextDate();
    const { technician: away } = await createTechnician({ daysOff: [date] });
    const first = await bookAt(date);
    const second = await bookAt(date);
    // Two jobs at 09:00 with two technicians working then: 1 and another.
    const holders = [
      (await findBooking(first)).claim?.technician,
      (await findBooking(second)).claim?.technician,
    ];
    expect(holders[0]).toBe(1);
    const other = holders[1] as number;
    const before = await Promise.all([Crew.dayOf(date, 1), Crew.dayOf(date, other)]);

    const overlap = await reassign(first, other);
    expect(overlap.status).toBe(409);
    expect((await json<{ msg: string }>(overlap)).msg).toMatch(
      /has another job at 9:00 AM that overlaps this one/,
    );

    const hours = await reassign(first, early.number);
    expect(hours.status).toBe(409);
    expect((await json<{ msg: string }>(hours)).msg).toBe(
      `${early.firstName} ${early.lastName} works 12:00 PM to 7:00 PM that day: a job from 9:00 AM to 10:00 AM is outside those hours.`,
    );

    const off = await reassign(first, away.number);
    expect(off.status).toBe(409);
    expect((await json<{ msg: string }>(off)).msg).toBe(
      `${away.firstName} ${away.lastName} has ${time.formatLongDate(date)} off.`,
    );

    expect(
      (await send('POST', `/api/admin/technicians/${early.number}/deactivate`, admin.headers)).status,
    ).toBe(200);
    const inactive = await reassign(first, early.number);
    expect(inactive.status).toBe(409);
    expect((await json<{ msg: string }>(inactive)).msg).toMatch(/is deactivated/);

    // Nothing changed: the claims and both days as they were.
    expect((await findBooking(first)).claim?.technician).toBe(1);
    expect((await findBooking(second)).claim?.technician).toBe(other);
    expect(await Promise.all([Crew.dayOf(date, 1), Crew.dayOf(date, other)])).toEqual(before);
  });

  it('404 for an unknown technician or booking, 400 for a bad body, 409 for a closed booking', async () => {
    const date = nextDate();
    const id = await bookAt(date);
    expect((await reassign(id, 9999)).status).toBe(404);
    expect((await reassign(createId('booking'), 1)).status).toBe(404);
    for (const bad of ['1', 0, -1, 1.5, null]) {
      const response = await reassign(id, bad);
      expect(response.status, String(bad)).toBe(400);
      expect(await json(response)).toHaveProperty('msg');
    }
    await send('PATCH', `/api/bookings/${id}/status`, admin.headers, { status: 'Cancelled' });
    const closed = await reassign(id, 1);
    expect(closed.status).toBe(409);
    expect(await json(closed)).toEqual({ msg: 'A cancelled or completed booking keeps its technician.' });
  });
});

describe('race: a reassignment against new bookings of the same time', { timeout: 120_000 }, () => {
  it('never puts two jobs on one technician at once; every claim matches its day', async () => {
    const { technician } = await createTechnician();
    const crew = [1, technician.number];
    // Only these two work that date: deactivate any other technician the file made.
    for (const t of await json<{ number: number; active: boolean }[]>(
      await send('GET', '/api/admin/technicians', admin.headers),
    )) {
      if (!crew.includes(t.number) && t.active) {
        await send('POST', `/api/admin/technicians/${t.number}/deactivate`, admin.headers);
      }
    }
    const date = nextDate();
    const moved = await bookAt(date);
    expect((await findBooking(moved)).claim?.technician).toBe(1);
    // Ten customers book 09:00 (ten services) while the admin gives the 09:00 job to the other technician.
    const contenders = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const [customer, service] = await Promise.all([createUserWithCard(), serviceOffering(['09:00'])]);
        return { customer, service };
      }),
    );
    const [moveReply, ...bookings] = await Promise.all([
      reassign(moved, technician.number),
      ...contenders.map(({ customer, service }) => postBooking(customer, service._id, date, '09:00')),
    ]);
    const statuses = bookings.map((r) => r.status);
    console.info(`reassign race: reassignment ${moveReply.status}, bookings ${JSON.stringify(statuses)}`);
    expect([200, 409]).toContain(moveReply.status);
    // Two technicians, one 09:00 job each: the moved job holds one, so exactly one booking wins.
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const winner = (await json<{ booking: { _id: string } }>(bookings[statuses.indexOf(201)] as Response))
      .booking._id;
    const days = await Promise.all(crew.map((t) => jobsOf(date, t)));
    expect(days.every((jobs) => jobs.length === 1)).toBe(true);
    expect(days.flat().sort()).toEqual([moved, winner].sort());
    for (const [i, t] of crew.entries()) {
      const [id] = days[i] ?? [];
      expect((await findBooking(id as string)).claim?.technician).toBe(t);
    }
    const expected = moveReply.status === 200 ? technician.number : 1;
    expect((await findBooking(moved)).claim?.technician).toBe(expected);
  });
});
