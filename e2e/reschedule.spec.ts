import { addDays, formatLongDate, formatTime } from '@app/core/time';
import type { APIRequestContext, Page } from '@playwright/test';
import type { BookingReply } from '../functions/src/api/bookings';
import { expect, expectFailedReplies, test, type TestUser } from './fixtures';
import { bookThroughApi } from './helpers/bookings';
import { dayCell, longDate, timeButton } from './helpers/booking-page';

/**
 * Rescheduling (issue 21): from Service History, signed in; and from a
 * reminder's link, without signing in. The move is checked where the
 * customer sees it (the page's result, the Service History) and the old time
 * is offered again.
 */

const SERVICE = 'Headlight Restoration';

/** A free time on a date after the booking's, as the reschedule page offers it for `booking`. */
async function newTime(request: APIRequestContext, booking: BookingReply, customer: TestUser) {
  for (let ahead = 1; ahead < 14; ahead++) {
    const date = addDays(booking.date, ahead);
    const reply = await request.get(`/api/bookings/${booking._id}/reschedule/times?date=${date}`, {
      headers: { 'x-auth-token': customer.token },
    });
    expect(reply.status()).toBe(200);
    const { times } = (await reply.json()) as { times: string[] };
    const time = times[0];
    if (time) return { date, time };
  }
  throw new Error('No time to move to in two weeks');
}

/** Chooses `date` in the page's calendar, then `time`, and confirms the move. */
async function moveTo(page: Page, date: string, time: string) {
  await (await dayCell(page, date)).getByRole('button').click();
  await expect(page.getByText(longDate(date), { exact: true })).toBeVisible();
  await timeButton(page, time).click();
  const confirm = page.getByRole('region', { name: 'Move Your Appointment' });
  await expect(confirm).toContainText(`${longDate(date)} at ${formatTime(time)}`);
  await confirm.getByRole('button', { name: 'Confirm New Time' }).click();
  const done = page.getByRole('region', { name: 'Appointment Moved' });
  await expect(done).toContainText('Your appointment has been moved.');
  await expect(done).toContainText(`${longDate(date)} at ${formatTime(time)}`);
  return done;
}

test('reschedule from Service History: the card moves to the new time', async ({
  page,
  request,
  customerWithCardSignedIn: customerWithCard,
  expectAccessible,
}) => {
  const booking = await bookThroughApi(request, customerWithCard, SERVICE, {}, 12);
  const target = await newTime(request, booking, customerWithCard);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Service History' }).getByRole('article', { name: SERVICE });
  await card.getByRole('link', { name: 'Reschedule' }).click();

  await expect(page).toHaveURL(`/reschedule/${booking._id}`);
  await expect(page).toHaveTitle('Reschedule Your Booking | Mobile Auto Care');
  const current = page.getByRole('region', { name: 'Your Appointment' });
  await expect(current).toContainText(longDate(booking.date));
  await expect(current).toContainText(formatTime(booking.time));
  await expectAccessible();

  const done = await moveTo(page, target.date, target.time);
  await expectAccessible();
  await done.getByRole('link', { name: 'Back to Service History' }).click();
  const moved = page.getByRole('region', { name: 'Service History' }).getByRole('article', { name: SERVICE });
  await expect(moved.locator(`time[datetime="${target.date}"]`)).toHaveText(formatLongDate(target.date));
  await expect(moved).toContainText(formatTime(target.time));
  await request.patch(`/api/bookings/${booking._id}/cancel`, {
    headers: { 'x-auth-token': customerWithCard.token },
  });
});

test("reschedule from a reminder's link, without signing in; the link works once", async ({
  page,
  request,
  customerWithCard,
  accounts: _stack,
  expectAccessible,
}) => {
  // Opening the used link again answers 409 (the page says why).
  expectFailedReplies();
  const booking = await bookThroughApi(request, customerWithCard, SERVICE, {}, 13);
  const target = await newTime(request, booking, customerWithCard);
  // The reminder's link (decision 074), issued as the reminder job does.
  const { BookingLink } = await import('@app/core/booking/link');
  const { token } = await BookingLink.issue({ id: booking._id, date: booking.date, time: booking.time });

  await page.goto(`/reschedule/${booking._id}?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/reschedule/${booking._id}\\?token=`));
  await expect(page.getByRole('region', { name: 'Your Appointment' })).toContainText(SERVICE);
  await expectAccessible();
  const done = await moveTo(page, target.date, target.time);
  await expect(done.getByRole('link', { name: 'Back to Service History' })).toHaveCount(0);

  // The link is used: opening it again says so, and the booking stays where it was moved.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(BookingLink.messages.used);
  const reply = await request.get('/api/bookings', { headers: { 'x-auth-token': customerWithCard.token } });
  const mine = ((await reply.json()) as BookingReply[]).find((b) => b._id === booking._id);
  expect([mine?.date, mine?.time]).toEqual([target.date, target.time]);
  await request.patch(`/api/bookings/${booking._id}/cancel`, {
    headers: { 'x-auth-token': customerWithCard.token },
  });
});

/** A step that replaced part of the page (issue 30): it has the focus and shows whole, below the sticky header. */
async function expectRevealed(page: Page, heading: ReturnType<Page['getByRole']>) {
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  // Below the sticky header once the page's smooth scroll has come to rest.
  await expect
    .poll(async () => {
      const header = await page.locator('.site-header').boundingBox();
      const box = await heading.boundingBox();
      return !!box && !!header && box.y >= header.y + header.height - 1;
    })
    .toBe(true);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('each step of the reschedule and of the link page comes into view with the focus', async ({
    page,
    request,
    customerWithCard,
    accounts: _stack,
  }) => {
    const booking = await bookThroughApi(request, customerWithCard, SERVICE, {}, 14);
    const target = await newTime(request, booking, customerWithCard);
    const { BookingLink } = await import('@app/core/booking/link');
    const { token } = await BookingLink.issue({ id: booking._id, date: booking.date, time: booking.time });

    // The link page's Cancel opens its confirmation in place: in view, focused; "Keep" closes it.
    await page.goto(`/b/${token}`);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectRevealed(page, page.getByRole('heading', { name: 'Cancel this appointment?' }));
    await page.getByRole('button', { name: 'Keep my appointment' }).click();

    await page.goto(`/reschedule/${booking._id}?token=${token}`);
    await (await dayCell(page, target.date)).getByRole('button').click();
    await expectRevealed(page, page.getByRole('heading', { name: 'Choose a New Time' }));
    await timeButton(page, target.time).click();
    const confirm = page.getByRole('heading', { name: 'Move Your Appointment' });
    await expectRevealed(page, confirm);
    await page.getByRole('button', { name: 'Confirm New Time' }).click();
    await expectRevealed(page, page.getByRole('heading', { name: 'Appointment Moved' }));
    await request.patch(`/api/bookings/${booking._id}/cancel`, {
      headers: { 'x-auth-token': customerWithCard.token },
    });
  });
});
