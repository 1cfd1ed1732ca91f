import * as time from '@app/core/time';
import { expect, expectFailedReplies, test } from './fixtures';
import { openDesk, searchCustomer } from './helpers/admin-desk-page';
import { setStatusThroughApi } from './helpers/bookings';
import { auth, linkInMail } from './helpers/session';

/**
 * "On my way" and the tracking page (issue 21): the desk's button mails the
 * customer a link; the page shows the ETA and follows the visit as the shop
 * marks it Arrived, Started and Completed (it asks again every 20 s: the
 * page's clock is moved on instead of waiting), and says so plainly when a
 * link is not valid.
 */
test('the tracking page follows a visit from On my way to done', async ({
  page,
  request,
  adminSignedIn: admin,
  customerWithCard,
  cardBooking,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const lastName = `Tracker${Date.now().toString(36)}`;
  const booked = await cardBooking('Engine Diagnostic', {
    details: { clientLastName: lastName },
    fromDay: 16,
    status: 'Confirmed',
  });
  // The visit is today's: a booking cannot be made for a time already past, so its day is moved in the table.
  const { entity } = await import('@app/core/booking/store');
  const stored = await entity.get({ id: booked._id }, { consistent: true });
  if (!stored) throw new Error('The booking just made is missing.');
  await entity.put({ ...stored, date: time.today(), time: '23:30' });

  await openDesk(page);
  await searchCustomer(page, lastName);
  const card = page.locator(`[data-booking-id="${booked._id}"]`);
  const visit = card.getByRole('region', { name: 'Visit progress' });
  await visit.getByRole('button', { name: 'On my way' }).click();
  await expect(
    visit.getByText(/^On my way at \d{1,2}:\d{2} [AP]M \(ETA \d{1,2}:\d{2} [AP]M\)$/),
  ).toBeVisible();
  await expect(visit.getByRole('button', { name: 'On my way' })).toBeDisabled();
  await expect(visit.getByRole('button', { name: 'Arrived' })).toBeEnabled();

  const path = await linkInMail(request, customerWithCard.email, 'track');
  // The page's polling is driven by Playwright's clock. (Its fake Date also makes the zone helpers read UTC,
  // so the times are matched by shape here; on a real clock they are Eastern, as the desk card's above.)
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/is on the way$/);
  await expect(
    page.getByText(/^Expected to arrive about \d{1,2}:\d{2} [AP]M \(Eastern Time\)\.$/),
  ).toBeVisible();
  await expect(page.getByText(/Engine Diagnostic/)).toBeVisible();
  await expectAccessible();

  const mark = async (step: string) => {
    const response = await request.post(`/api/bookings/${booked._id}/progress`, {
      headers: auth(admin),
      data: { step },
    });
    expect(response.status()).toBe(200);
    await page.clock.runFor(21_000);
  };
  await mark('arrived');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/has arrived$/);
  await mark('started');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/is working on your vehicle$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Working' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await setStatusThroughApi(request, admin, booked._id, { status: 'Completed' });
  await page.clock.runFor(21_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The work is done');
  await expectAccessible();

  expectFailedReplies();
  await page.goto(`/track/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This tracking link is not valid.');
});
