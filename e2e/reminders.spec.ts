import * as time from '@app/core/time';
import { expect, expectFailedReplies, test } from './fixtures';
import { bookThroughApi } from './helpers/bookings';
import { waitForMail } from './helpers/session';
import { runJob } from './helpers/jobs';

/**
 * Issue 21: the reminder's links, without signing in. The scheduled job runs
 * at a moved clock (as `npm run cron -- <instant>` does), the reminder is
 * read from the local outbox, and its buttons open the landing page.
 */
test('from a reminder mail, the customer confirms and then cancels without signing in', async ({
  page,
  request,
  customerWithCard,
  expectAccessible,
}) => {
  const booking = await bookThroughApi(request, customerWithCard, 'Mobile Oil Change');
  const start = Date.parse(time.instantOf(booking.date, booking.time));
  // The fixtures pointed core at the running stack: its scheduled job, a minute after the reminder is due.
  await runJob('reminders', new Date(start - 24 * 3_600_000 + 60_000));
  const mail = await waitForMail(request, customerWithCard.email, (m) => m.subject.startsWith('Reminder:'));
  const link = (action: string) => {
    const found = new RegExp(`/b/[A-Za-z0-9_-]{43}\\?action=${action}`).exec(mail.text)?.[0];
    expect(found, `the ${action} button in the reminder`).toBeTruthy();
    return found ?? '';
  };

  await page.goto(link('attend'));
  await expect(page.getByRole('heading', { name: 'Your appointment' })).toBeVisible();
  await expect(page.getByText('Mobile Oil Change')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
    'href',
    new RegExp(`^/reschedule/${booking._id}\\?token=`),
  );
  await expectAccessible();
  await page.getByRole('button', { name: "I'll be there" }).click();
  await expect(page.getByText('you confirmed that you will be there')).toBeVisible();
  await expect(page.getByRole('button', { name: "I'll be there" })).toHaveCount(0);

  await page.goto(link('cancel'));
  await expect(page.getByRole('heading', { name: 'Cancel this appointment?' })).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: 'Keep my appointment' }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('This appointment is cancelled')).toBeVisible();

  // The link did its work once: the booking is cancelled in the customer's own history too.
  const mine = await request.get('/api/bookings', { headers: { 'x-auth-token': customerWithCard.token } });
  const list = (await mine.json()) as { _id: string; status: string; attendanceConfirmedAt: string | null }[];
  expect(list.find((b) => b._id === booking._id)).toMatchObject({
    status: 'Cancelled',
    attendanceConfirmedAt: expect.any(String),
  });
});

test('a link that is not valid says so, with the way to sign in', async ({ page }) => {
  expectFailedReplies();
  await page.goto(`/b/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Unable to open this link' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
});
