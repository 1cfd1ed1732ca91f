import { bookingMessages } from '@app/core/booking/rules';
import { addDays, formatTime, localOf, today, weekdayOf } from '@app/core/time';
import type { APIRequestContext } from '@playwright/test';
import { expect, test as base, type TestUser, expectConsoleErrors } from './fixtures';
import {
  serviceNamed,
  longDate,
  chooseDay,
  escape,
  times,
  timeButton,
  freeTimes,
  dateWithTimes,
  fillVehicle,
  TEST_PHONE,
} from './helpers/booking-page';

/**
 * Where the fixtures' customers with a card live (tests/factories.ts homeAddress): their page asks for the
 * times at that saved address, whose coordinates are the shop's base, so the API's times from the base are
 * the page's (asking by its ZIP would plan from the ZIP's centroid, a few minutes away).
 */
const atHome = {};

/**
 * The booking pages (doc 1 §2, §4, §5, §8): /book/{id} and /book/{id}/details.
 *
 * The browser runs in a zone whose date differs from West Chester's right now
 * (a day ahead or a day behind, whichever holds at this hour), so every date on
 * these pages is checked against America/New_York, not against the browser.
 */
const nyHour = Number(localOf(Date.now()).time.slice(0, 2));
const farZone = nyHour >= 5 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

/** A second customer with a card, for 'someone else' booking a time. */
const test = base.extend<{ otherCustomerWithCard: TestUser }>({
  otherCustomerWithCard: async ({ accounts }, use) => {
    const other = await accounts.create({
      firstName: 'Robin',
      lastName: 'Other',
      role: 'user',
      withCard: true,
    });
    await use(other);
    await accounts.remove(other);
  },
});

test.use({ timezoneId: farZone });

async function book(
  request: APIRequestContext,
  user: TestUser,
  serviceId: string,
  date: string,
  time: string,
) {
  return request.post('/api/bookings', {
    headers: { 'x-auth-token': user.token },
    data: {
      clientFirstName: user.user.firstName,
      clientLastName: user.user.lastName,
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      vehicleYear: 2015,
      vehicleColor: 'Red',
      notes: '',
      serviceId,
      date,
      time,
    },
  });
}

test('a visitor can look at the dates and times, and is asked to log in, then to add a card', async ({
  page,
  request,
  customer,
  expectAccessible,
}) => {
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 1), 1);
  const address = `/book/${service._id}?date=${date}`;
  await page.goto(address);

  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  // The times are shown, but only listed: logging in comes first.
  await expect(times(page).getByRole('listitem')).toHaveText(free.map(formatTime));
  await expect(times(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Log in (above) to book one of these times.')).toBeVisible();
  await expectAccessible();

  // Login returns to this page, with the date still chosen.
  await page.getByRole('link', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(address);

  // Signed in without a card: the card comes first, and the card page returns here.
  await expect(page.getByRole('heading', { name: 'Payment Method Required' })).toBeVisible();
  await expect(page.getByText('not charged until the service is complete')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a Payment Method' })).toHaveAttribute(
    'href',
    `/account-settings?redirect=${encodeURIComponent(address)}`,
  );
  await expect(times(page).getByRole('button')).toHaveCount(0);
  await expectAccessible();
});

test('days before today and closed weekdays are disabled, in the business zone', async ({
  page,
  request,
}) => {
  const ceramic = await serviceNamed(request, 'Ceramic Coating'); // Mondays and Wednesdays
  const now = today();
  await page.goto(`/book/${ceramic._id}`);
  await expect(page.getByRole('grid')).toBeVisible();

  const cells = await page
    .locator('td[data-day]:not([data-outside])')
    .evaluateAll((tds) =>
      tds.map((td) => [td.getAttribute('data-day'), !!td.querySelector('button:disabled')] as const),
    );
  expect(cells.length).toBeGreaterThan(0);
  const expected = cells.map(
    ([day]) => [day, day! < now || !['Monday', 'Wednesday'].includes(weekdayOf(day!))] as const,
  );
  expect(cells).toEqual(expected);
  // Today is West Chester's today, whatever the browser's own date; no earlier month can be shown.
  await expect(page.locator('td[data-today]')).toHaveAttribute('data-day', now);
  await expect(page.getByRole('button', { name: 'Go to the Previous Month' })).toBeDisabled();

  // A service open every day: today can be chosen, yesterday (when in this month) cannot.
  const battery = await serviceNamed(request, 'Battery Test & Replacement');
  await page.goto(`/book/${battery._id}`);
  await expect(page.locator(`td[data-day="${now}"] button`)).toBeEnabled();
  const yesterday = addDays(now, -1);
  if (yesterday.slice(0, 7) === now.slice(0, 7)) {
    await expect(page.locator(`td[data-day="${yesterday}"] button`)).toBeDisabled();
  }
  // A past date in the address is not taken as chosen.
  await page.goto(`/book/${battery._id}?date=${yesterday}`);
  await expect(page.getByText('Choose a date to see the available times.')).toBeVisible();
});

test('a customer with a card picks a date and time, books, and the time is no longer offered', async ({
  page,
  request,
  customerWithCardSignedIn: customerWithCard,
  expectAccessible,
}) => {
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 2), 2, atHome);
  const [first, chosen] = free as [string, string];
  await page.goto(`/book/${service._id}`);
  await expect(page.getByRole('heading', { name: `Book ${service.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Payment Method Required' })).toHaveCount(0);
  await expect(page.getByText('Choose a date to see the available times.')).toBeVisible();

  await chooseDay(page, date);
  await expect(timeButton(page, first)).toBeVisible();
  await expect(times(page).getByRole('button')).toHaveText(free.map(formatTime));
  await expectAccessible();
  await timeButton(page, chosen).click();

  // The choice is in the details page's address (decision 112): date, time and the saved address.
  const at = chosen.replace(':', '(:|%3A)');
  await expect(page).toHaveURL(
    new RegExp(`/book/${service._id}/details\\?date=${date}&time=${at}&address=\\w`),
  );
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your Appointment' });
  await expect(summary).toContainText(service.name);
  await expect(summary).toContainText(longDate(date));
  await expect(summary).toContainText(formatTime(chosen));
  await expect(page.getByLabel('First name')).toHaveValue('Casey');
  await expect(page.getByLabel('Last name')).toHaveValue('Tester');
  const terms = page.getByRole('link', { name: /terms and conditions/ });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(terms).toHaveAttribute('target', '_blank');

  // Each missing field says so.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  for (const message of [
    'First name is required',
    'Vehicle make is required',
    'Vehicle model is required',
    'Vehicle year is required',
    'Vehicle color is required',
    // Issue 30: the account has no number, so the page asks for one.
    'Phone number is required.',
    'Please accept the terms and conditions to book',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expectAccessible();
  await page.getByLabel('First name').fill('Casey');
  await fillVehicle(page);
  await page.getByLabel('Year').fill('1899');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(/Vehicle year must be a year from 1900 to \d{4}/)).toBeVisible();
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Notes (optional)').fill('In the driveway, behind the gate.');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(
    page.getByText('Your appointment has been successfully booked! You can view it in your Service History.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Go to your Service History' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expectAccessible();

  // The booking has West Chester's date and time, whatever the browser's zone.
  const mine = (await (
    await request.get('/api/bookings', { headers: { 'x-auth-token': customerWithCard.token } })
  ).json()) as { date: string; time: string; vehicleMake: string; notes: string; serviceName: string }[];
  expect(mine).toEqual([
    expect.objectContaining({
      date,
      time: chosen,
      vehicleMake: 'Honda',
      notes: 'In the driveway, behind the gate.',
      serviceName: service.name,
    }),
  ]);

  // Back on the times: the booked one is taken now, and the page shows what the API offers.
  await page.getByRole('link', { name: 'Choose another time' }).click();
  await expect(page).toHaveURL(`/book/${service._id}?date=${date}`);
  const left = await freeTimes(request, service._id, date, atHome);
  expect(left).not.toContain(chosen);
  if (left.length > 0) await expect(times(page).getByRole('button')).toHaveText(left.map(formatTime));
  else await expect(page.getByText('No times are available', { exact: false })).toBeVisible();
  await expect(timeButton(page, chosen)).toHaveCount(0);
});

test('a time someone else booked is not offered; one taken meanwhile offers another', async ({
  page,
  request,
  customerWithCardSignedIn: _customerWithCard,
  otherCustomerWithCard,
}) => {
  expectConsoleErrors('409');
  const service = await serviceNamed(request, 'Mobile Oil Change'); // Monday to Saturday
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 3), 3, atHome);
  const taken = free[0]!;
  await page.goto(`/book/${service._id}?date=${date}`);
  await expect(timeButton(page, taken)).toBeVisible();

  // Someone else books a time: on the next visit it is gone (with what the van cannot reach around it).
  expect((await book(request, otherCustomerWithCard, service._id, date, taken)).status()).toBe(201);
  const left = await freeTimes(request, service._id, date, atHome);
  expect(left).not.toContain(taken);
  const chosen = left[0]!;
  await page.reload();
  await expect(times(page).getByRole('button')).toHaveText(left.map(formatTime));

  // Chosen, then taken by someone else before confirming.
  await timeButton(page, chosen).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  expect((await book(request, otherCustomerWithCard, service._id, date, chosen)).status()).toBe(201);
  await fillVehicle(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  // The server's 409 message, whichever of its checks refused the time.
  const refusals = [bookingMessages.slotTaken, bookingMessages.crewFull, bookingMessages.timeUnavailable];
  await expect(page.getByRole('alert')).toHaveText(new RegExp(refusals.map(escape).join('|')));
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  await page.getByRole('link', { name: 'Choose another time' }).last().click();
  await expect(page).toHaveURL(`/book/${service._id}?date=${date}`);
  await expect(page.getByText(longDate(date), { exact: true })).toBeVisible();
  await expect(timeButton(page, taken)).toHaveCount(0);
  await expect(timeButton(page, chosen)).toHaveCount(0);
});

test('the times say when there are none, and when they cannot be fetched', async ({ page, request }) => {
  expectConsoleErrors('500');
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  const date = addDays(today(), 1);
  await page.route('**/availability?*', (route) =>
    route.fulfill({ json: { times: [], system: 'timeslot', message: 'We are fully booked on this day.' } }),
  );
  await page.goto(`/book/${service._id}?date=${date}`);
  await expect(page.getByText('We are fully booked on this day.')).toBeVisible();

  await page.unroute('**/availability?*');
  await page.route('**/availability?*', (route) =>
    route.fulfill({ status: 500, json: { msg: 'Something went wrong.' } }),
  );
  await chooseDay(page, addDays(date, 1));
  await expect(page.getByText('Could not fetch available times.')).toBeVisible({ timeout: 15_000 });
});

test('the details page keeps the chosen date, time and address after a reload, and books', async ({
  page,
  request,
  customerWithCardSignedIn: _customerWithCard,
}) => {
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 5), 1, atHome);
  const chosen = free[0] as string;
  await page.goto(`/book/${service._id}?date=${date}`);
  await timeButton(page, chosen).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  // A reload (history state is gone) keeps the choice: it is in the page's address.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your Appointment' });
  await expect(summary).toContainText(service.name);
  await expect(summary).toContainText(longDate(date));
  await expect(summary).toContainText(formatTime(chosen));
  await expect(summary).toContainText('12 W Market St');
  await fillVehicle(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(
    page.getByText('Your appointment has been successfully booked! You can view it in your Service History.'),
  ).toBeVisible();
});

test('the details page without a chosen time sends the visitor to /', async ({ page, request }) => {
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  await page.goto(`/book/${service._id}/details`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
});

test('an admin sees the time-slot overview on the services list', async ({
  page,
  adminSignedIn: _admin,
  expectAccessible,
}) => {
  await page.goto('/services');
  const panel = page.getByRole('region', { name: 'Time Slot Overview' });
  await expect(panel).toBeVisible();
  for (const label of ['Total Slots', 'Available', 'Booked', 'Services Active']) {
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(panel.locator('dd')).toHaveText([/^[\d,]+$/, /^[\d,]+$/, /^[\d,]+$/, /^[\d,]+$/]);
  await expect(panel.getByRole('link', { name: 'Manage TimeSlots' })).toHaveAttribute('href', '/admin');
  await expectAccessible();
  // The home page's services area has it too.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Time Slot Overview' })).toBeVisible();
});

test('customers and visitors neither see the overview nor ask for it', async ({ page, customer, signIn }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/system-stats|TimeSlotOverview/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Mobile Oil Change' })).toBeVisible();
  await signIn(customer);
  await page.goto('/services');
  await expect(page.getByRole('navigation', { name: /main/i }).getByText('My Account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mobile Oil Change' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time Slot Overview' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('the booking page asks for a phone once, keeps it on the account, and /tech calls it with tel:+1', async ({
  page,
  request,
  admin,
  customerWithCard,
  signIn,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const service = await serviceNamed(request, 'Battery Test & Replacement');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 9), 1, atHome);
  await signIn(customerWithCard);
  await page.goto(`/book/${service._id}?date=${date}`);
  await timeButton(page, free[0] as string).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  await expect(page.getByText('So your technician can reach you on the day.')).toBeVisible();
  await fillVehicle(page);
  await page.getByLabel('Phone number').fill('call me');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Phone number must be a US number such as (610) 555-0123.')).toBeVisible();
  await expectAccessible();
  await page.getByLabel('Phone number').fill('610.555.0123');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();

  const headers = { 'x-auth-token': customerWithCard.token };
  const me = (await (await request.get('/api/users/me', { headers })).json()) as { phone: string | null };
  expect(me.phone).toBe(TEST_PHONE);
  const [booking] = (await (await request.get('/api/bookings', { headers })).json()) as {
    _id: string;
    phone: string | null;
  }[];
  expect(booking?.phone).toBe(TEST_PHONE);

  // Asked once: the next booking page does not ask again.
  await page.goto(`/book/${service._id}?date=${date}`);
  const next = (await freeTimes(request, service._id, date, atHome))[0];
  if (next) {
    await timeButton(page, next).click();
    await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveCount(0);
  }

  // The technician's day (as the admin views technician 1's, the job's) calls it with tel:+1.
  const adminHeaders = { 'x-auth-token': admin.token };
  let technician = 0;
  for (const n of [1, 2, 3]) {
    const day = await request.get(`/api/tech/day?date=${date}&technician=${n}`, { headers: adminHeaders });
    if (!day.ok()) break;
    const reply = (await day.json()) as { jobs: { _id: string; customer: { phone: string | null } }[] };
    const job = reply.jobs.find((j) => j._id === booking?._id);
    if (job) {
      expect(job.customer.phone).toBe(TEST_PHONE);
      technician = n;
      break;
    }
  }
  expect(technician).toBeGreaterThan(0);
  // The admin on the same page (signIn sets the first session only).
  await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
  await page.goto(`/tech?date=${date}&technician=${technician}`);
  await expect(page.getByRole('link', { name: new RegExp(escape(TEST_PHONE)) })).toHaveAttribute(
    'href',
    'tel:+16105550123',
  );
});
