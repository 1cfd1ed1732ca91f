import { addDays, formatTime, today } from '@app/core/time';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectConsoleErrors, test as base, type TestUser } from './fixtures';
import {
  cancelThroughApi,
  desk,
  deskCard,
  deskDate,
  fillAddress,
  fillCustomBooking,
  openDesk,
  searchCustomer,
  uniqueName,
} from './helpers/admin-desk-page';
import { chooseDay, dateWithTimes, fillVehicle, serviceNamed, times } from './helpers/booking-page';
import { auth } from './helpers/session';

base.describe.configure({ timeout: 120_000 });

/**
 * The service address in the browser (issue 20): a customer keeps addresses in
 * Account Settings, the booking page checks the area before it shows times and
 * books for the chosen address, which then shows in Service History and on the
 * desk with a Directions link; a ZIP outside the area gets the plain message,
 * the phone number and no times; the admin's custom booking takes an address.
 * Every booking made is cancelled after the test.
 */
const test = base.extend<{
  /** A customer with a card and no saved address yet. */
  newCustomer: TestUser;
  /** Bookings to cancel afterwards. */
  cleanup: { booking: (id: string) => void; byName: (name: string) => void };
}>({
  newCustomer: async ({ accounts, request }, use) => {
    const account = await accounts.create({
      firstName: 'Avery',
      lastName: uniqueName('Addr'),
      role: 'user',
      withCard: true,
    });
    // The factory gives a customer with a card a default address; this one starts without any.
    const saved = await request.get('/api/users/me/addresses', { headers: auth(account) });
    for (const { _id } of (await saved.json()) as { _id: string }[]) {
      await request.delete(`/api/users/me/addresses/${_id}`, { headers: auth(account) });
    }
    await use(account);
    await accounts.remove(account);
  },
  cleanup: async ({ request, admin }, use) => {
    const ids: string[] = [];
    const names: string[] = [];
    await use({ booking: (id) => ids.push(id), byName: (name) => names.push(name) });
    for (const name of names) ids.push(...(await bookingIdsNamed(request, admin, name)));
    for (const id of ids) await cancelThroughApi(request, admin, id);
  },
});

async function bookingIdsNamed(request: APIRequestContext, admin: TestUser, name: string): Promise<string[]> {
  const response = await request.get(`/api/bookings/all?customerName=${encodeURIComponent(name)}`, {
    headers: auth(admin),
  });
  return ((await response.json()) as { _id: string }[]).map((booking) => booking._id);
}

const home = {
  street: '15 S Church St',
  unit: 'Unit 2',
  city: 'West Chester',
  state: 'PA',
  zipCode: '19382',
  accessNotes: 'Gate code 4321',
};
const homeLine = '15 S Church St, Unit 2, West Chester, PA 19382';

test('a customer adds an address, sees the area check and the times, books, and finds the address in Service History and on the desk', async ({
  page,
  request,
  newCustomer,
  admin,
  signIn,
  cleanup,
  expectAccessible,
}) => {
  cleanup.byName(newCustomer.user.lastName);
  await signIn(newCustomer);

  // Account Settings: no address yet; add one (the field rules first).
  await page.goto('/dashboard?tab=account');
  const addresses = page.getByRole('region', { name: 'Service Addresses' });
  await expect(addresses.getByText('No addresses yet.')).toBeVisible();
  await addresses.getByRole('button', { name: 'Add an Address' }).click();
  await addresses.getByLabel('ZIP code').fill('1938');
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  await expect(addresses.getByText('Street is required.')).toBeVisible();
  await expect(addresses.getByText('ZIP code must look like 19380 or 19380-1234.')).toBeVisible();
  await fillAddress(addresses, home);
  await expect(addresses.getByLabel('Use as my default address')).toBeChecked();
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  const saved = addresses.getByRole('list', { name: 'Your service addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(homeLine);
  await expect(saved).toContainText('Default');
  await expect(saved).toContainText('In our area');
  await expectAccessible();

  // The booking page: the default is chosen, the area is checked, then the times (asked for that address).
  const service = await serviceNamed(request, 'Engine Diagnostic');
  const { date } = await dateWithTimes(request, service._id, addDays(today(), 21), 2);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/availability')) asked.push(r.url());
  });
  await page.goto(`/book/${service._id}`);
  const where = page.getByRole('region', { name: 'Where Should We Come?' });
  await expect(where.getByRole('radio', { name: new RegExp(homeLine) })).toBeChecked();
  await expect(where.getByTestId('area-served')).toContainText(`We come to ${homeLine}`);
  await chooseDay(page, date);
  const first = times(page).getByRole('button').first();
  await expect(first).toBeVisible();
  expect(asked.at(-1)).toContain('addressId=');
  await expectAccessible();
  const chosen = (await first.textContent())?.trim() ?? '';
  await first.click();

  // Confirm: the address is shown with the appointment, and the booking carries it.
  const summary = page.getByRole('region', { name: 'Your Appointment' });
  await expect(summary).toContainText(homeLine);
  await expect(summary).toContainText('Gate code 4321');
  await fillVehicle(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeVisible();

  // Service History shows where.
  await page.goto('/dashboard');
  const card = page
    .getByRole('region', { name: 'Service History' })
    .getByRole('article', { name: service.name });
  await expect(card).toContainText(homeLine);
  await expect(card).toContainText(chosen);

  // The desk: the address, the access notes and a Directions link; found by its ZIP.
  // The same tab now as the admin (the fixture's sign-in sets a token only once per tab).
  await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
  await openDesk(page);
  await searchCustomer(page, newCustomer.user.lastName);
  const deskBooking = deskCard(page, newCustomer.user.lastName);
  await expect(deskBooking).toContainText(homeLine);
  await expect(deskBooking).toContainText('Gate code 4321');
  const directions = deskBooking.getByRole('link', { name: /Directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(homeLine)}`,
  );
  await expect(desk(page).getByLabel('Customer name')).toHaveAttribute('placeholder', 'Name, ZIP or street');
  await expectAccessible();

  // The admin moves the Pending booking next door: checked again, and the card shows the new address.
  await deskBooking.getByRole('button', { name: 'Change Address' }).click();
  await expect(deskBooking.getByLabel('Street address')).toHaveValue(home.street);
  await deskBooking.getByLabel('Street address').fill('17 S Church St');
  await deskBooking.getByRole('button', { name: 'Save Address' }).click();
  await expect(deskBooking).toContainText('17 S Church St, Unit 2, West Chester, PA 19382');
  await expect(deskBooking.getByRole('button', { name: 'Change Address' })).toBeVisible();
});

test('Account Settings says when a saved address is outside the area, and refuses a duplicate (issue 30)', async ({
  page,
  newCustomer,
  signIn,
  expectAccessible,
}) => {
  expectConsoleErrors('409 (Conflict)');
  await signIn(newCustomer);
  await page.goto('/dashboard?tab=account');
  const addresses = page.getByRole('region', { name: 'Service Addresses' });
  await expect(addresses.getByText('No addresses yet.')).toBeVisible();

  // Outside the area: saved, but the notice says so, as a warning and not a green success.
  const far = { street: '1 Main St', city: 'Pittsburgh', state: 'PA', zipCode: '15222' };
  await addresses.getByRole('button', { name: 'Add an Address' }).click();
  await fillAddress(addresses, far);
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  const notice = addresses.getByRole('status').filter({ hasText: 'Added 1 Main St' });
  await expect(notice).toContainText('15222 is outside our service area');
  await expect(notice).toHaveClass(/form-message--warning/);
  await expect(addresses.locator('.form-message--success')).toHaveCount(0);
  await expect(
    addresses.getByRole('list', { name: 'Your service addresses' }).getByRole('listitem'),
  ).toContainText('Outside our service area');
  await expectAccessible();

  // The same address again, written another way: refused, with the reason, and not added.
  await addresses.getByRole('button', { name: 'Add an Address' }).click();
  await fillAddress(addresses, { ...far, street: '1 main street', city: 'PITTSBURGH' });
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  await expect(addresses.getByRole('alert')).toContainText('You have already saved this address.');
  await expect(
    addresses.getByRole('list', { name: 'Your service addresses' }).getByRole('listitem'),
  ).toHaveCount(1);

  // An address in the area is a plain success.
  await addresses.getByLabel('Street address').fill('15 S Church St');
  await addresses.getByLabel('City').fill('West Chester');
  await addresses.getByLabel('ZIP code').fill('19382');
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  await expect(addresses.locator('.form-message--success')).toContainText('Added 15 S Church St');
});

test('a ZIP outside the area gets the plain message and the phone number, and no times', async ({
  page,
  request,
  expectAccessible,
}) => {
  const service = await serviceNamed(request, 'Engine Diagnostic');
  const { date } = await dateWithTimes(request, service._id, addDays(today(), 2), 1);
  await page.goto(`/book/${service._id}?date=${date}`);
  const where = page.getByRole('region', { name: 'Where Should We Come?' });
  await where.getByLabel('Your ZIP code').fill('10001');
  await where.getByRole('button', { name: 'Check Area' }).click();
  const outside = where.getByTestId('area-outside');
  await expect(outside).toContainText('outside our service area');
  await expect(outside.getByRole('link', { name: /Call/ })).toHaveAttribute('href', /^tel:/);
  await expect(page).toHaveURL(/zip=(%22)?10001/);
  await expect(times(page)).toHaveCount(0);
  await expect(page.getByText('it is outside our service area.')).toBeVisible();
  await expectAccessible();

  // A ZIP in the area: the times come back.
  await where.getByLabel('Your ZIP code').fill('19380');
  await where.getByRole('button', { name: 'Check Area' }).click();
  await expect(where.getByTestId('area-served')).toContainText('We come to 19380');
  await expect(times(page).getByRole('listitem').first()).toBeVisible();
});

test('an admin’s custom booking takes an address, shown on its card with Directions', async ({
  page,
  adminSignedIn: _admin,
  cleanup,
  expectAccessible,
}) => {
  const lastName = uniqueName('Where');
  cleanup.byName(lastName);
  await openDesk(page);
  await desk(page).getByRole('button', { name: 'Create Custom Booking' }).click();
  await desk(page).getByRole('button', { name: 'Create Booking' }).click();
  await expect(desk(page).getByText('Street is required.')).toBeVisible();
  await fillCustomBooking(page, {
    date: deskDate(40),
    time: '10:30',
    firstName: 'Pat',
    lastName,
    service: 'Mobile tyre fitting',
    price: '60',
    address: {
      street: '200 W Market St',
      city: 'West Chester',
      state: 'pa',
      zipCode: '19382',
      accessNotes: 'Rear lot',
    },
  });
  await expectAccessible();
  await desk(page).getByRole('button', { name: 'Create Booking' }).click();
  await expect(
    desk(page).getByRole('status').getByText('Custom booking created successfully!'),
  ).toBeVisible();
  await desk(page).getByRole('button', { name: 'Back to Bookings' }).click();
  await searchCustomer(page, lastName);
  const card = deskCard(page, lastName);
  await expect(card).toContainText('200 W Market St, West Chester, PA 19382');
  await expect(card).toContainText('Rear lot');
  await expect(card.getByRole('link', { name: /Directions/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir/,
  );
  await expect(card).toContainText(formatTime('10:30'));
});
