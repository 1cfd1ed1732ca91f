import { asSystem } from '@app/core/actor';
import { jobOf, relocate } from '@app/core/booking/claim';
import { Crew } from '@app/core/crew/crew';
import { db } from '@app/core/db/client';
import { findBooking, type Stored } from '@app/core/booking/store';
import { Geo } from '@app/core/geo/index';
import { Technician } from '@app/core/technician/index';
import { describe, expect, it } from 'vitest';
import { addressAt, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { serviceOffering, createUser, createUserWithCard, json, withCrew } from '../../../tests/factories';

/**
 * Scheduling that leaves time to drive (issue 20, decision 066): what
 * availability offers and what a claim takes depend on where the day's
 * other jobs are. Bookings are placed with Booking.relocate (the admin's
 * address change) until the booking requests carry an address.
 */

type Availability = { times: string[]; system: string; message: string };

/** Books `serviceId` at `date` `at` through the API, then moves the booking to `zipCode`. */
async function bookAt(serviceId: string, date: string, at: string, zipCode: string): Promise<Stored> {
  const customer = await createUserWithCard();
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status, `${at}: ${JSON.stringify(await response.clone().json())}`).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(response);
  const read = await findBooking(booking._id);
  return asSystem('test', async () => relocate(read, { ...read, serviceAddress: await addressAt(zipCode) }));
}

const availability = async (serviceId: string, date: string, query = '') =>
  json<Availability>(await send('GET', `/api/services/${serviceId}/availability?date=${date}${query}`));

describe('availability by address', () => {
  it('a job 25 miles away is not offered right after another job where a near one is', async () => {
    expect((await Technician.list()).filter((t) => t.active).map((t) => t.number)).toEqual([1]);
    const date = nextDate('Wednesday');
    const times = ['10:30', '11:00', '11:30', '12:00'];
    const service = await serviceOffering(['09:00', ...times]);
    await bookAt(service._id, date, '09:00', '19383');
    // Near (the same ZIP): 10:00 + 30 minutes of buffer. Philadelphia (19103, 23 miles): over an hour's drive more.
    expect((await availability(service._id, date, '&zipCode=19383')).times).toEqual(times);
    const far = (await availability(service._id, date, '&zipCode=19103')).times;
    expect(far).not.toContain('10:30');
    expect(far).not.toContain('11:00');
    expect(far).toContain('12:00');
    // Without an address: from the base, as before (the base is 10 minutes from 19383).
    expect((await availability(service._id, date)).times).toEqual(['11:00', '11:30', '12:00']);
  });

  it('a saved address needs a session; an unknown ZIP is 400; outside the area no time is offered', async () => {
    const date = nextDate('Thursday');
    const service = await serviceOffering(['09:00']);
    const path = `/api/services/${service._id}/availability?date=${date}`;
    expect((await send('GET', `${path}&addressId=adr_x`)).status).toBe(401);
    const bad = await send('GET', `${path}&zipCode=00000`);
    expect(bad.status).toBe(400);
    expect((await json<{ msg: string }>(bad)).msg).toBe(Geo.messages.unknownZip);
    expect((await send('GET', `${path}&zipCode=abc`)).status).toBe(400);
    const outside = await availability(service._id, date, '&zipCode=19047');
    expect(outside).toEqual({ times: [], system: 'legacy', message: Geo.messages.outside('19047') });
  });

  it('a saved address of the signed-in customer is planned from its coordinates; another’s is 404', async () => {
    const date = nextDate('Friday');
    const service = await serviceOffering(['10:30', '12:15']);
    await bookAt(service._id, date, '10:30', '19383');
    const [customer, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const saved = await send('POST', '/api/users/me/addresses', customer.headers, {
      street: '1500 Market St',
      city: 'Philadelphia',
      state: 'PA',
      zipCode: '19103',
    });
    expect(saved.status).toBe(201);
    const { _id: addressId } = await json<{ _id: string }>(saved);
    const path = `/api/services/${service._id}/availability?date=${date}&addressId=${addressId}`;
    const mine = await json<Availability>(await send('GET', path, customer.headers));
    // 10:30–11:30 near, then over an hour to Philadelphia and the buffer: 12:15 cannot be reached.
    expect(mine.times).toEqual([]);
    // The default address (West Chester, 19382; 10 minutes and the buffer) can be reached by 12:15.
    const home = await json<Array<{ _id: string }>>(
      await send('GET', '/api/users/me/addresses', customer.headers),
    );
    const homeId = home.find((a) => a._id !== addressId)?._id;
    const near = await send(
      'GET',
      `/api/services/${service._id}/availability?date=${date}&addressId=${homeId}`,
      customer.headers,
    );
    expect((await json<Availability>(near)).times).toEqual(['12:15']);
    expect((await send('GET', path, other.headers)).status).toBe(404);
  });
});

describe('availability shown at a saved address (decision 112)', () => {
  it('reads the session, then one batch, once the set-up is remembered', async () => {
    const date = nextDate('Thursday');
    const service = await serviceOffering(['10:00', '11:00']);
    const customer = await createUserWithCard();
    const [home] = await json<Array<{ _id: string }>>(
      await send('GET', '/api/users/me/addresses', customer.headers),
    );
    const path = `/api/services/${service._id}/availability?date=${date}&addressId=${home?._id}`;
    // The first asks remember the set-up (and the drive times, which may be written once).
    const first = await json<Availability>(await send('GET', path, customer.headers));
    expect(first.times).toEqual(['10:00', '11:00']);
    await send('GET', path, customer.headers);
    const sent: string[] = [];
    db().middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'countTableCalls' },
    );
    try {
      expect(await json<Availability>(await send('GET', path, customer.headers))).toEqual(first);
    } finally {
      db().middlewareStack.remove('countTableCalls');
    }
    // The user of the session; then the address, the crew's days and the BOOKED guards at once.
    expect(sent).toEqual(['GetItemCommand', 'BatchGetItemCommand']);
  });
});

describe('claims on the route', () => {
  it('a booking that fits only on the second technician gets the second', async () => {
    await withCrew(2, async () => {
      const date = nextDate('Saturday');
      const service = await serviceOffering(['09:00']);
      const other = await serviceOffering(['09:00']);
      const later = await serviceOffering(['10:30', '10:45'], { duration: 30 });
      const farJob = await bookAt(service._id, date, '09:00', '19103');
      const nearJob = await bookAt(other._id, date, '09:00', '19383');
      expect([farJob.claim?.technician, nearJob.claim?.technician]).toEqual([1, 2]);
      // From the base at 10:45: technician 1 is over an hour away, technician 2 ten minutes (and 30 of buffer).
      expect((await availability(later._id, date)).times).toEqual(['10:45']);
      const customer = await createUserWithCard();
      const booked = await postBooking(customer, later._id, date, '10:45');
      expect(booked.status).toBe(201);
      const { booking } = await json<{ booking: { _id: string } }>(booked);
      expect((await findBooking(booking._id)).claim?.technician).toBe(2);
      expect(Object.keys((await Crew.dayOf(date, 2)).jobs).sort()).toEqual([booking._id, nearJob.id].sort());
      expect(Object.keys((await Crew.dayOf(date, 1)).jobs)).toEqual([farJob.id]);
    });
  });

  it('an address change that no longer fits is 409 with why, and changes nothing; cancelling frees the legs', async () => {
    const date = nextDate('Sunday');
    const service = await serviceOffering(['09:00', '10:45']);
    const first = await bookAt(service._id, date, '09:00', '19383');
    // Booked at the base first (10 minutes from 19383), then moved there.
    const second = await bookAt(service._id, date, '10:45', '19383');
    const read = await findBooking(second.id);
    const moved = asSystem('test', async () =>
      relocate(read, { ...read, serviceAddress: await addressAt('19103') }),
    );
    await expect(moved).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(
        /^The new address is \d+ minutes from the 09:00 job: the technician cannot get there by 10:45\.$/,
      ),
    });
    expect((await findBooking(second.id)).serviceAddress?.zipCode).toBe('19383');
    // Once the 09:00 job is cancelled, the day starts at the base and Philadelphia is reachable by 10:45.
    const admin = await createUser({ role: 'admin' });
    const cancel = await send('PATCH', `/api/bookings/${first.id}/status`, admin.headers, {
      status: 'Cancelled',
    });
    expect(cancel.status).toBe(200);
    expect(Object.keys((await Crew.dayOf(date, 1)).jobs)).toEqual([second.id]);
    const again = await findBooking(second.id);
    const relocated = await asSystem('test', async () =>
      relocate(again, { ...again, serviceAddress: await addressAt('19103') }),
    );
    expect(relocated.serviceAddress?.zipCode).toBe('19103');
    expect((await findBooking(second.id)).serviceAddress?.zipCode).toBe('19103');
    const place = relocated.serviceAddress?.location;
    expect(jobOf(relocated).at).toEqual({ lat: place?.lat, lng: place?.lng });
    expect((await Crew.dayOf(date, 1)).jobs[second.id]).toMatchObject({
      start: relocated.claim?.start,
      lat: place?.lat,
    });
  });
});
