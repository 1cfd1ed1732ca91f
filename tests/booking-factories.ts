import type { Weekday } from '@app/core/time';
import * as time from '@app/core/time';
import { asSystem } from '@app/core/actor';
import type { BookingMailInfo } from '@app/core/booking/mail-info';
import type { Stored } from '@app/core/booking/store';
import { Geo } from '@app/core/geo/index';
import { Service } from '@app/core/service/index';
import { TimeSlot } from '@app/core/timeslot/index';
import { app } from '../functions/src/api/index';
import type { BookingReply } from '../functions/src/api/bookings';
import { createService, createUser, createUserWithCard, json } from './factories';

const handedOut = new Set<string>();

/**
 * A future date (of `weekday`, when given; business zone) at least `ahead` days away that no
 * other test of this file got: the crew is shop-wide, so tests that booked
 * the same day would meet each other's technicians.
 */
export function nextDate(weekday?: Weekday, ahead = 7): string {
  let date = time.addDays(time.today(), ahead);
  while ((weekday && time.weekdayOf(date) !== weekday) || handedOut.has(date)) date = time.addDays(date, 1);
  handedOut.add(date);
  return date;
}

/**
 * A service address at a ZIP's centroid (the geocoder stand-in's), for a
 * booking moved there; `fields` change the street or the notes.
 */
export async function addressAt(
  zipCode: string,
  fields: Partial<Pick<NonNullable<Stored['serviceAddress']>, 'street' | 'accessNotes'>> = {},
): Promise<NonNullable<Stored['serviceAddress']>> {
  const at = await Geo.locateZip(zipCode);
  if (!at) throw new Error(`unknown ZIP ${zipCode}`);
  return {
    street: '1 Test Rd',
    unit: '',
    city: 'Somewhere',
    state: 'PA',
    zipCode,
    accessNotes: '',
    ...fields,
    location: at,
  };
}

/**
 * What the admin adds to complete a fixture's booking before its day: the
 * completion rule's override with a reason (issue 30, decision 090). Tests of
 * what completing does book for a later day, as a customer would.
 */
export const AHEAD_OF_ITS_DAY = { overrideReason: 'Test fixture: completed ahead of its day.' } as const;

/** A valid booking submission (doc 1 §3) for `serviceId` at `date` `at`. */
export function bookingBody(
  serviceId: string,
  date: string,
  at: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    clientFirstName: 'Casey',
    clientLastName: 'Driver',
    vehicleMake: 'Honda',
    vehicleModel: 'Civic',
    vehicleYear: 2019,
    vehicleColor: 'Blue',
    notes: 'Parked in the driveway.',
    serviceId,
    date,
    time: at,
    ...overrides,
  };
}

/** `POST /api/bookings` as `customer`: `bookingBody(serviceId, date, at, overrides)`. */
export function postBooking(
  customer: { headers: Record<string, string> },
  serviceId: string,
  date: string,
  at: string,
  overrides: Record<string, unknown> = {},
): Promise<Response> {
  return send('POST', '/api/bookings', customer.headers, bookingBody(serviceId, date, at, overrides));
}

/**
 * Books `serviceId` for `customer` at 13:00 on a date of its own, then has
 * `admin` complete it ahead of its day (the override): the completion's reply.
 */
export async function bookThenComplete(
  customer: { headers: Record<string, string> },
  admin: { headers: Record<string, string> },
  serviceId: string,
): Promise<Response> {
  const { booking } = await json<{ booking: BookingReply }>(
    await postBooking(customer, serviceId, nextDate(), '13:00'),
  );
  return send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
    status: 'Completed',
    ...AHEAD_OF_ITS_DAY,
  });
}

let ipCounter = 0;

/** Sends one API request as `headers`' user from a fresh client address. */
export async function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Response> {
  ipCounter += 1;
  return app.request(
    path,
    {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: `10.88.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` } } },
  );
}

/**
 * A service of its own that offers the one time `at`, with its slot made on `date` (its other fields
 * as `fields` say): for a test that books, or races for, that one time.
 */
export async function serviceWithSlot(
  date: string,
  at: string,
  fields: Parameters<typeof createService>[0] = {},
) {
  const service = await createService({ availableDays: [], availableTimes: [at], ...fields });
  await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
  return service;
}

/**
 * A customer whose card is `customerCard`, booked `ahead` days out at a `price` service of its own,
 * with the admin's completion (ahead of its day: the override) and the booking's payment as the
 * customer reads it: what the scheduled job's tests (bundle, deadline) charge, retry and sweep.
 */
export async function bookedForCompletion(customerCard: string, price: number, ahead = 7) {
  const admin = await createUser({ role: 'admin' });
  const customer = await createUserWithCard({}, customerCard);
  const date = nextDate(undefined, ahead);
  const service = await serviceWithSlot(date, '10:00', { price });
  const { booking } = await json<{ booking: BookingReply }>(
    await postBooking(customer, service._id, date, '10:00'),
  );
  const complete = (extra: Record<string, unknown> = {}) =>
    send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
      status: 'Completed',
      ...AHEAD_OF_ITS_DAY,
      ...extra,
    });
  const payment = async () =>
    (await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers))).find(
      (b) => b._id === booking._id,
    )?.payment;
  return {
    admin,
    customer,
    complete,
    payment,
    bookingId: booking._id,
    startAt: Date.parse(time.instantOf(date, '10:00')),
  };
}

/**
 * A booking as its mails and texts read it: Jamie Rivera's green 2021 Subaru Outback, an hour, no
 * notes; `fields` give the booking itself.
 */
export function bookingMailInfo(
  fields: Pick<
    BookingMailInfo,
    'id' | 'serviceName' | 'date' | 'time' | 'priceCents' | 'status' | 'customerEmail'
  > &
    Partial<BookingMailInfo>,
): BookingMailInfo {
  return {
    durationMinutes: 60,
    clientFirstName: 'Jamie',
    clientLastName: 'Rivera',
    vehicle: { year: 2021, make: 'Subaru', model: 'Outback', color: 'Green' },
    notes: '',
    customerName: 'Jamie Rivera',
    ...fields,
  };
}
