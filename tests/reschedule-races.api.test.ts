import { BookingLink } from '@app/core/booking/link';
import { Crew } from '@app/core/crew/crew';
import { booked, findBooking } from '@app/core/booking/store';
import { describe, expect, it } from 'vitest';
import type { BookingReply } from '../functions/src/api/bookings';
import { nextDate, postBooking, send } from './booking-factories';
import { createService, createUserWithCard, json } from './factories';

/**
 * The race suite of rescheduling (issue 21, decision 075): a move claims
 * the new time and gives the old one back in one transaction, so many moves
 * of one booking at once leave it in exactly one place, and a move against
 * new bookings of the same time lets exactly one of them have it.
 */

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** Which bookings the technicians' days of `dates` hold, each as often as held. */
async function jobsOn(dates: string[]): Promise<string[]> {
  const all = await Promise.all(dates.map((date) => Crew.days(date)));
  return all.flatMap((days) => [...days.values()].flatMap((day) => Object.keys(day.jobs)));
}

/** The booking holding a service's time (its BOOKED guard), if any. */
const holder = async (serviceId: string, date: string, time: string) =>
  (await booked.get({ key: serviceId, date, time }, { consistent: true }))?.bookingId;

describe('races: rescheduling', { timeout: 120_000 }, () => {
  it('8 moves of one booking at once, to 8 different times: exactly one wins; the days hold the job once', async () => {
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];
    const [customer, service] = await Promise.all([
      createUserWithCard(),
      createService({ availableDays: [], availableTimes: times }),
    ]);
    const from = nextDate();
    const targets = [nextDate(), nextDate()];
    const created = await postBooking(customer, service._id, from, '08:00');
    expect(created.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(created);

    const moves = times.map((time, i) => ({ date: targets[i % 2] as string, time }));
    const responses = await Promise.all(
      moves.map((body) => send('POST', `/api/bookings/${booking._id}/reschedule`, customer.headers, body)),
    );
    const statuses = responses.map((r) => r.status);
    expect(tally(statuses)).toEqual({ 200: 1, 409: 7 });
    const won = moves[statuses.indexOf(200)];
    const stored = await findBooking(booking._id);
    expect([stored.date, stored.time]).toEqual([won?.date, won?.time]);
    expect(stored.icsSequence).toBe(1);

    // One job on the days, one guard: the winner's; the old time and the losers' are free.
    expect(await jobsOn([from, ...targets])).toEqual([booking._id]);
    for (const move of moves) {
      expect(await holder(service._id, move.date, move.time)).toBe(move === won ? booking._id : undefined);
    }
    expect(await holder(service._id, from, '08:00')).toBeUndefined();
  });

  it('a move against 6 new bookings of the same time: exactly one gets it; a losing move keeps the old time', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['09:00', '13:00'] });
    const [mover, others] = await Promise.all([
      createUserWithCard(),
      Promise.all(Array.from({ length: 6 }, () => createUserWithCard())),
    ]);
    const [from, to] = [nextDate(), nextDate()];
    const created = await postBooking(mover, service._id, from, '09:00');
    expect(created.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(created);

    const [moved, ...made] = await Promise.all([
      send('POST', `/api/bookings/${booking._id}/reschedule`, mover.headers, { date: to, time: '13:00' }),
      ...others.map((other) => postBooking(other, service._id, to, '13:00')),
    ]);
    const won = [moved, ...made].filter((r) => r?.status === 200 || r?.status === 201);
    expect(won).toHaveLength(1);
    expect([moved, ...made].every((r) => [200, 201, 409].includes(r?.status ?? 0))).toBe(true);

    const stored = await findBooking(booking._id);
    const holderOfNew = await holder(service._id, to, '13:00');
    if (moved?.status === 200) {
      expect([stored.date, stored.time]).toEqual([to, '13:00']);
      expect(holderOfNew).toBe(booking._id);
      expect(await holder(service._id, from, '09:00')).toBeUndefined();
      expect(await jobsOn([from, to])).toEqual([booking._id]);
    } else {
      expect([stored.date, stored.time]).toEqual([from, '09:00']);
      expect(await holder(service._id, from, '09:00')).toBe(booking._id);
      expect(holderOfNew).not.toBe(booking._id);
      expect((await jobsOn([from, to])).sort()).toEqual([booking._id, holderOfNew].sort());
    }
  });

  it('6 moves by one reminder link at once: exactly one wins, the others are told the link was used', async () => {
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'];
    const [customer, service] = await Promise.all([
      createUserWithCard(),
      createService({ availableDays: [], availableTimes: times }),
    ]);
    const [from, to] = [nextDate(), nextDate()];
    const created = await postBooking(customer, service._id, from, '08:00');
    const { booking } = await json<{ booking: BookingReply }>(created);
    const { token } = await BookingLink.issue({ id: booking._id, date: from, time: '08:00' });
    const responses = await Promise.all(
      times.map((time) => send('POST', `/api/booking-links/${token}/reschedule`, {}, { date: to, time })),
    );
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 1, 409: 5 });
    const refusals = await Promise.all(
      responses.filter((r) => r.status === 409).map((r) => json<{ reason: string }>(r)),
    );
    // Used by the winner, or (read after the move) a link of the time it had before.
    expect(
      refusals.every((r) => r.reason === 'used' || r.reason === 'replaced'),
      JSON.stringify(refusals),
    ).toBe(true);
    expect(await jobsOn([from, to])).toEqual([booking._id]);
  });
});
