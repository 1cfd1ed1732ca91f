import { addDays, formatTime, today } from '@app/core/time';
import { expect, test } from './fixtures';

/**
 * The Time Slot Manager of /admin (issue 12; doc 2 §2, §4, §5, §8): an admin
 * creates a recurring series and sees it, bulk-creates more, toggles one,
 * finds a booked slot that cannot be selected or deleted, and deletes the
 * rest with select-many after confirming. It works on a service of its own
 * (deleted at the end), at dates 45 to 70 days ahead and times before 07:30,
 * which no other test uses.
 */
test('recurring series, bulk create, toggle, booked slots kept, bulk delete', async ({
  page,
  request,
  adminSignedIn: admin,
  customerWithCard,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const headers = { 'x-auth-token': admin.token };
  const name = `E2E Slots ${crypto.randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/services', {
    headers,
    data: { name, description: 'Slots made by a browser test.', price: 20, duration: 15 },
  });
  expect(created.status()).toBe(201);
  const service = (await created.json()) as { _id: string };
  try {
    await page.goto('/admin?section=timeslots');
    const panel = page.getByRole('region', { name: 'Time Slot Manager' });
    const start = addDays(today(), 45);

    // A weekly series of four.
    const single = panel.getByRole('form', { name: 'Create Time Slot', exact: true });
    await single.getByLabel('Service').selectOption({ label: name });
    await single.getByLabel('Date', { exact: true }).fill(start);
    await single.getByLabel('Time', { exact: true }).fill('06:15');
    await single.getByLabel('Recurring').check();
    await single.getByRole('button', { name: 'Create Time Slot' }).click();
    await expect(single.getByText('An end date is required for a recurring time slot.')).toBeVisible();
    await single.getByLabel('Repeats').selectOption('weekly');
    await single.getByLabel('End date').fill(addDays(start, 21));
    await single.getByRole('button', { name: 'Create Time Slot' }).click();
    await expect(single.getByText('4 time slots created.')).toBeVisible();

    // The list, filtered to this service: the series.
    await panel
      .getByRole('group', { name: 'Filter time slots' })
      .getByLabel('Service')
      .selectOption({ label: name });
    const rows = panel.getByRole('table', { name: 'Time slots' }).locator('tbody tr');
    await expect(rows).toHaveCount(4);
    for (let week = 0; week < 4; week += 1) {
      await expect(rows.nth(week)).toContainText(formatTime('06:15'));
      await expect(rows.nth(week)).toContainText('Available');
    }

    // Bulk: every day of a range × the typed times (trimmed, empties dropped).
    const bulk = panel.getByRole('form', { name: 'Bulk Create Time Slots' });
    await bulk.getByLabel('Service').selectOption({ label: name });
    await bulk.getByLabel('Start date').fill(addDays(start, 1));
    await bulk.getByLabel('End date').fill(addDays(start, 2));
    await bulk.getByLabel(/^Times/).fill(' 06:00, , 06:30 ');
    await bulk.getByRole('button', { name: 'Create Time Slots' }).click();
    await expect(bulk.getByText('4 time slots created.')).toBeVisible();
    await expect(rows).toHaveCount(8);
    await expectAccessible();

    // A customer books one: it shows Booked, cannot be selected, toggled or deleted.
    const bookedDate = addDays(start, 1);
    const booking = await request.post('/api/bookings', {
      headers: { 'x-auth-token': customerWithCard.token },
      data: {
        serviceId: service._id,
        date: bookedDate,
        time: '06:00',
        clientFirstName: 'Robin',
        clientLastName: 'Slot',
        vehicleMake: 'Honda',
        vehicleModel: 'Fit',
        vehicleYear: 2018,
        vehicleColor: 'Red',
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const bookingId = ((await booking.json()) as { booking: { _id: string } }).booking._id;
    await page.reload();
    await panel
      .getByRole('group', { name: 'Filter time slots' })
      .getByLabel('Service')
      .selectOption({ label: name });
    const bookedRow = rows.filter({ hasText: 'Robin Slot' });
    await expect(bookedRow).toContainText('Booked');
    await expect(bookedRow.getByRole('checkbox')).toBeDisabled();
    await expect(bookedRow.getByRole('button')).toHaveCount(0);

    // Toggle one unbooked slot.
    const first = rows.first();
    await first.getByRole('button', { name: /Make Unavailable/ }).click();
    await expect(first).toContainText('Unavailable');
    await expect(first.getByRole('button', { name: /Make Available/ })).toBeVisible();

    // Select every unbooked slot and delete them, after confirming.
    await panel.getByLabel('Select all unbooked').check();
    await panel.getByRole('button', { name: 'Delete Selected (7)' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete time slots' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(panel.getByText('Time slots: 7 deleted.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Robin Slot');

    await request.patch(`/api/bookings/${bookingId}/cancel`, {
      headers: { 'x-auth-token': customerWithCard.token },
    });
  } finally {
    await request.delete(`/api/services/${service._id}`, { headers });
  }
});

test('on a phone the admin page is no wider than the screen: the slot table scrolls inside its panel', async ({
  page,
  adminSignedIn: _admin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?section=timeslots');
  const table = page.getByRole('region', { name: 'Time Slot Manager' }).getByRole('table');
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  // Another section, from the section navigation (issue 22): it fits the width too.
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Blog Manager' })
    .click();
  await expect(page).toHaveURL(/section=blog/);
  await expect(page.getByRole('region', { name: 'Blog Manager' }).getByRole('heading').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
