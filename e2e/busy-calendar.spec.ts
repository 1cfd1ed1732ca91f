import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as time from '@app/core/time';
import type { APIRequestContext } from '@playwright/test';
import { homeAddress } from '../tests/factories';
import { expect, test } from './fixtures';
import { dateWithTimes, longDate, freeTimes, serviceNamed, timeButton, times } from './helpers/booking-page';
import { auth } from './helpers/session';
import { stackOf } from './stacks';
import { runJob } from './helpers/jobs';

/**
 * Issue 36 (decision 119): an event in a technician's own calendar removes
 * the matching times from the booking page. The admin pastes the calendar
 * address (the stack's calendar stand-in, which this test tells what to
 * serve) in Technicians → Own calendar; the scheduled job reads it; the
 * customer's page no longer offers the busy time. Every working technician
 * gets the same calendar, or another would take the time.
 */

/** The calendar stand-in of this worker's stack (stack.json, written by `npm start`). */
function calendarStandIn(parallelIndex: number): string {
  const stack = JSON.parse(readFileSync(join(stackOf(parallelIndex).dataDir, 'stack.json'), 'utf8')) as {
    endpoints: { calendar?: string };
  };
  if (!stack.endpoints.calendar) throw new Error('The stack has no calendar stand-in');
  return stack.endpoints.calendar;
}

const stamp = (date: string, clock: string) => `${date.replaceAll('-', '')}T${clock.replace(':', '')}00`;

async function activeTechnicians(request: APIRequestContext, admin: { token: string }) {
  const reply = await request.get('/api/admin/technicians', { headers: auth(admin) });
  return (
    (await reply.json()) as { number: number; firstName: string; lastName: string; active: boolean }[]
  ).filter((t) => t.active);
}

test('an event in the owner’s calendar removes its times from the booking page', async ({
  page,
  browser,
  baseURL,
  request,
  admin,
  signIn,
  customerWithCard,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(150_000);
  const service = await serviceNamed(request, 'Mobile Oil Change');
  const home = { zipCode: homeAddress.zipCode };
  // Further ahead than the other tests book (they start 3 days out), within the 30 days of seeded slots.
  const { date, free } = await dateWithTimes(request, service._id, time.addDays(time.today(), 20), 2, home);
  const [busy, other] = [free[0]!, free.at(-1)!];
  const feed = `${calendarStandIn(testInfo.parallelIndex)}/calendars/owner-${crypto.randomUUID().slice(0, 8)}.ics`;
  const dentist = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//EN',
    'BEGIN:VEVENT',
    'UID:dentist@e2e',
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Dentist',
    `DTSTART;TZID=America/New_York:${stamp(date, busy)}`,
    `DTEND;TZID=America/New_York:${stamp(date, time.localOf(Date.parse(time.instantOf(date, busy)) + 30 * 60_000).time)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  await request.put(feed, { data: dentist, headers: { 'content-type': 'text/calendar' } });
  const crew = await activeTechnicians(request, admin);
  const [first, ...rest] = crew;
  if (!first) throw new Error('No active technician');

  try {
    // The admin pastes it for the first technician in Technicians → Own calendar (a browser of their own).
    const desk = await browser.newContext({ baseURL });
    await desk.addInitScript((token) => localStorage.setItem('token', token), admin.token);
    const adminPage = await desk.newPage();
    await adminPage.goto('/admin?section=technicians');
    const row = adminPage
      .getByRole('listitem')
      .filter({ hasText: `${first.number}. ${first.firstName} ${first.lastName}` });
    await row.getByRole('button', { name: 'Own calendar' }).click();
    const panel = row.getByRole('region', { name: 'Busy time from their own calendar' });
    await panel.getByLabel('Private calendar address (iCal)').fill('ftp://nowhere/calendar.ics');
    await panel.getByRole('button', { name: 'Save calendar address' }).click();
    await expect(panel.getByText('a link that starts with https:// or webcal://')).toBeVisible();
    await panel.getByLabel('Private calendar address (iCal)').fill(feed);
    await panel.getByRole('button', { name: 'Save calendar address' }).click();
    await expect(panel.getByText('Saved: it is read within a quarter of an hour.')).toBeVisible();
    await expect(panel.locator('code')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/….ics$/);
    await expectAccessible(adminPage);
    await adminPage.screenshot({ path: testInfo.outputPath('technicians-own-calendar.png'), fullPage: true });
    // The same on the phone's page (/tech, an admin naming the technician), at 390 px.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto(`/tech?technician=${first.number}`);
    const phone = adminPage.getByRole('region', { name: 'Busy time from their own calendar' });
    await expect(phone.locator('code')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/….ics$/);
    await adminPage.screenshot({ path: testInfo.outputPath('tech-own-calendar-390.png'), fullPage: true });
    await desk.close();
    // The rest of the crew through the API.
    for (const t of rest) {
      const set = await request.put(`/api/tech/busy-calendar?technician=${t.number}`, {
        headers: auth(admin),
        data: { address: feed },
      });
      expect(set.status()).toBe(200);
    }

    // The scheduled job reads the addresses (the stack's own runs every minute; this one now).
    await runJob('busy-calendars', new Date());
    await expect
      .poll(() => freeTimes(request, service._id, date, home), { timeout: 90_000 })
      .not.toContain(busy);
    expect(await freeTimes(request, service._id, date, home)).toContain(other);

    // The customer's booking page offers every time but the busy one.
    await signIn(customerWithCard);
    await page.goto(`/book/${service._id}?date=${date}`);
    // The address names the date: the page opens on it.
    await expect(page.getByText(longDate(date), { exact: true })).toBeVisible();
    await expect(timeButton(page, other)).toBeVisible();
    await expect(times(page).getByRole('button', { name: time.formatTime(busy) })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('booking-page-busy.png'), fullPage: true });
  } finally {
    for (const t of crew) {
      await request.delete(`/api/tech/busy-calendar?technician=${t.number}`, { headers: auth(admin) });
    }
  }
  // Removed: the time is offered again.
  expect(await freeTimes(request, service._id, date, home)).toContain(busy);
});
