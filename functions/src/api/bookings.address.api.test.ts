import { config, readConfig } from '@app/core/config';
import { Geo } from '@app/core/geo/index';
import { Technician } from '@app/core/technician/index';
import { afterEach, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { customBookingBody, phoneClient } from '../../../tests/desk-bookings';
import { createService, createUser, createUserWithCard, homeAddress, json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { AddressReply } from './addresses';
import type { AdminBookingReply, BookingReply } from './bookings';

const exton = {
  street: '100 E Lincoln Hwy',
  unit: '',
  city: 'Exton',
  state: 'PA',
  zipCode: '19341',
  accessNotes: '',
};
const pittsburgh = { street: '1 Market Sq', city: 'Pittsburgh', state: 'PA', zipCode: '15222' };
const openService = () => createService({ availableDays: [], availableTimes: ['09:00', '13:00'] });

const bands = config().tripFeeBands;
afterEach(() => {
  config().tripFeeBands = bands;
});
/** Sets TRIP_FEE_BANDS as the config module reads it. */
const setBands = (value: string) => {
  config().tripFeeBands = readConfig({ ...process.env, TRIP_FEE_BANDS: value }).tripFeeBands;
};

describe('a booking takes its service address', () => {
  it("without one (the spec's client), the customer's default; the reply carries serviceAddress and tripFee", async () => {
    const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
    const response = await postBooking(customer, service._id, nextDate(), '09:00');
    expect(response.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(response);
    expect(booking.serviceAddress).toEqual({ ...homeAddress, unit: '' });
    expect(booking.tripFee).toBe(0);
    // The record keeps the geocoded location (read by the route of the technician's day).
    const { findBooking } = await import('@app/core/booking/store');
    const stored = await findBooking(booking._id);
    expect(stored.serviceAddress?.location).toMatchObject({ approximate: expect.any(Boolean) });
    expect(stored.tripFeeCents).toBe(0);
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history.find((b) => b._id === booking._id)?.serviceAddress).toEqual(booking.serviceAddress);
  });

  it('one sent, or a saved one by id; another customer’s id is 404', async () => {
    const [customer, other, service] = await Promise.all([
      createUserWithCard(),
      createUserWithCard(),
      openService(),
    ]);
    const sent = await postBooking(customer, service._id, nextDate(), '09:00', { serviceAddress: exton });
    expect(sent.status).toBe(201);
    expect((await json<{ booking: BookingReply }>(sent)).booking.serviceAddress).toEqual(exton);

    const saved = await json<AddressReply>(
      await send('POST', '/api/users/me/addresses', customer.headers, { ...exton, unit: 'Suite 9' }),
    );
    const byId = await postBooking(customer, service._id, nextDate(), '09:00', { addressId: saved._id });
    expect(byId.status).toBe(201);
    expect((await json<{ booking: BookingReply }>(byId)).booking.serviceAddress?.unit).toBe('Suite 9');

    const theirs = await postBooking(other, service._id, nextDate(), '09:00', { addressId: saved._id });
    expect([theirs.status, await json(theirs)]).toEqual([404, { msg: 'Address not found.' }]);
  });

  it('400 with the message asking for one when none is on file; 400 outside the area; nothing booked', async () => {
    const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
    const [home] = await json<AddressReply[]>(await send('GET', '/api/users/me/addresses', customer.headers));
    await send('DELETE', `/api/users/me/addresses/${home?._id}`, customer.headers);
    const date = nextDate();
    const none = await postBooking(customer, service._id, date, '09:00');
    expect([none.status, await json(none)]).toEqual([400, { msg: Geo.messages.noAddress }]);
    const far = await postBooking(customer, service._id, date, '09:00', { serviceAddress: pittsburgh });
    expect([far.status, await json(far)]).toEqual([400, { msg: Geo.messages.outside('15222') }]);
    const unknown = await postBooking(customer, service._id, date, '09:00', {
      serviceAddress: { ...exton, zipCode: '00000' },
    });
    expect([unknown.status, await json(unknown)]).toEqual([400, { msg: Geo.messages.unknownZip }]);
    const bad = await postBooking(customer, service._id, date, '09:00', {
      serviceAddress: { ...exton, state: 'Penn' },
    });
    expect([bad.status, await json(bad)]).toEqual([
      400,
      { msg: 'State must be a US state code such as PA.' },
    ]);
    expect(await json(await send('GET', '/api/bookings', customer.headers))).toEqual([]);
    // The time is still free.
    expect((await postBooking(customer, service._id, date, '09:00', { serviceAddress: exton })).status).toBe(
      201,
    );
  });

  it('keeps the trip fee of its distance as a snapshot (TRIP_FEE_BANDS), shown in the mails', async () => {
    setBands('3:0,25:2500');
    const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
    const miles = Geo.area((await Geo.locateZip('19341'))!, '19341').miles;
    expect(miles).toBeGreaterThan(3);
    const response = await postBooking(customer, service._id, nextDate(), '09:00', { serviceAddress: exton });
    const { booking } = await json<{ booking: BookingReply }>(response);
    expect(booking.tripFee).toBe(25);
    setBands('');
    const later = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(later.find((b) => b._id === booking._id)?.tripFee).toBe(25);
    const mails = (await readOutbox()).filter((m) => m.to.includes(customer.email));
    expect(mails.some((m) => m.text.includes('Trip fee: $25.00'))).toBe(true);
    expect(mails.some((m) => m.text.includes('Service address: 100 E Lincoln Hwy, Exton, PA 19341'))).toBe(
      true,
    );
  });
});

describe('the admin’s custom booking takes an address too', () => {
  it('sent, or a customer’s saved one by customerId and addressId; none: 400', async () => {
    const [admin, customer] = await Promise.all([createUser({ role: 'admin' }), createUserWithCard()]);
    const date = nextDate(undefined, 30);
    const sent = await send(
      'POST',
      '/api/bookings/admin-create',
      admin.headers,
      customBookingBody(date, '10:00'),
    );
    expect(sent.status).toBe(201);
    const booking = await json<AdminBookingReply>(sent);
    expect(booking.serviceAddress).toMatchObject(phoneClient.serviceAddress);

    const [saved] = await json<AddressReply[]>(
      await send('GET', `/api/admin/users/${customer._id}/addresses`, admin.headers),
    );
    const picked = await send(
      'POST',
      '/api/bookings/admin-create',
      admin.headers,
      customBookingBody(date, '12:00', {
        serviceAddress: undefined,
        customerId: customer._id,
        addressId: saved?._id,
      }),
    );
    expect(picked.status).toBe(201);
    expect((await json<AdminBookingReply>(picked)).serviceAddress).toMatchObject({
      zipCode: homeAddress.zipCode,
    });

    const none = await send(
      'POST',
      '/api/bookings/admin-create',
      admin.headers,
      customBookingBody(date, '14:00', { serviceAddress: undefined }),
    );
    expect([none.status, await json(none)]).toEqual([400, { msg: Geo.messages.noAddress }]);
  });
});

describe('PATCH /api/bookings/:id/address moves a Pending booking', () => {
  it('re-geocodes and takes the trip fee again; outside the area or not Pending: refused, nothing changed', async () => {
    setBands('3:0,25:2500');
    const [customer, admin, service] = await Promise.all([
      createUserWithCard(),
      createUser({ role: 'admin' }),
      openService(),
    ]);
    const { booking } = await json<{ booking: BookingReply }>(
      await postBooking(customer, service._id, nextDate(), '09:00'),
    );
    expect(booking.tripFee).toBe(0);
    const move = (who: { headers: Record<string, string> }, body: unknown) =>
      send('PATCH', `/api/bookings/${booking._id}/address`, who.headers, body);

    const moved = await move(admin, { serviceAddress: exton });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ serviceAddress: exton, tripFee: 25 });

    const far = await move(customer, { serviceAddress: pittsburgh });
    expect([far.status, await json(far)]).toEqual([400, { msg: Geo.messages.outside('15222') }]);
    const empty = await move(customer, {});
    expect([empty.status, await json(empty)]).toEqual([
      400,
      { msg: 'Send the new serviceAddress or an addressId.' },
    ]);
    // The spec's edit leaves the address as it is.
    const vehicle = {
      vehicleMake: 'Mazda',
      vehicleModel: '3',
      vehicleYear: 2020,
      vehicleColor: 'Grey',
      notes: '',
    };
    const plain = await send('PUT', `/api/bookings/${booking._id}`, customer.headers, vehicle);
    expect(await json(plain)).toMatchObject({ vehicleMake: 'Mazda', serviceAddress: exton, tripFee: 25 });
    // Back to a saved address by id.
    const [home] = await json<AddressReply[]>(await send('GET', '/api/users/me/addresses', customer.headers));
    const back = await move(customer, { addressId: home?._id });
    expect(await json(back)).toMatchObject({ serviceAddress: { ...homeAddress, unit: '' }, tripFee: 0 });

    await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, { status: 'Confirmed' });
    const late = await move(admin, { serviceAddress: exton });
    expect(late.status).toBe(409);
  });

  it("409 with the reason when the technicians' days no longer take the job there; nothing changes", async () => {
    const date = nextDate(undefined, 90);
    const crewSize = (await Technician.crewOn(date)).length;
    // Every technician has a 09:00 job near the base; ours follows at 11:00, also near the base.
    for (let i = 0; i < crewSize; i += 1) {
      const [other, early] = await Promise.all([
        createUserWithCard(),
        createService({ availableDays: [], availableTimes: ['09:00'] }),
      ]);
      expect((await postBooking(other, early._id, date, '09:00')).status).toBe(201);
    }
    const [customer, late] = await Promise.all([
      createUserWithCard(),
      createService({ availableDays: [], availableTimes: ['11:00'] }),
    ]);
    const made = await postBooking(customer, late._id, date, '11:00');
    expect(made.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(made);
    // Philadelphia is inside the area, but an hour's drive from the 09:00 jobs.
    const philadelphia = {
      street: '1400 John F Kennedy Blvd',
      city: 'Philadelphia',
      state: 'PA',
      zipCode: '19103',
    };
    expect(Geo.area((await Geo.locateZip('19103'))!, '19103').served).toBe(true);
    const refused = await send('PATCH', `/api/bookings/${booking._id}/address`, customer.headers, {
      serviceAddress: philadelphia,
    });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ msg: expect.stringMatching(/\S/) });
    const after = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(after.find((b) => b._id === booking._id)?.serviceAddress).toEqual({ ...homeAddress, unit: '' });
  });
});

describe('the desk finds bookings by ZIP and by street', () => {
  it('the search words match the service address as well as the names', async () => {
    const [customer, admin, service] = await Promise.all([
      createUserWithCard(),
      createUser({ role: 'admin' }),
      openService(),
    ]);
    const date = nextDate(undefined, 60);
    const { booking } = await json<{ booking: BookingReply }>(
      await postBooking(customer, service._id, date, '09:00', {
        serviceAddress: { ...exton, street: '77 Zebra Lane' },
      }),
    );
    const search = async (words: string) =>
      (
        await json<BookingReply[]>(
          await send(
            'GET',
            `/api/bookings/all?startDate=${date}&endDate=${date}&customerName=${encodeURIComponent(words)}`,
            admin.headers,
          ),
        )
      ).map((b) => b._id);
    expect(await search('19341')).toEqual([booking._id]);
    expect(await search('193')).toEqual([booking._id]);
    expect(await search('zebra la')).toEqual([booking._id]);
    expect(await search('19380')).toEqual([]);
    expect(await search('Giraffe')).toEqual([]);
    const [row] = await json<BookingReply[]>(
      await send('GET', `/api/bookings/all?startDate=${date}&endDate=${date}`, admin.headers),
    );
    expect(row?.serviceAddress?.street).toBe('77 Zebra Lane');
  });
});
