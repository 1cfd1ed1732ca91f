import * as time from '@app/core/time';
import { type APIRequestContext, expect } from '@playwright/test';
import type { CustomerReply } from '../../functions/src/api/admin';
import type { AdminBookingReply, BookingReply, ConfirmationReply } from '../../functions/src/api/bookings';
import { customBookingBody } from '../../tests/desk-bookings';
import type { VehicleDetails } from './bookings';
import { type Account, auth, linkInMail } from './session';

/**
 * The admin's bookings desk driven through the API (issue 11), so a browser
 * test can set up a custom booking, a customer or an assignment in a few
 * calls and spend its time on the page it is about. The mailed links are
 * read from the local outbox, as a customer would find them.
 */
/** What the Create Custom Booking form sends (doc 2 §5); any field may be overridden. */
export type CustomBookingDetails = Partial<{
  isCustomService: boolean;
  serviceId: string;
  customServiceName: string;
  customServicePrice: number;
  date: string;
  time: string;
  duration: number;
  clientFirstName: string;
  clientLastName: string;
}> &
  Partial<VehicleDetails>;

/** The times the custom booking form offers (doc 2 §9): 09:00 to 17:30, every 30 minutes. */
const TIMES = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/**
 * `POST /api/bookings/admin-create` as `admin`: a custom booking ('Headlight
 * restoration', $89.50, 60 minutes) for Pat Phoner's 2017 Toyota Camry
 * unless `details` says otherwise. Without `date`/`time`, the first time
 * the crew has free from `fromDay` days ahead (far enough not to meet the
 * booking specs' times) is taken; a 409 (someone else's job) moves on.
 * Returns the booking (status 'Pending Verification', user null).
 */
export async function adminCreateThroughApi(
  request: APIRequestContext,
  admin: Account,
  details: CustomBookingDetails = {},
  fromDay = 45,
): Promise<AdminBookingReply> {
  const dates = details.date
    ? [details.date]
    : Array.from({ length: 60 }, (_, i) => time.addDays(time.today(), fromDay + i));
  for (const date of dates) {
    for (const at of details.time ? [details.time] : TIMES) {
      const response = await request.post('/api/bookings/admin-create', {
        headers: auth(admin),
        data: customBookingBody(date, at, { isCustomService: details.serviceId === undefined, ...details }),
      });
      if (response.status() === 409 && !(details.date && details.time)) continue;
      expect(response.status(), `POST /api/bookings/admin-create: ${await response.text()}`).toBe(201);
      return (await response.json()) as AdminBookingReply;
    }
  }
  throw new Error('No free time for a custom booking in two months');
}

/**
 * `PATCH /api/bookings/{id}/assign-customer` as `admin`: gives the booking to
 * `customer` (a fixture's TestUser, or a CustomerReply), which mails them the
 * confirmation link. Returns the booking ('Pending Customer Verification').
 */
export async function assignThroughApi(
  request: APIRequestContext,
  admin: Account,
  bookingId: string,
  customer: { user: { _id: string; email: string } } | { _id: string; email: string },
): Promise<AdminBookingReply> {
  const who = 'user' in customer ? customer.user : customer;
  const response = await request.patch(`/api/bookings/${bookingId}/assign-customer`, {
    headers: auth(admin),
    data: { customerId: who._id, customerEmail: who.email },
  });
  expect(response.status(), `PATCH assign-customer: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { booking: AdminBookingReply }).booking;
}

/**
 * `POST /api/admin/create-customer` as `admin`: a customer with no password
 * yet, mailed an invitation (see `invitationLinkInMail`). Returns the customer.
 */
export async function createCustomerThroughApi(
  request: APIRequestContext,
  admin: Account,
  details: { firstName: string; lastName: string; email: string; phone?: string },
): Promise<CustomerReply> {
  const response = await request.post('/api/admin/create-customer', { headers: auth(admin), data: details });
  expect(response.status(), `POST create-customer: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { user: CustomerReply }).user;
}

/**
 * `GET /api/bookings/all` as `admin`, with the given filters (only non-empty
 * ones are sent): the first page of the open bookings that match.
 */
export async function listAllThroughApi(
  request: APIRequestContext,
  admin: Account,
  filters: Record<string, string | number | undefined> = {},
): Promise<BookingReply[]> {
  const query = new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
  const response = await request.get(`/api/bookings/all${query ? `?${query}` : ''}`, {
    headers: auth(admin),
  });
  expect(response.status(), `GET /api/bookings/all: ${await response.text()}`).toBe(200);
  return (await response.json()) as BookingReply[];
}

/** The path `/verify-custom-booking/<token>` of the newest confirmation link mailed to `email`. */
export function confirmationLinkInMail(request: APIRequestContext, email: string): Promise<string> {
  return linkInMail(request, email, 'verify-custom-booking');
}

/** The path `/reset-password/<token>` of the newest invitation (or reset) link mailed to `email`. */
export function invitationLinkInMail(request: APIRequestContext, email: string): Promise<string> {
  return linkInMail(request, email, 'reset-password');
}

/** The booking a confirmation link shows (GET /api/bookings/verify-custom-booking/{token}), no login. */
export async function readConfirmationThroughApi(
  request: APIRequestContext,
  linkPath: string,
): Promise<ConfirmationReply> {
  const response = await request.get(
    `/api${linkPath.replace('/verify-custom-booking/', '/bookings/verify-custom-booking/')}`,
  );
  expect(response.status(), `GET confirmation: ${await response.text()}`).toBe(200);
  return (await response.json()) as ConfirmationReply;
}
