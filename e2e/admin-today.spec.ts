import { expect, test } from './fixtures';
import { adminCreateThroughApi } from './helpers/admin-bookings';
import { uniqueName } from './helpers/admin-desk-page';
import { setStatusThroughApi } from './helpers/bookings';

/**
 * /admin starts with Today (issue 22): each technician's jobs of the day
 * with their state, and the spec's panels one section away, each with a
 * deep link of its own.
 */

test('Today shows a job of the day with its state in its technician’s lane', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  const lastName = uniqueName('Today');
  const booking = await adminCreateThroughApi(request, admin, {
    clientFirstName: 'Tara',
    clientLastName: lastName,
  });
  await setStatusThroughApi(request, admin, booking._id, { status: 'Confirmed' });

  // The admin steps to the booking's day (a booking cannot be made for a time already past today).
  await page.goto(`/admin?date=${booking.date}`);
  const today = page.getByRole('region', { name: 'Today' });
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Today' }),
  ).toHaveAttribute('aria-current', 'page');
  const job = today.getByTestId('today-job').filter({ hasText: `Tara ${lastName}` });
  await expect(job).toContainText('Headlight restoration');
  await expect(job).toContainText('Confirmed');
  await expect(job).toContainText('min drive before');
  // It is in a technician's lane, not the unassigned one.
  await expect(today.getByRole('region', { name: 'Unassigned' }).getByText(`Tara ${lastName}`)).toHaveCount(
    0,
  );
  // Issue 30: the list holds both verification states, each item named by its status; it is not named after one.
  await expect(today.getByRole('region', { name: 'Waiting for verification' })).toBeVisible();
  await expect(today.getByRole('region', { name: 'Pending Verification' })).toHaveCount(0);
  await expect(today.getByRole('region', { name: 'Declined charges' })).toBeVisible();
  await expect(today.getByRole('region', { name: 'Sends that gave up' })).toBeVisible();
  // The local stack texts from its stand-in's number: no "texts are off" notice (decision 084).
  await expect(today.getByTestId('texts-off')).toHaveCount(0);
  await expectAccessible();

  await today.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(today.getByText(`Tara ${lastName}`)).toHaveCount(0);
});

test('each panel has a deep link and a place in the section navigation', async ({
  page,
  adminSignedIn: _admin,
}) => {
  await page.goto('/admin?section=timeslots');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(page.getByRole('region', { name: 'Time Slot Manager' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Time Slot Manager' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Manage Testimonials' }).click();
  await expect(page).toHaveURL(/\/admin\?section=testimonials$/);
  await expect(page.getByRole('region', { name: 'Manage Testimonials' })).toBeVisible();

  await nav.getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  // An unknown section opens Today.
  await page.goto('/admin?section=nowhere');
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
});
