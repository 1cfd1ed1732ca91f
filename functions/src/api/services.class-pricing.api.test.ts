import { bookingMessages } from '@app/core/booking/rules';
import { pricingMessages } from '@app/core/service/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createUser, createUserWithCard, json } from '../../../tests/factories';
import type { BookingReply } from './bookings';
import type { AddOnReply, ServiceReply } from './services';
import type { TechDayReply } from './tech';

/**
 * Price and time by vehicle class, and add-ons (issue 34, decision 122): the
 * admin sets a price and a duration per class and the add-ons a service
 * offers; the server prices and times the booking by them, and availability,
 * the claim and the technician's day use the real length.
 */
let admin: Awaited<ReturnType<typeof createUser>>;
let petHair: AddOnReply;
let engineBay: AddOnReply;
let detail: ServiceReply;

const rates = {
  compact: { price: 149, duration: 90 },
  sedan: { price: 159, duration: 100 },
  suv: { price: 189, duration: 120 },
  truck: { price: 219, duration: 150 },
  van: { price: 209, duration: 140 },
};

const addOn = async (name: string, price: number, duration: number) => {
  const response = await send('POST', '/api/add-ons', admin.headers, { name, price, duration });
  expect(response.status).toBe(201);
  return json<AddOnReply>(response);
};

beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
  [petHair, engineBay] = await Promise.all([addOn('Pet hair', 39.5, 25), addOn('Engine bay', 45, 30)]);
  const created = await send('POST', '/api/services', admin.headers, {
    name: 'Full Detail (class)',
    description: 'Inside and out.',
    price: 999,
    duration: 999,
    availableDays: [],
    availableTimes: ['09:00', '10:00', '10:30', '12:00', '14:00'],
    byClass: rates,
    addOnIds: [petHair._id],
  });
  expect(created.status).toBe(201);
  detail = await json<ServiceReply>(created);
});

type Availability = { times: string[] };
const timesFor = async (date: string, query: string) =>
  (
    await json<Availability>(
      await send('GET', `/api/services/${detail._id}/availability?date=${date}${query}`),
    )
  ).times;

describe('the service priced by class', () => {
  it('is read with its "from" price and duration (the spec client keeps working), each class and its add-ons', async () => {
    expect(detail).toMatchObject({ price: 149, duration: 90, byClass: rates });
    expect(detail.addOns).toEqual([{ _id: petHair._id, name: 'Pet hair', price: 39.5, duration: 25 }]);
    const listed = (await json<ServiceReply[]>(await send('GET', '/api/services'))).find(
      (s) => s._id === detail._id,
    );
    expect(listed).toMatchObject({ price: 149, duration: 90, addOns: [{ name: 'Pet hair' }] });
    expect((await json<AddOnReply[]>(await send('GET', '/api/add-ons'))).map((a) => a._id)).toEqual(
      expect.arrayContaining([petHair._id, engineBay._id]),
    );
  });

  it('refuses a class left out, and an add-on the shop does not have', async () => {
    const { truck: _truck, ...fourClasses } = rates;
    const base = {
      name: 'X',
      description: 'Y',
      price: 10,
      duration: 60,
      availableDays: [],
      availableTimes: [],
    };
    const missing = await send('POST', '/api/services', admin.headers, { ...base, byClass: fourClasses });
    expect(missing.status).toBe(400);
    const unknown = await send('POST', '/api/services', admin.headers, {
      ...base,
      addOnIds: ['add_01HZZZZZZZZZZZZZZZZZZZZZZZ'],
    });
    expect(unknown.status).toBe(400);
    expect((await json<{ msg: string }>(unknown)).msg).toBe('Add-on not found.');
  });

  it('an edit from the spec client (no classes, no add-ons sent) keeps them', async () => {
    const service = await json<ServiceReply>(
      await send('POST', '/api/services', admin.headers, {
        name: 'Kept',
        description: 'Kept.',
        price: 1,
        duration: 60,
        byClass: rates,
        addOnIds: [engineBay._id],
      }),
    );
    const edited = await send('PUT', `/api/services/${service._id}`, admin.headers, {
      name: 'Kept again',
      description: 'Kept.',
      price: service.price,
      duration: service.duration,
      availableDays: [],
      availableTimes: [],
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({
      name: 'Kept again',
      price: 149,
      byClass: rates,
      addOns: [{ name: 'Engine bay' }],
    });
  });
});

describe('a truck detail books the truck’s price and length', () => {
  it('availability offers only the times that fit 150 minutes; the claim refuses a gap too short', async () => {
    const date = nextDate('Tuesday');
    // A compact at 12:00 first: the truck's 150 minutes and the 30-minute buffer must end by then.
    const first = await postBooking(await createUserWithCard(), detail._id, date, '12:00', {
      vehicleClass: 'compact',
    });
    expect(first.status).toBe(201);
    expect(await timesFor(date, '&vehicleClass=compact')).toEqual(['09:00', '10:00', '14:00']);
    expect(await timesFor(date, '&vehicleClass=truck')).toEqual(['09:00', '14:00']);
    // The add-on's 25 minutes count too: 09:00 no longer fits a truck before 12:00.
    expect(await timesFor(date, `&vehicleClass=truck&addOns=${petHair._id}`)).toEqual(['14:00']);

    const customer = await createUserWithCard();
    const tooShort = await postBooking(customer, detail._id, date, '10:00', { vehicleClass: 'truck' });
    expect(tooShort.status).toBe(409);
    expect((await json<{ msg: string }>(tooShort)).msg).toBe(bookingMessages.crewFull);

    // The client's own price and length are never read: the server computes them.
    const booked = await postBooking(customer, detail._id, date, '09:00', {
      vehicleClass: 'truck',
      servicePrice: 1,
      duration: 5,
    });
    expect(booked.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(booked);
    expect(booking).toMatchObject({ servicePrice: 219, duration: 150, vehicleClass: 'truck', addOns: [] });

    const day = await json<TechDayReply>(
      await send('GET', `/api/tech/day?date=${date}&technician=1`, admin.headers),
    );
    expect(day.jobs.find((j) => j._id === booking._id)).toMatchObject({ time: '09:00', duration: 150 });
  });

  it('adds the add-on’s price and minutes, and keeps them as booked when the add-on changes', async () => {
    const date = nextDate('Wednesday');
    const customer = await createUserWithCard();
    const response = await postBooking(customer, detail._id, date, '09:00', {
      vehicleClass: 'truck',
      addOnIds: [petHair._id],
    });
    expect(response.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(response);
    expect(booking).toMatchObject({ servicePrice: 258.5, duration: 175 });
    expect(booking.addOns).toEqual([{ _id: petHair._id, name: 'Pet hair', price: 39.5, duration: 25 }]);
    const pricier = await send('PUT', `/api/add-ons/${petHair._id}`, admin.headers, {
      name: 'Pet hair',
      price: 59,
      duration: 40,
    });
    expect(pricier.status).toBe(200);
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine[0]).toMatchObject({
      servicePrice: 258.5,
      duration: 175,
      addOns: [{ price: 39.5, duration: 25 }],
    });
    await send('PUT', `/api/add-ons/${petHair._id}`, admin.headers, {
      name: 'Pet hair',
      price: 39.5,
      duration: 25,
    });
  });

  it('refuses an add-on the service does not offer, an unknown one and an unknown class: 400, nothing booked', async () => {
    const date = nextDate('Thursday');
    const customer = await createUserWithCard();
    const notOffered = await postBooking(customer, detail._id, date, '09:00', { addOnIds: [engineBay._id] });
    expect(notOffered.status).toBe(400);
    expect((await json<{ msg: string }>(notOffered)).msg).toBe(pricingMessages.unknownAddOn);
    const unknown = await postBooking(customer, detail._id, date, '09:00', {
      addOnIds: ['add_01HZZZZZZZZZZZZZZZZZZZZZZZ'],
    });
    expect(unknown.status).toBe(400);
    const badClass = await postBooking(customer, detail._id, date, '09:00', { vehicleClass: 'limo' });
    expect(badClass.status).toBe(400);
    expect((await json<{ msg: string }>(badClass)).msg).toBe(pricingMessages.unknownClass);
    const notAnId = await send('GET', `/api/services/${detail._id}/availability?date=${date}&addOns=pet`);
    expect(notAnId.status).toBe(400);
    expect(await json(await send('GET', '/api/bookings', customer.headers))).toEqual([]);
  });
});
