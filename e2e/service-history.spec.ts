import { formatLongDate, formatTime } from '@app/core/time';
import type { Page } from '@playwright/test';
import type { BookingReply } from '../functions/src/api/bookings';
import { expect, test as base, type TestUser, expectFailedReplies } from './fixtures';
import { openTitled } from './helpers/pages';
import { holdReplies } from './helpers/held-replies';
import { bookingReplyFixture } from '../tests/booking-fixtures';
import {
  type BookingDetails,
  bookThroughApi,
  removeTestimonial,
  setStatusThroughApi,
} from './helpers/bookings';

/**
 * The customer's Service History (/dashboard, doc 2 §2) and the review of a
 * completed booking (/leave-review). The tests marked "(replies held or
 * replaced)" change the server's replies to reach states the real product
 * seldom shows (loading, failures); the others drive the real API.
 */

type Testimonial = { _id: string; profileImageUrl: string | null };

/**
 * `shop` books for this test's customers through the API and cleans up after
 * it: bookings still open are cancelled (their times go back), reviews left
 * are deleted (other specs count the seeded testimonials), and the extra
 * customers it made are removed. It depends on `customerWithCard`, so it is
 * torn down while that customer's session still works.
 */
const test = base.extend<{
  shop: {
    /** Books `service` for `customer`, then the admin makes each of `changes` to it, in order (setStatusThroughApi). */
    book: (
      customer: TestUser,
      service: string,
      details?: BookingDetails,
      ...changes: Parameters<typeof setStatusThroughApi>[3][]
    ) => Promise<BookingReply>;
    /** Another customer with a card, removed after the test. */
    anotherCustomer: () => Promise<TestUser>;
    /** A review this test left, deleted after it. */
    reviewed: (testimonial: Testimonial) => void;
  };
}>({
  shop: async ({ request, accounts, admin, customerWithCard: _customer }, use) => {
    const booked: { customer: TestUser; id: string }[] = [];
    const reviews: Testimonial[] = [];
    const others: TestUser[] = [];
    await use({
      book: async (customer, service, details, ...changes) => {
        const booking = await bookThroughApi(request, customer, service, details, 12);
        booked.push({ customer, id: booking._id });
        for (const change of changes) await setStatusThroughApi(request, admin, booking._id, change);
        return booking;
      },
      anotherCustomer: async () => {
        const other = await accounts.create({
          firstName: 'Morgan',
          lastName: 'Other',
          role: 'user',
          withCard: true,
        });
        others.push(other);
        return other;
      },
      reviewed: (testimonial) => void reviews.push(testimonial),
    });
    for (const { customer, id } of booked) {
      // 409 for one that is completed or cancelled already: nothing to give back.
      await request.patch(`/api/bookings/${id}/cancel`, { headers: { 'x-auth-token': customer.token } });
    }
    for (const testimonial of reviews) await removeTestimonial(testimonial);
    for (const other of others) await accounts.remove(other);
  },
});

/** The Service History's request, whatever its page query (?limit, ?cursor). */
const myBookings = /\/api\/bookings(\?[^/]*)?$/;

const history = (page: Page) => page.getByRole('region', { name: 'Service History' });
const card = (page: Page, service: string) => history(page).getByRole('article', { name: service });

/** A booking reply as the contract shapes it, for the tests that replace the server's replies. */
const reply = (overrides: Partial<BookingReply> = {}) =>
  bookingReplyFixture({
    _id: 'bkg_01JTESTBOOKING00000000000',
    service: { _id: 'svc_01JTESTSERVICE00000000000', name: 'Full Synthetic Oil Change', price: 89 },
    serviceName: 'Full Synthetic Oil Change',
    servicePrice: 89,
    date: '2026-12-03',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  });

test('Service History: loading, empty and failure texts (replies held or replaced)', async ({
  page,
  customerSignedIn: _customer,
  expectAccessible,
}) => {
  expectFailedReplies();
  const { release, answerWith } = await holdReplies(page, myBookings, { status: 200, body: '[]' });
  await openTitled(page, '/dashboard', 'My Account');
  await expect(history(page).getByText('Loading your bookings...')).toBeVisible();
  release();
  await expect(history(page).getByText('You have no bookings yet.')).toBeVisible();
  await expect(history(page).getByRole('link', { name: 'Browse services' })).toHaveAttribute(
    'href',
    '/services',
  );
  await expectAccessible();

  answerWith({ status: 503, body: '{"msg":"unavailable"}' });
  await page.reload();
  // Server errors are retried twice before the tab gives up.
  await expect(history(page).getByRole('alert')).toHaveText('Could not fetch your booking history.');
});

test('editing and cancelling show the server’s msg, else the spec’s fallback (replies replaced)', async ({
  page,
  customerSignedIn: _customer,
}) => {
  expectFailedReplies();
  await page.route(myBookings, (route) => route.fulfill({ json: [reply()] }));
  let failure: { status: number; body: string } = { status: 502, body: 'Bad Gateway' };
  await page.route(/\/api\/bookings\/bkg_/, (route) =>
    route.fulfill({ status: failure.status, contentType: 'application/json', body: failure.body }),
  );
  await page.goto('/dashboard');
  const booking = card(page, 'Full Synthetic Oil Change');

  await booking.getByRole('button', { name: 'Edit Booking' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Failed to update booking.');
  failure = { status: 409, body: '{"msg":"Only a pending booking can be changed."}' };
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Only a pending booking can be changed.');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(booking.getByRole('button', { name: 'Edit Booking' })).toBeFocused();

  failure = { status: 502, body: 'Bad Gateway' };
  await booking.getByRole('button', { name: 'Cancel Booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await confirm.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Failed to cancel booking. Please try again.');
  await confirm.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(booking.getByText('Pending', { exact: true })).toBeVisible();
});

test("'Show more bookings' follows X-Next-Cursor; the last page shows no button (replies replaced)", async ({
  page,
  customerSignedIn: _customer,
}) => {
  const cursors: (string | null)[] = [];
  await page.route(myBookings, (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    cursors.push(cursor);
    return cursor
      ? route.fulfill({
          json: [
            reply({
              _id: 'bkg_01JTESTBOOKING00000000002',
              serviceName: 'Brake Inspection',
              service: { _id: 'svc_01JTESTSERVICE00000000002', name: 'Brake Inspection', price: 60 },
            }),
          ],
        })
      : route.fulfill({ json: [reply()], headers: { 'X-Next-Cursor': 'page-two' } });
  });
  await page.goto('/dashboard');
  await expect(history(page).getByRole('article')).toHaveCount(1);
  await history(page).getByRole('button', { name: 'Show more bookings' }).click();
  await expect(card(page, 'Brake Inspection')).toBeVisible();
  await expect(history(page).getByRole('article')).toHaveCount(2);
  await expect(history(page).getByRole('button', { name: 'Show more bookings' })).toHaveCount(0);
  // The first page may be asked for twice (the route's prefetch, then the mount); the second once, by its cursor.
  expect(cursors.filter(Boolean)).toEqual(['page-two']);
  expect(cursors[0]).toBeNull();
});

test('/leave-review needs a sign-in, and without a booking says where to start', async ({
  page,
  customer,
  signIn,
  expectAccessible,
}) => {
  await page.goto('/leave-review');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fleave-review$/);

  await signIn(customer);
  await openTitled(page, '/leave-review', 'Leave a Review');
  await expect(page.getByText('There is no booking to review here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Service History' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible();
});

test('the review form checks rating, quote and image in the browser (replies replaced)', async ({
  page,
  customerSignedIn: _customer,
  expectAccessible,
}) => {
  await page.route(myBookings, (route) => route.fulfill({ json: [reply({ status: 'Completed' })] }));
  let posted = 0;
  await page.route('**/api/testimonials', (route) => {
    if (route.request().method() === 'POST') posted += 1;
    return route.fallback();
  });
  await page.goto('/dashboard');
  await card(page, 'Full Synthetic Oil Change').getByRole('link', { name: 'Leave a Review' }).click();
  await expect(page).toHaveURL(/\/leave-review$/);
  await expect(
    page.getByText('How was your Full Synthetic Oil Change on December 3, 2026 at 9:00 AM?'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
  await expect(page.getByText('Please write a few words about your service.')).toBeVisible();
  await expectAccessible();

  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Your experience').fill('Quick and friendly.');
  const image = page.getByLabel(/Profile image/);
  await image.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Profile images must be PNG, JPG or GIF files.')).toBeVisible();
  await image.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(4 * 1024 * 1024 + 1),
  });
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Profile images can be at most 4 MB.')).toBeVisible();
  expect(posted).toBe(0);
});

// ---------- Against the real API ----------

test('a booking shows in Service History with every field; another customer’s do not', async ({
  page,
  customerWithCardSignedIn: customerWithCard,
  shop,
  expectAccessible,
}) => {
  const other = await shop.anotherCustomer();
  await shop.book(other, 'Battery Test & Replacement', { vehicleMake: 'Subaru', vehicleModel: 'Outback' });
  const booking = await shop.book(
    customerWithCard,
    'Mobile Oil Change',
    {
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: 2018,
      vehicleColor: 'Silver',
      notes: 'Gate code 4321',
    },
    { serviceStatus: 'Parts ordered' },
  );

  await page.goto('/dashboard');
  await expect(history(page).getByRole('article')).toHaveCount(1);
  const oil = card(page, 'Mobile Oil Change');
  await expect(oil.getByText('Pending', { exact: true })).toBeVisible();
  await expect(oil).toContainText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(booking.servicePrice),
  );
  await expect(oil).toContainText(formatLongDate(booking.date));
  await expect(oil).toContainText(formatTime(booking.time));
  await expect(oil).toContainText(`${booking.duration} minutes`);
  await expect(oil).toContainText('2018 Toyota Camry');
  await expect(oil).toContainText('Silver');
  await expect(oil).toContainText('Gate code 4321');
  await expect(oil).toContainText('Progress: Parts ordered');
  await expect(oil.getByRole('button', { name: 'Edit Booking' })).toBeVisible();
  await expect(oil.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();
  await expect(history(page)).not.toContainText('Subaru');
  await expectAccessible();
});

test('editing a Pending booking: the new vehicle shows, and stays after a reload', async ({
  page,
  customerWithCardSignedIn: customerWithCard,
  shop,
  expectAccessible,
}) => {
  await shop.book(customerWithCard, 'Headlight Restoration');
  await page.goto('/dashboard');
  const headlights = card(page, 'Headlight Restoration');
  await expect(headlights).toContainText('2019 Honda Civic');

  await headlights.getByRole('button', { name: 'Edit Booking' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  await expect(edit.getByLabel('Vehicle make')).toBeFocused();
  await expect(edit.getByLabel('Vehicle make')).toHaveValue('Honda');
  await expectAccessible();

  await edit.getByLabel('Vehicle make').fill('Mazda');
  await edit.getByLabel('Vehicle model').fill('CX-5');
  await edit.getByLabel('Vehicle year').fill('1899');
  await edit.getByLabel('Vehicle color').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText(/^Vehicle year must be a year from 1900 to \d{4}\.$/)).toBeVisible();
  await expect(edit.getByText('Vehicle color is required.')).toBeVisible();

  await edit.getByLabel('Vehicle year').fill('2021');
  await edit.getByLabel('Vehicle color').fill('Soul Red');
  await edit.getByLabel('Notes (optional)').fill('Side gate is open.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(headlights).toContainText('2021 Mazda CX-5');
  await expect(headlights).toContainText('Soul Red');
  await expect(headlights).toContainText('Side gate is open.');
  await expect(headlights.getByRole('button', { name: 'Edit Booking' })).toBeFocused();

  await page.reload();
  await expect(headlights).toContainText('2021 Mazda CX-5');
  await expect(headlights).toContainText('Side gate is open.');
});

test('cancelling asks first: keeping changes nothing, confirming shows Cancelled; Confirmed offers only Cancel', async ({
  page,
  customerWithCardSignedIn: customerWithCard,
  shop,
  expectAccessible,
}) => {
  const booking = await shop.book(customerWithCard, 'A/C Recharge', {}, { status: 'Confirmed' });
  await page.goto('/dashboard');
  const ac = card(page, 'A/C Recharge');
  await expect(ac.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(ac.getByRole('button', { name: 'Edit Booking' })).toHaveCount(0);

  await ac.getByRole('button', { name: 'Cancel Booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(confirm).toContainText(`on ${formatLongDate(booking.date)} at ${formatTime(booking.time)}`);
  await expect(confirm.getByRole('button', { name: 'Keep Booking' })).toBeFocused();
  await expectAccessible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(ac.getByText('Confirmed', { exact: true })).toBeVisible();

  await ac.getByRole('button', { name: 'Cancel Booking' }).click();
  await confirm.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(ac.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(ac.getByRole('button')).toHaveCount(0);
  // The Cancel button is gone: the focus is on the booking's title, not lost.
  await expect(ac.getByRole('heading', { name: 'A/C Recharge' })).toBeFocused();

  await page.reload();
  await expect(ac.getByText('Cancelled', { exact: true })).toBeVisible();
});

test.describe('reviews', () => {
  test.use({ customerDetails: { firstName: 'Robin', lastName: 'Reviewer' } });

  // A 1×1 PNG: the server judges the image by its bytes.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  test('a completed booking is reviewed: stars by keyboard, quote and photo; the review shows on /testimonials', async ({
    page,
    customerWithCardSignedIn: customerWithCard,
    shop,
    expectAccessible,
  }) => {
    const booking = await shop.book(
      customerWithCard,
      'Engine Diagnostic',
      {},
      { serviceStatus: 'On the way' },
      { status: 'Completed' },
    );

    await page.goto('/dashboard');
    const diagnostic = card(page, 'Engine Diagnostic');
    await expect(diagnostic.getByText('Completed', { exact: true })).toBeVisible();
    // The progress text is shown only while Pending or Confirmed.
    await expect(diagnostic).not.toContainText('On the way');
    await diagnostic.getByRole('link', { name: 'Leave a Review' }).click();

    await expect(page).toHaveURL(/\/leave-review$/);
    await expect(
      page.getByText(`How was your Engine Diagnostic on ${formatLongDate(booking.date)}`),
    ).toBeVisible();
    await expectAccessible();

    // From the back link, Tab reaches the stars; the arrow keys choose.
    await page.getByRole('link', { name: 'Service History' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeFocused();
    await page.keyboard.press('ArrowRight');

    await page.getByLabel('Your experience').fill('Found the misfire in twenty minutes, in my own driveway.');
    await page
      .getByLabel(/Profile image/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const posted = page.waitForResponse(
      (response) => response.url().endsWith('/api/testimonials') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const reply = await posted;
    expect(reply.status()).toBe(201);
    shop.reviewed((await reply.json()) as Testimonial);
    await expect(page.getByText('Testimonial added successfully!')).toBeVisible();
    await expectAccessible();

    await page.getByRole('link', { name: 'See it on the Testimonials page' }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    const review = page.getByRole('article', { name: 'Review by Robin Reviewer' });
    await expect(review).toContainText('Found the misfire in twenty minutes');
    await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(review.locator('img.avatar')).toHaveAttribute(
      'src',
      /^\/images\/uploads\/avatars\/[0-9a-f]+(-sized)?\.png$/,
    );

    await page.goto('/dashboard');
    await expect(diagnostic.getByRole('button', { name: 'Review Submitted' })).toBeDisabled();
    await expect(diagnostic.getByRole('link', { name: 'Leave a Review' })).toHaveCount(0);
  });
});

test('a removed service’s booking cannot be reviewed; a reviewed one says so (replies replaced)', async ({
  page,
  customerSignedIn: _customer,
}) => {
  // No route removes a service yet, so the real product cannot reach this state; the reply is replaced.
  await page.route(myBookings, (route) =>
    route.fulfill({
      json: [
        reply({
          _id: 'bkg_01JTESTBOOKING00000000001',
          status: 'Completed',
          service: null,
          serviceName: 'Winter Prep',
        }),
        reply({ _id: 'bkg_01JTESTBOOKING00000000002', status: 'Completed', reviewed: true }),
      ],
    }),
  );
  await page.goto('/dashboard');
  await expect(
    card(page, 'Winter Prep').getByRole('button', { name: 'Service No Longer Available' }),
  ).toBeDisabled();
  await expect(
    card(page, 'Full Synthetic Oil Change').getByRole('button', { name: 'Review Submitted' }),
  ).toBeDisabled();
  await expect(history(page).getByRole('link', { name: 'Leave a Review' })).toHaveCount(0);
});

test('upcoming visits first, soonest first; a paid one shows what was paid and refunded, not the list price', async ({
  page,
  request,
  customerWithCardSignedIn: customerWithCard,
  admin,
  shop,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const later = await shop.book(customerWithCard, 'Mobile Oil Change');
  const paid = await shop.book(customerWithCard, 'Engine Diagnostic');
  const soon = await shop.book(customerWithCard, 'Battery Test & Replacement');
  const done = await setStatusThroughApi(request, admin, paid._id, { status: 'Completed' });
  expect(done.payment?.status).toBe('paid');
  const refunded = await request.post(`/api/bookings/${paid._id}/refunds`, {
    headers: { 'x-auth-token': admin.token },
    data: { amount: 10, reason: 'Goodwill' },
  });
  expect(refunded.status(), await refunded.text()).toBe(201);

  await page.goto('/dashboard');
  const cards = history(page).getByRole('article');
  await expect(cards).toHaveCount(3);
  // Issue 30: soonest first (all three are upcoming), whatever order they were booked in.
  const expected = [later, { ...paid, date: done.date, time: done.time }, soon]
    .sort((a, b) => (a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date)))
    .map((b) => b.serviceName);
  const names = await cards.evaluateAll((articles) =>
    articles.map((article) => article.querySelector('h3')?.textContent?.trim() ?? ''),
  );
  expect(names).toEqual(expected);

  const money = (dollars: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
  const payments = card(page, 'Engine Diagnostic').getByRole('list', { name: 'Payments' });
  await expect(payments).toContainText(`Paid ${money(done.payment?.amount ?? 0)}`);
  await expect(payments).toContainText('Refunded $10.00');
  await expectAccessible();
});
