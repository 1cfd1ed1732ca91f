import { addDays, today } from '@app/core/time';
import { expect, type Fixtures, test } from './fixtures';
import {
  chooseDay,
  confirmLinkedVehicle,
  dateWithTimes,
  fillPhoneIfAsked,
  serviceNamed,
  timeButton,
} from './helpers/booking-page';
import { auth, waitForMail } from './helpers/session';
import { runJob } from './helpers/jobs';

/**
 * Issue 33: declined work stays on the vehicle and comes back. The declined line is kept as the
 * estimate's approval keeps it (tests/recommendation-factories.ts), appears in the desk's
 * Recommended Work, goes out in the follow-up mail at a moved clock (the scheduled job, as
 * `npm run cron -- <instant>` runs it), and the mail's link books it.
 */
/** Declined lines on a new garage vehicle of the customer's, after a visit they booked (the Oil Change). */
async function declinedAfterAVisit(
  { admin, customerWithCard, cardBooking }: Pick<Fixtures, 'admin' | 'customerWithCard' | 'cardBooking'>,
  lines: { description: string; priceCents: number }[],
) {
  const visit = await cardBooking('Mobile Oil Change');
  const { keepDeclined } = await import('../tests/recommendation-factories');
  return keepDeclined({ headers: auth(admin) }, customerWithCard.user, visit._id, { lines });
}

test('a declined line is on the desk, comes back in the follow-up mail, and its link books it', async ({
  page,
  browser,
  baseURL,
  request,
  admin,
  customerWithCard,
  cardBooking,
  booked,
  signIn,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const customer = customerWithCard.user;
  const kept = await declinedAfterAVisit({ admin, customerWithCard, cardBooking }, [
    { description: 'Replace cabin air filter', priceCents: 4_500 },
  ]);
  const line = kept.open[0]!;

  // The desk: an admin's own browser context.
  const deskContext = await browser.newContext({ baseURL });
  await deskContext.addInitScript((token) => localStorage.setItem('token', token), admin.token);
  const desk = await deskContext.newPage();
  await desk.goto('/admin?section=recommended');
  const panel = desk.getByRole('region', { name: 'Recommended Work' });
  const item = panel.getByTestId('recommended-line').filter({ hasText: customer.lastName });
  await expect(item).toContainText('Replace cabin air filter');
  await expect(item).toContainText('2019 Honda Civic');
  await expect(item).toContainText('$45.00');
  await expectAccessible(desk);
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.screenshot({ path: test.info().outputPath('recommended-desk-1280.png') });
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.screenshot({ path: test.info().outputPath('recommended-desk-390.png'), fullPage: true });
  await deskContext.close();

  // The follow-up, once its day has come.
  const due = Date.parse(line.followUpAt ?? '');
  expect((await runJob('recommended-follow-ups', new Date(due + 60_000))).sent).toBe(1);
  const mail = await waitForMail(request, customerWithCard.email, (m) =>
    m.subject.startsWith('Recommended work for your 2019 Honda Civic'),
  );
  expect(mail.text).toContain('Replace cabin air filter ($45.00)');
  const link = /\/book\/[^\s?]+\?vehicle=veh_[0-9A-Z]+&lines=rec_[0-9A-Z,_]+/.exec(mail.text)?.[0];
  expect(link, 'the booking link in the follow-up').toBeTruthy();

  // The link books it: the booking page shows the line, the booking carries it and closes it.
  await signIn(customerWithCard);
  const service = await serviceNamed(request, 'Mobile Oil Change');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 10), 1, {
    zipCode: '19380',
  });
  await page.goto(link ?? '');
  const shown = page.getByRole('region', { name: 'Last time we recommended' });
  await expect(shown).toContainText('Replace cabin air filter ($45.00)');
  await chooseDay(page, date);
  await timeButton(page, free[0]!).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  await expect(shown).toContainText('Replace cabin air filter');
  await expect(page.getByLabel('Notes (optional)')).toHaveValue(
    'Recommended work: Replace cabin air filter.',
  );
  await expectAccessible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('recommended-booking-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The link's vehicle is picked (issue 34): its fields are not asked again.
  await confirmLinkedVehicle(page, 'Blue 2019 Honda Civic');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();

  const { Garage } = await import('@app/core/garage/index');
  const closed = await Garage.recommendation.get(line);
  expect(closed?.state).toBe('booked');
  booked.push(closed?.closed?.bookingId ?? '');
  const open = await request.get(`/api/recommendations/vehicle/${line.vehicleId}`, {
    headers: auth(customerWithCard),
  });
  expect(await open.json()).toEqual([]);
});

test('the ordinary booking: picking the garage vehicle shows its recommended work; a line ticked is booked and closed', async ({
  page,
  request,
  admin,
  customerWithCard,
  cardBooking,
  booked,
  signIn,
  expectAccessible,
}) => {
  const kept = await declinedAfterAVisit({ admin, customerWithCard, cardBooking }, [
    { description: 'Replace wiper blades', priceCents: 3_000 },
    { description: 'Flush brake fluid', priceCents: 9_000 },
  ]);
  const wipers = kept.open.find((l) => l.description === 'Replace wiper blades');
  const fluid = kept.open.find((l) => l.description === 'Flush brake fluid');
  await signIn(customerWithCard);
  const service = await serviceNamed(request, 'Mobile Oil Change');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 11), 1, {
    zipCode: '19380',
  });
  await page.goto(`/book/${service._id}`);
  await chooseDay(page, date);
  await timeButton(page, free[0]!).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  // Once the vehicle is picked, its open recommended work, each line a box.
  const offer = page.getByRole('region', { name: 'Last time we recommended' });
  await expect(offer).toHaveCount(0);
  await page.getByLabel('Your vehicle').selectOption(fluid!.vehicleId);
  await expect(offer).toContainText('Replace wiper blades ($30.00)');
  await offer.getByRole('checkbox', { name: /Flush brake fluid \(\$90\.00\)/ }).check();
  await fillPhoneIfAsked(page);
  await page.getByLabel(/I agree to the/).check();
  await expectAccessible();
  await page.setViewportSize({ width: 390, height: 844 });
  await offer.screenshot({ path: test.info().outputPath('recommended-offer-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('recommended-offer-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();

  // The ticked line is booked (closed by the booking); the other stays open.
  const { Garage } = await import('@app/core/garage/index');
  const closed = await Garage.recommendation.get(fluid!);
  expect(closed?.state).toBe('booked');
  booked.push(closed?.closed?.bookingId ?? '');
  expect((await Garage.recommendation.get(wipers!))?.state).toBe('open');
});
