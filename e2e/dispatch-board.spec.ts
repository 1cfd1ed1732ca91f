import * as time from '@app/core/time';
import type { APIRequestContext, Page } from '@playwright/test';
import type { BookingReply } from '../functions/src/api/bookings';
import { expect, expectFailedReplies, test } from './fixtures';
import { uniqueName } from './helpers/admin-desk-page';
import { type Account, auth } from './helpers/session';
import { customBookingBody } from '../tests/desk-bookings';

/**
 * The dispatch board (issue 22): a lane per technician (the seed's Sam Ortiz
 * and Riley Chen) and one for unassigned jobs; a job moves to another
 * technician by dragging it or by keyboard, the server decides, and a
 * refusal is explained and puts the job back.
 */

const SAM = 'Sam Ortiz';
const RILEY = 'Riley Chen';

const board = (page: Page) => page.getByTestId('dispatch-board');
const block = (page: Page, id: string) => board(page).locator(`[data-job="${id}"]`);

/** The technician number the desk's list gives booking `id` of `date`. */
async function technicianOf(request: APIRequestContext, admin: Account, id: string, date: string) {
  const response = await request.get(`/api/bookings/all?limit=100&startDate=${date}&endDate=${date}`, {
    headers: auth(admin),
  });
  const all = (await response.json()) as BookingReply[];
  return all.find((b) => b._id === id)?.technician?.number ?? null;
}

/** Drags `id`'s block straight down or up into `lane`'s row (its time stays), the whole board on screen. */
async function dragToLane(page: Page, id: string, lane: string) {
  await board(page).getByRole('rowheader', { name: 'Unassigned' }).scrollIntoViewIfNeeded();
  const from = await block(page, id).boundingBox();
  const to = await board(page).getByRole('rowheader', { name: lane }).boundingBox();
  if (!from || !to) throw new Error('The block or the lane is not on screen.');
  const x = from.x + Math.min(30, from.width / 2);
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * Two custom bookings at 10:00 on the first day from 70 days ahead when both
 * technicians are free then (other tests may hold one of them): Bo's and Cleo's.
 */
async function twoAtTen(request: APIRequestContext, admin: Account, lastName: string) {
  for (let ahead = 70; ahead < 130; ahead += 1) {
    const date = time.addDays(time.today(), ahead);
    const post = (clientFirstName: string) =>
      request.post('/api/bookings/admin-create', {
        headers: auth(admin),
        data: customBookingBody(date, '10:00', { clientFirstName, clientLastName: lastName }),
      });
    const bo = await post('Bo');
    if (bo.status() === 409) continue;
    expect(bo.status()).toBe(201);
    const first = (await bo.json()) as BookingReply;
    const cleo = await post('Cleo');
    if (cleo.status() === 201) return [first, (await cleo.json()) as BookingReply] as const;
    await request.patch(`/api/bookings/${first._id}/status`, {
      headers: auth(admin),
      data: { status: 'Cancelled' },
    });
  }
  throw new Error('No day with both technicians free at 10:00.');
}

test('the board reassigns a job by drag and by keyboard, and explains a conflict', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  // The refusals below are 409 replies, which the browser logs.
  expectFailedReplies();
  const lastName = uniqueName('Board');
  // Sam (technician 1, the lowest) takes the first job; the second, at the same time, can only be Riley's.
  const [first, second] = await twoAtTen(request, admin, lastName);
  expect(await technicianOf(request, admin, first._id, first.date)).toBe(1);
  expect(await technicianOf(request, admin, second._id, first.date)).toBe(2);

  await page.goto(`/admin?section=board&date=${first.date}`);
  const region = page.getByRole('region', { name: 'Dispatch Board' });
  await expect(block(page, first._id)).toContainText(`Bo ${lastName}`);
  await expect(board(page).getByRole('rowheader', { name: SAM })).toBeVisible();
  await expect(board(page).getByRole('rowheader', { name: 'Unassigned' })).toBeVisible();

  // A conflict: Riley is at Cleo's at 10:00. The server refuses, the board says why and keeps the job with Sam.
  await dragToLane(page, first._id, RILEY);
  await expect(region.getByRole('alert')).toContainText(`Bo ${lastName}'s job stays with ${SAM}:`);
  expect(await technicianOf(request, admin, first._id, first.date)).toBe(1);

  // By keyboard: the job's block is focusable; Enter opens the technician list.
  await block(page, second._id).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reassign job' });
  await expect(dialog).toContainText(`now with ${RILEY}`);
  await expect(dialog.getByLabel('Technician')).toHaveValue('1');
  await expectAccessible();
  // Sam is busy at 10:00 as well: refused again, with the server's message.
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(region.getByRole('alert')).toContainText(`Cleo ${lastName}'s job stays with ${RILEY}:`);

  // Cancelling Bo's booking frees Sam at 10:00.
  const cancelled = await request.patch(`/api/bookings/${first._id}/status`, {
    headers: auth(admin),
    data: { status: 'Cancelled' },
  });
  expect(cancelled.status()).toBe(200);
  await page.reload();
  await expect(block(page, first._id)).toHaveCount(0);

  // By drag: Cleo's job goes from Riley to Sam.
  await dragToLane(page, second._id, SAM);
  await expect(region.getByRole('status')).toHaveText(`Cleo ${lastName}'s job is now with ${SAM}.`);
  expect(await technicianOf(request, admin, second._id, first.date)).toBe(1);

  // By keyboard: arrow down moves it one lane, back to Riley.
  await block(page, second._id).focus();
  await page.keyboard.press('ArrowDown');
  await expect(region.getByRole('status')).toHaveText(`Cleo ${lastName}'s job is now with ${RILEY}.`);
  expect(await technicianOf(request, admin, second._id, first.date)).toBe(2);
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the week shows all seven days readable, and the day shows a 30-minute job whole', async ({
    page,
    request,
    adminSignedIn: admin,
  }) => {
    const lastName = uniqueName('Week');
    // A 30-minute job on a day with both technicians free at 10:00.
    let job: BookingReply | undefined;
    for (let ahead = 140; ahead < 200 && !job; ahead += 1) {
      const date = time.addDays(time.today(), ahead);
      const made = await request.post('/api/bookings/admin-create', {
        headers: auth(admin),
        data: customBookingBody(date, '10:00', {
          clientFirstName: 'Dana',
          clientLastName: lastName,
          duration: 30,
          customServiceName: 'Headlight Restoration',
        }),
      });
      if (made.status() === 201) job = (await made.json()) as BookingReply;
    }
    if (!job) throw new Error('No free 10:00 for the test job.');

    await page.goto(`/admin?section=board&date=${job.date}&view=week`);
    await expect(block(page, job._id)).toContainText(`10:00 AM Dana ${lastName}`);
    // Seven day headers, each wholly on screen, none cut.
    const headers = board(page).getByRole('columnheader', { name: /day, \w+ \d+, \d{4}$/ });
    await expect(headers).toHaveCount(7);
    for (const header of await headers.all()) {
      const box = await header.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1280).toBe(true);
      const label = header.locator('time');
      await expect(label).toHaveText(/^\d+ \w{3}$/);
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // The job's time and words are not cut ('7:0...').
    for (const line of await block(page, job._id).locator('.board-block__line').all()) {
      expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    const [week, day] = [await board(page).boundingBox(), await block(page, job._id).boundingBox()];
    expect(day && week && day.x + day.width <= week.x + week.width).toBe(true);

    await page.goto(`/admin?section=board&date=${job.date}&view=day`);
    const lines = block(page, job._id).locator('.board-block__line');
    await expect(lines.first()).toHaveText(`Dana ${lastName}`);
    for (const line of await lines.all()) {
      expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const [outer, inner] = [await block(page, job._id).boundingBox(), await line.boundingBox()];
      expect(outer && inner && inner.y + inner.height <= outer.y + outer.height + 1).toBe(true);
    }
    await page.screenshot({ path: test.info().outputPath('day.png') });
    await request.patch(`/api/bookings/${job._id}/status`, {
      headers: auth(admin),
      data: { status: 'Cancelled' },
    });
  });
});
