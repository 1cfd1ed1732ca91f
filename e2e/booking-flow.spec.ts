import { addDays, formatTime, today } from '@app/core/time';
import { expect, test } from './fixtures';
import { fillCard, paymentSection, register } from './helpers/pages';
import { bookTheTime, dateWithTimes, freeTimes, serviceNamed } from './helpers/booking-page';
import { linkInMail, loginThroughForm, uniqueEmail } from './helpers/session';
import { fillAddress } from './helpers/admin-desk-page';

/**
 * The whole customer journey of issue 10 in one browser session, on the
 * seeded local stack, with nothing made behind the app's back: register,
 * verify from the mailed link, sign in, add the test card, book a service at
 * a date and time, find it in Service History, edit it, cancel it, and see
 * its time offered again.
 */
test('register → verify → add a card → book → Service History → edit → cancel', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');
  const password = 'tail-lights-42';

  await page.goto('/register');
  await register(page, { firstName: 'Jordan', lastName: 'Driver', email, password });
  await expect(
    page.getByText('Registration successful! Please check your email for verification.'),
  ).toBeVisible();

  await page.goto(await linkInMail(request, email, 'verify-email'));
  await page.getByRole('link', { name: 'Sign In Now' }).click();
  // The verified page's region 'Email Verified' would match the login form's 'Email' until the page changes.
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toHaveCount(0);
  await loginThroughForm(page, email, password);
  await expect(page.getByRole('banner').getByText('Welcome, Jordan!')).toBeVisible();

  // The card first: the booking page asks for it, and the card page brings the customer back.
  const service = await serviceNamed(request, 'Headlight Restoration');
  // The times at the address the customer adds below (issue 20: the page asks for them there).
  const home = { zipCode: '19380' };
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 3), 1, home);
  const chosen = free[0] as string;
  await page.goto(`/book/${service._id}?date=${date}`);
  await expect(page.getByRole('heading', { name: 'Payment Method Required' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a Payment Method' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=account/);
  await fillCard(page, { number: '4111 1111 1111 1111' });
  await paymentSection(page).getByRole('button', { name: 'Save Card' }).click();
  await expect(page).toHaveURL(`/book/${service._id}?date=${date}`);
  await expect(page.getByRole('heading', { name: 'Payment Method Required' })).toHaveCount(0);

  // Where (issue 20): a new customer has no address yet; it is added right here, saved to the account,
  // and the area is checked before any time shows.
  const where = page.getByRole('region', { name: 'Where Should We Come?' });
  await fillAddress(where, { street: '12 N High St', city: 'West Chester', state: 'PA', zipCode: '19380' });
  await where.getByRole('button', { name: 'Add Address' }).click();
  await expect(where.getByTestId('area-served')).toContainText('We come to 12 N High St');

  // A date and a time, then the details.
  await bookTheTime(page, date, chosen);
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();
  expect(await freeTimes(request, service._id, date, home)).not.toContain(chosen);

  // Service History: the booking, Pending, with what was typed.
  await page.getByRole('link', { name: 'Go to your Service History' }).click();
  const history = page.getByRole('region', { name: 'Service History' });
  const booking = history.getByRole('article', { name: service.name });
  await expect(booking.getByText('Pending', { exact: true })).toBeVisible();
  await expect(booking).toContainText('2019 Honda Civic');
  await expect(booking).toContainText(formatTime(chosen));

  // Edit the vehicle.
  await booking.getByRole('button', { name: 'Edit Booking' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  await edit.getByLabel('Vehicle make').fill('Toyota');
  await edit.getByLabel('Vehicle model').fill('Corolla');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(booking).toContainText('2019 Toyota Corolla');

  // Cancel, after confirming: the time is offered again.
  await booking.getByRole('button', { name: 'Cancel Booking' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel this booking?' })
    .getByRole('button', { name: 'Yes, Cancel Booking' })
    .click();
  await expect(booking.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Edit Booking' })).toHaveCount(0);
  expect(await freeTimes(request, service._id, date, home)).toContain(chosen);
});
