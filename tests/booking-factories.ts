import type { Weekday } from '@app/core/time';
import * as time from '@app/core/time';
import { app } from '../functions/src/api/index';

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
