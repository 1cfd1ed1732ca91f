import { addDays, formatLongDate, formatTime, weekdayOf } from '@app/core/time';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** The booking pages' parts, for the browser tests that book through them. */

export type Service = { _id: string; name: string };

export async function serviceNamed(request: APIRequestContext, name: string): Promise<Service> {
  const services = (await (await request.get('/api/services')).json()) as Service[];
  const service = services.find((s) => s.name === name);
  if (!service) throw new Error(`No seeded service named ${name}`);
  return service;
}

/** 'Monday, November 23, 2026', as the pages write a date. */
export const longDate = (date: string) => `${weekdayOf(date)}, ${formatLongDate(date)}`;

/** The calendar's cell of a yyyy-MM-dd day, moving to its month first. */
export async function dayCell(page: Page, date: string) {
  const cell = page.locator(`td[data-day="${date}"]`);
  // The calendar first: a page still loading has no cell yet, and must not be paged on from.
  await expect(page.getByRole('grid').first()).toBeVisible();
  for (let i = 0; i < 3 && !(await cell.isVisible()); i++) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(cell).toBeVisible();
  return cell;
}

export async function chooseDay(page: Page, date: string) {
  await (await dayCell(page, date)).getByRole('button').click();
  // The chosen address (?address=, issue 20) may follow the date.
  await expect(page).toHaveURL(new RegExp(`[?&]date=${date}(&|$)`));
  await expect(page.getByText(longDate(date), { exact: true })).toBeVisible();
}

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const times = (page: Page) => page.getByRole('list', { name: 'Available times' });
export const timeButton = (page: Page, time: string) =>
  times(page).getByRole('button', { name: formatTime(time) });

/**
 * The times the API offers now ('HH:mm'), from the shop's base or at `place` (issue 20: `{ zipCode }`; a
 * customer's page asks for their address, whose drive from the base or the previous job may rule out a time).
 * Other bookings (the technicians' routes) change them.
 */
export async function freeTimes(
  request: APIRequestContext,
  serviceId: string,
  date: string,
  place: Record<string, string> = {},
): Promise<string[]> {
  const query = new URLSearchParams({ date, ...place }).toString();
  const reply = await request.get(`/api/services/${serviceId}/availability?${query}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { times: string[] }).times;
}

/** The first open date from `from` on with at least `count` free times. */
export async function dateWithTimes(
  request: APIRequestContext,
  serviceId: string,
  from: string,
  count: number,
  place: Record<string, string> = {},
) {
  for (let date = from, i = 0; i < 14; date = addDays(date, 1), i++) {
    const free = await freeTimes(request, serviceId, date, place);
    if (free.length >= count) return { date, free };
  }
  throw new Error(`No date from ${from} with ${count} free times`);
}

/** Fills the booking form's vehicle (Casey's blue 2019 Honda Civic), the phone if asked, and the terms, in `scope`. */
export async function fillVehicle(scope: Page | Locator) {
  await scope.getByLabel('Make').fill('Honda');
  await scope.getByLabel('Model').fill('Civic');
  await scope.getByLabel('Year').fill('2019');
  await scope.getByLabel('Color').fill('Blue');
  await fillPhoneIfAsked(scope);
  await scope.getByLabel(/I agree to the/).check();
}

/**
 * Books `time` on `date` on the booking page the customer is on: the day, the time, the vehicle
 * (as `fillVehicle`), Confirm Booking, and the success message.
 */
export async function bookTheTime(page: Page, date: string, time: string, linkedVehicle?: string) {
  await chooseDay(page, date);
  await timeButton(page, time).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  await (linkedVehicle ? confirmLinkedVehicle(page, linkedVehicle) : fillVehicle(page));
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(
    page.getByText('Your appointment has been successfully booked! You can view it in your Service History.'),
  ).toBeVisible();
}

/**
 * A link that names the customer's garage vehicle (`?vehicle=`: a due notice, a follow-up) has it
 * picked on the details step (issue 34): its fields are not asked; the phone when asked, the terms.
 */
export async function confirmLinkedVehicle(scope: Page, vehicleName: string) {
  await expect(scope.getByLabel('Your vehicle').locator('option:checked')).toHaveText(vehicleName);
  await expect(scope.getByLabel('Make')).toHaveCount(0);
  await fillPhoneIfAsked(scope);
  await scope.getByLabel(/I agree to the/).check();
}

/** The number a test customer gives when the booking page asks (issue 30: their account has none). */
export const TEST_PHONE = '(610) 555-0123';

/** Fills the booking page's phone field when it is there (an account without a number). */
export async function fillPhoneIfAsked(scope: Page | Locator) {
  const phone = scope.getByLabel('Phone number');
  if ((await phone.count()) > 0) await phone.fill(TEST_PHONE);
}
