import { addDays, today } from '@app/core/time';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * The bookings desk's page in the browser tests: its parts on /admin, the
 * dates and names the desk's specs use, and the clean-up call. The API set-up
 * calls are desk-api's (./admin-bookings.ts). Every booking a test makes is
 * cancelled afterwards (the crew is one van shop-wide).
 */

type Account = { token: string };
const auth = (account: Account) => ({ 'x-auth-token': account.token });

/**
 * A date no other spec books: far ahead (the booking specs book within six
 * weeks, admin-bookings.ts's helper from 45 days on), one per test by `slot`.
 */
export const deskDate = (slot: number): string => addDays(today(), 180 + slot);

/** A name no other test uses, so a search finds only this test's bookings. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (d) =>
    'abcdefghij'.charAt(Number(d)),
  );
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

/** Runs the advanced search for a customer name (and a status, e.g. 'Completed', when one is given). */
export async function searchCustomer(page: Page, name: string, status?: string): Promise<void> {
  const search = desk(page).getByRole('form', { name: 'Advanced Search' });
  await search.getByLabel('Customer name').fill(name);
  if (status) await search.getByLabel('Status').selectOption({ label: status });
  await search.getByRole('button', { name: 'Search' }).click();
}

/** Opens /admin and waits for the desk's list. */
export async function openDesk(page: Page): Promise<void> {
  await page.goto('/admin?section=bookings');
  await expect(desk(page).getByRole('heading', { name: 'Active Bookings' })).toBeVisible();
  await expect(desk(page).getByText('Loading bookings...')).toBeHidden();
}

/** Fills a service address's fields (issue 20) inside `scope`. */
export async function fillAddress(
  scope: Locator,
  address: {
    street: string;
    unit?: string;
    city: string;
    state: string;
    zipCode: string;
    accessNotes?: string;
  },
): Promise<void> {
  await scope.getByLabel('Street address').fill(address.street);
  await scope.getByLabel('Unit (optional)').fill(address.unit ?? '');
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('State').fill(address.state);
  await scope.getByLabel('ZIP code').fill(address.zipCode);
  await scope.getByLabel(/^Access notes/).fill(address.accessNotes ?? '');
}

/** Where the desk's test bookings are, in the shop's own ZIP. */
export const deskAddress = { street: '100 E Gay St', city: 'West Chester', state: 'PA', zipCode: '19380' };

/** Fills Create Custom Booking in custom mode, with a service address (`address`, else deskAddress). */
export async function fillCustomBooking(
  page: Page,
  input: {
    date: string;
    time: string;
    firstName: string;
    lastName: string;
    service: string;
    price: string;
    address?: Parameters<typeof fillAddress>[1];
  },
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
  await fillAddress(form, input.address ?? deskAddress);
  await form.getByLabel('Notes (optional)', { exact: true }).fill('Phoned in; gate code 1234.');
}
