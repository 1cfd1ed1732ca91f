import { addDays, today } from '@app/core/time';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * The bookings desk in the browser tests: its parts on /admin, and the few
 * API calls the tests set up with. Every booking a test makes is recorded, so
 * its fixture can cancel it afterwards (the crew is one van shop-wide).
 */

type Account = { token: string };
const auth = (account: Account) => ({ 'x-auth-token': account.token });

/**
 * A date no other spec books: far ahead (the other specs book within six
 * weeks), one per test by `slot`. The desk accepts any date from today on.
 */
export const deskDate = (slot: number): string => addDays(today(), 180 + slot);

/** A name no other test uses, so a search finds only this test's bookings. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (d) =>
    'abcdefghij'.charAt(Number(d)),
  );
}

export type DeskBooking = {
  _id: string;
  status: string;
  date: string;
  time: string;
  clientFirstName: string;
  clientLastName: string;
  user: { _id: string; email: string } | null;
};

export type CustomBookingInput = {
  date: string;
  time: string;
  clientFirstName?: string;
  clientLastName: string;
  duration?: number;
  customServiceName?: string;
  customServicePrice?: number;
};

/** POST /api/bookings/admin-create: a custom booking, Pending Verification. */
export async function createCustomBookingThroughApi(
  request: APIRequestContext,
  admin: Account,
  input: CustomBookingInput,
): Promise<DeskBooking> {
  const response = await request.post('/api/bookings/admin-create', {
    headers: auth(admin),
    data: {
      isCustomService: true,
      customServiceName: input.customServiceName ?? 'Brake Inspection',
      customServicePrice: input.customServicePrice ?? 120,
      date: input.date,
      time: input.time,
      duration: input.duration ?? 60,
      clientFirstName: input.clientFirstName ?? 'Pat',
      clientLastName: input.clientLastName,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: 2018,
      vehicleColor: 'Silver',
      notes: 'Phoned in.',
    },
  });
  expect(response.status(), `POST admin-create: ${await response.text()}`).toBe(201);
  return (await response.json()) as DeskBooking;
}

/** PATCH /api/bookings/{id}/assign-customer: the customer is mailed the confirmation link. */
export async function assignThroughApi(
  request: APIRequestContext,
  admin: Account,
  bookingId: string,
  customer: { _id: string; email: string },
): Promise<DeskBooking> {
  const response = await request.patch(`/api/bookings/${bookingId}/assign-customer`, {
    headers: auth(admin),
    data: { customerId: customer._id, customerEmail: customer.email },
  });
  expect(response.status(), `PATCH assign-customer: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { booking: DeskBooking }).booking;
}

/** GET /api/bookings/all?customerName=: every status, as the server keeps them. */
export async function bookingsNamed(
  request: APIRequestContext,
  admin: Account,
  customerName: string,
): Promise<DeskBooking[]> {
  const response = await request.get(`/api/bookings/all?customerName=${encodeURIComponent(customerName)}`, {
    headers: auth(admin),
  });
  expect(response.status(), `GET /api/bookings/all: ${await response.text()}`).toBe(200);
  return (await response.json()) as DeskBooking[];
}

/** Cancels a booking (any status; 409 or 404 for one already gone is fine: nothing to give back). */
export async function cancelThroughApi(request: APIRequestContext, admin: Account, bookingId: string) {
  await request.patch(`/api/bookings/${bookingId}/status`, {
    headers: auth(admin),
    data: { status: 'Cancelled' },
  });
}

/** The Manage Bookings panel of /admin. */
export const desk = (page: Page): Locator => page.getByRole('region', { name: 'Manage Bookings' });

/** A booking's card, by the customer's name on it. */
export const deskCard = (page: Page, customerName: string): Locator =>
  desk(page).getByRole('article', { name: new RegExp(customerName) });

export const deskCards = (page: Page): Locator => desk(page).getByRole('article');

/** Runs the advanced search for a customer name. */
export async function searchCustomer(page: Page, name: string): Promise<void> {
  const search = desk(page).getByRole('form', { name: 'Advanced Search' });
  await search.getByLabel('Customer name').fill(name);
  await search.getByRole('button', { name: 'Search' }).click();
}

/** Opens /admin and waits for the desk's list. */
export async function openDesk(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(desk(page).getByRole('heading', { name: 'Active Bookings' })).toBeVisible();
  await expect(desk(page).getByText('Loading bookings...')).toBeHidden();
}

/** Fills Create Custom Booking in custom mode. */
export async function fillCustomBooking(
  page: Page,
  input: { date: string; time: string; firstName: string; lastName: string; service: string; price: string },
): Promise<void> {
  const form = desk(page);
  await form.getByRole('radio', { name: 'Custom service' }).check();
  await form.getByLabel('Custom service name').fill(input.service);
  await form.getByLabel('Custom service price ($)').fill(input.price);
  await form.getByLabel('Date').fill(input.date);
  await form.getByLabel('Time').selectOption(input.time);
  await form.getByLabel('First name').fill(input.firstName);
  await form.getByLabel('Last name').fill(input.lastName);
  await form.getByLabel('Make').selectOption('Toyota');
  await expect(form.getByLabel('Model')).toBeEnabled();
  await form.getByLabel('Model').selectOption('Camry');
  await form.getByLabel('Year').fill('2018');
  await form.getByLabel('Color (optional)').fill('Silver');
  await form.getByLabel('Notes (optional)').fill('Phoned in; gate code 1234.');
}
