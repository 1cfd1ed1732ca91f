import { addDays, today } from '@app/core/time';
import type { Browser } from '@playwright/test';
import { expect, test, type TestUser, untilHydrated } from './fixtures';
import { fillVehicle, longDate, timeButton } from './helpers/booking-page';

/**
 * The service manager of /admin (issue 12; doc 2 §2, §5, §8): an admin
 * creates a service, gives it slots with Create Slots, a customer books it,
 * its stats show the booking, and the admin deletes it (the booking stays).
 * The service books at 05:45, a time no seeded service or other test uses
 * (one van, shop-wide), and is deleted at the end whatever happens.
 */
async function pageAs(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return { context, page: untilHydrated(await context.newPage()) };
}

test('create a service, Create Slots, book it as a customer, see the stats, delete it', async ({
  page,
  browser,
  request,
  adminSignedIn: admin,
  customerWithCard,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const name = `E2E Service ${crypto.randomUUID().slice(0, 6)}`;
  const headers = { 'x-auth-token': admin.token };
  const findService = async () =>
    ((await (await request.get('/api/services')).json()) as { _id: string; name: string }[]).find(
      (s) => s.name === name,
    );
  try {
    await page.goto('/admin?section=services');
    const panel = page.getByRole('region', { name: 'Service Manager' });
    await panel.getByRole('button', { name: 'Add Service' }).click();
    const form = panel.getByRole('form', { name: 'New Service' });
    // The rules are checked before anything is sent.
    await form.getByRole('button', { name: 'Create Service' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('Made by a browser test.');
    await form.getByLabel('Price ($)').fill('75.50');
    await form.getByLabel('Duration (minutes)').fill('30');
    await form.getByLabel(/Available times/).fill(' 05:45, ,');
    await form.getByRole('button', { name: 'Create Service' }).click();
    await expect(panel.getByText('Service created.')).toBeVisible();
    // The desk's service dropdown, one section away, follows at once: every panel reads one services query.
    const sectionNav = page.getByRole('navigation', { name: 'Admin sections' });
    await sectionNav.getByRole('link', { name: 'Manage Bookings' }).click();
    const deskService = page
      .getByRole('region', { name: 'Manage Bookings' })
      .getByRole('form', { name: 'Advanced Search' })
      .getByLabel('Service');
    await expect(deskService.getByRole('option', { name })).toHaveCount(1);
    await sectionNav.getByRole('link', { name: 'Service Manager' }).click();
    const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('$75.50');
    await expect(card).toContainText('30 minutes');
    await expect(card).toContainText('05:45');

    // Create Slots without days: doc 2 §5's message, nothing sent.
    await card.getByRole('button', { name: `Create Slots for ${name}` }).click();
    await expect(
      card.getByText('No available days set for this service. Please add available days first.'),
    ).toBeVisible();

    // Every day, then Create Slots: today to today + 30.
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = panel.getByRole('form', { name: `Edit ${name}` });
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await edit.getByLabel(day).check();
    }
    await edit.getByRole('button', { name: 'Update Service' }).click();
    await expect(panel.getByText('Service updated.')).toBeVisible();
    await card.getByRole('button', { name: `Create Slots for ${name}` }).click();
    await expect(card.getByText(/time slots created/)).toBeVisible();
    await expect(card).toContainText(/(30|31) total, (30|31) available, 0 booked/);
    await expectAccessible();

    // The public pages show it at once, and a customer books it.
    const service = await findService();
    if (!service) throw new Error('the new service is not listed');
    const date = addDays(today(), 29);
    const customer = await pageAs(browser, customerWithCard);
    try {
      await customer.page.goto(`/book/${service._id}?date=${date}`);
      // The link's date is chosen already.
      await expect(customer.page.getByText(longDate(date), { exact: true })).toBeVisible();
      await timeButton(customer.page, '05:45').click();
      await fillVehicle(customer.page);
      await customer.page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(
        customer.page.getByText(
          'Your appointment has been successfully booked! You can view it in your Service History.',
        ),
      ).toBeVisible();
    } finally {
      await customer.context.close();
    }

    await page.reload();
    await expect(card).toContainText(/(30|31) total, (29|30) available, 1 booked/);

    // Delete, after confirming: the service goes, the booking stays.
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete service' })
      .getByRole('button', { name: 'Delete Service' })
      .click();
    await expect(panel.getByText('Service deleted.')).toBeVisible();
    await expect(deskService.getByRole('option', { name })).toHaveCount(0);
    await expect(card).toHaveCount(0);
    expect(await findService()).toBeUndefined();
    const mine = (await (
      await request.get('/api/bookings', { headers: { 'x-auth-token': customerWithCard.token } })
    ).json()) as { _id: string; serviceName: string; service: unknown }[];
    const booking = mine.find((b) => b.serviceName === name);
    expect(booking?.service).toBeNull();
    // Give the van's time back for the tests after this one.
    if (booking) {
      await request.patch(`/api/bookings/${booking._id}/cancel`, {
        headers: { 'x-auth-token': customerWithCard.token },
      });
    }
  } finally {
    const left = await findService();
    if (left) await request.delete(`/api/services/${left._id}`, { headers });
  }
});
