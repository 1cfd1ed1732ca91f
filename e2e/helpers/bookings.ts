import * as time from '@app/core/time';
import { type APIRequestContext, expect } from '@playwright/test';
import type { BookingReply } from '../../functions/src/api/bookings';
import { caseysCivic } from '../../tests/booking-fixtures';
import { type Account, auth } from './session';

/** The vehicle and notes of a booking (doc 1 §3, doc 2 §5). */
export type VehicleDetails = {
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  notes: string;
};

/** The details a customer types when booking (doc 1 §3); the test's overrides win. */
export type BookingDetails = Partial<VehicleDetails & { clientFirstName: string; clientLastName: string }>;

export { caseysCivic };

/**
 * Books `serviceName` (a seeded service) for `customer` through the API, as the
 * booking page does: the first time offered on the first day from `fromDay`
 * days ahead that has one. The customer needs a card on file (the
 * `customerWithCard` fixture, or `accounts.create({ withCard: true })`).
 * Another test or spec may have taken a time meanwhile (409): the next one is tried.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  customer: Account,
  serviceName: string,
  details: BookingDetails = {},
  fromDay = 3,
): Promise<BookingReply> {
  const services = (await (await request.get('/api/services')).json()) as { _id: string; name: string }[];
  const service = services.find((item) => item.name === serviceName);
  if (!service) throw new Error(`No seeded service named ${serviceName}`);
  for (let ahead = fromDay; ahead < fromDay + 28; ahead += 1) {
    const date = time.addDays(time.today(), ahead);
    const availability = await request.get(`/api/services/${service._id}/availability?date=${date}`);
    expect(availability.ok(), `availability of ${serviceName} on ${date}`).toBe(true);
    const { times } = (await availability.json()) as { times: string[] };
    for (const at of times) {
      const response = await request.post('/api/bookings', {
        headers: auth(customer),
        data: {
          ...caseysCivic,
          ...details,
          serviceId: service._id,
          date,
          time: at,
        },
      });
      if (response.status() === 409) continue;
      expect(response.status(), `POST /api/bookings: ${await response.text()}`).toBe(201);
      return ((await response.json()) as { booking: BookingReply }).booking;
    }
  }
  throw new Error(`No time left for ${serviceName} in four weeks`);
}

/**
 * The admin sets a booking's status (PATCH /api/bookings/{id}/status); completing it charges the card on file,
 * with the customer's `tip` when one is given (issue 35: as chosen on the phone at sign-off).
 */
export async function setStatusThroughApi(
  request: APIRequestContext,
  admin: Account,
  bookingId: string,
  body:
    | { status: string; overrideReason?: string; tip?: { percent: number } | { amount: number } }
    | { serviceStatus: string },
): Promise<BookingReply> {
  // The browser tests book from live availability, often days ahead: completing one is the admin's
  // override of the completion rule (decision 090), with its reason, unless the test names its own.
  const data =
    'status' in body && body.status === 'Completed' && !body.overrideReason
      ? { ...body, overrideReason: 'Test fixture: completed ahead of its day.' }
      : body;
  const response = await request.patch(`/api/bookings/${bookingId}/status`, {
    headers: auth(admin),
    data,
  });
  expect(response.status(), `PATCH status: ${await response.text()}`).toBe(200);
  return (await response.json()) as BookingReply;
}

/**
 * Deletes a testimonial a test left (and its profile image), so the seeded list
 * that other specs count stays as it was. No route or core verb deletes one for
 * a customer; the item is removed from the running product's table directly,
 * as the fixtures make accounts there. Needs the `accounts` fixture to have
 * pointed core at the running stack (any account fixture does).
 */
export async function removeTestimonial(testimonial: { _id: string; profileImageUrl: string | null }) {
  const { rawDb, tableName } = await import('@app/core/db/client');
  const { DeleteItemCommand } = await import('@aws-sdk/client-dynamodb');
  await rawDb().send(
    new DeleteItemCommand({
      TableName: tableName(),
      Key: { pk: { S: `TESTIMONIAL#${testimonial._id}` }, sk: { S: 'TESTIMONIAL' } },
    }),
  );
  const { Images } = await import('@app/core/storage/images');
  if (testimonial.profileImageUrl?.startsWith(Images.PATH_PREFIX)) {
    await Images.remove(testimonial.profileImageUrl.slice(Images.PATH_PREFIX.length));
  }
}
