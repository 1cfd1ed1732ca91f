import * as time from '@app/core/time';
import type { APIRequestContext, Locator } from '@playwright/test';
import type { DashboardReply } from '../functions/src/api/revenue-reply';
import type { TechDayReply } from '../functions/src/api/tech';
import { customBookingBody } from '../tests/desk-bookings';
import { test as base, expect, expectConsoleErrors, expectFailedReplies, type TestUser } from './fixtures';
import { auth, linkInMail, technicianSignIn } from './helpers/session';
import { drawSignature } from './helpers/signature';

/**
 * The technician's phone, /tech (issue 22, decision 079), at 390 px: today's
 * job with its Directions link, On my way, Arrived, Started and Completed;
 * without signal the day stays readable and the actions are off, with a
 * banner; a day that cannot be fetched shows the last sync.
 *
 * The job's technician is one of the seeded two (functions/src/local/seed.ts),
 * who signs in on the phone and opens /tech: their own day.
 */

const ADDRESS = { street: '12 W Market St', unit: '', city: 'West Chester', state: 'PA', zipCode: '19382' };

/**
 * A job of today for the crew, Confirmed, with its technician. The desk refuses a time already past, and the
 * job must be today's for its progress to be recorded, whenever this runs: it is made through core's own
 * adminCreate (the desk's verb) against the running stack, as the desk would have made it early this morning
 * (the process's clock reads 00:05 today for that call only). Then the admin confirms it through the API.
 */
async function todaysJob(
  request: APIRequestContext,
  admin: TestUser,
  name: string,
  { date = time.today(), customer }: { date?: string; customer?: TestUser } = {},
) {
  const { Booking } = await import('@app/core/booking/index');
  const { withActor } = await import('@app/core/actor');
  const actor = {
    type: 'user',
    userId: admin.user._id,
    role: 'admin',
    firstName: admin.user.firstName,
  } as const;
  const realNow = Date.now;
  let booking: { id: string } | undefined;
  try {
    Date.now = () => Date.parse(time.instantOf(date, '00:05'));
    for (let minutes = 9 * 60; minutes <= 17 * 60 + 30 && !booking; minutes += 30) {
      const at = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
      const body = customBookingBody(date, at, {
        customServiceName: name,
        serviceAddress: { ...ADDRESS, accessNotes: 'Side gate, code 2468' },
        notes: 'Customer will leave the keys under the mat.',
      });
      const { customServicePrice: _dollars, ...input } = body;
      booking = await withActor(actor, () =>
        Booking.adminCreate({ ...input, customServicePriceCents: 8950 }),
      ).catch((error: unknown) => {
        if ((error as { kind?: string }).kind === 'conflict') return undefined;
        throw error;
      });
    }
  } finally {
    Date.now = realNow;
  }
  if (!booking) throw new Error('No free time today for the test job');
  if (customer) {
    // The job is this customer's, whose card is on file (the desk's phone booking has no account yet).
    const { entity } = await import('@app/core/booking/store');
    await entity.update(
      { id: booking.id },
      {
        UpdateExpression: 'SET userId = :user',
        ExpressionAttributeValues: { ':user': customer.user._id },
      },
    );
  }
  const confirmed = await request.patch(`/api/bookings/${booking.id}/status`, {
    headers: auth(admin),
    data: { status: 'Confirmed' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  for (const technician of [1, 2, 3, 4]) {
    const day = await request.get(`/api/tech/day?date=${date}&technician=${technician}`, {
      headers: auth(admin),
    });
    if (!day.ok()) break;
    const reply = (await day.json()) as TechDayReply;
    if (reply.jobs.some((job) => job._id === booking.id)) return { booking: { _id: booking.id }, technician };
  }
  throw new Error('The booking is on no technician’s day');
}

type JobOnThePhone = Awaited<ReturnType<typeof todaysJob>> & {
  name: string;
  phone: Awaited<ReturnType<typeof technicianSignIn>>;
  card: Locator;
};

/**
 * `jobOnThePhone(label)`: a job of today (todaysJob; its options too) named `<label> <6 random
 * characters>`, whose technician (one of the seeded two) signs in on the phone and opens /tech: the
 * job, its name, the technician's session and name, and the job's card.
 */
const test = base.extend<{
  jobOnThePhone: (label: string, options?: Parameters<typeof todaysJob>[3]) => Promise<JobOnThePhone>;
}>({
  jobOnThePhone: async ({ page, admin, signIn }, use) => {
    await use(async (label, options) => {
      const name = `${label} ${crypto.randomUUID().slice(0, 6)}`;
      const job = await todaysJob(page.request, admin, name, options);
      const phone = await technicianSignIn(page.request, job.technician);
      await signIn(phone);
      await page.goto('/tech');
      return { ...job, name, phone, card: page.getByRole('article', { name: new RegExp(name) }) };
    });
  },
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a day at 390 px: Directions, On my way, Arrived, Started, Completed', async ({
  page,
  admin,
  customerWithCard,
  expectAccessible,
  jobOnThePhone,
}) => {
  // The whole day and its completion: slow on a busy machine.
  test.slow();
  const { booking, card, technician } = await jobOnThePhone('Tech job', { customer: customerWithCard });
  await expect(card).toBeVisible();
  // The day's date, and times as the business writes them (issue 30): '9:00 AM', as in the mails.
  await expect(
    page.getByText(`${time.weekdayOf(time.today())}, ${time.formatLongDate(time.today())}`),
  ).toBeVisible();
  await expect(card.locator('.tech-job__time')).toHaveText(/^\d{1,2}:\d\d [AP]M$/);
  await expect(card.getByText(/min drive from/)).toBeVisible();
  await expect(card.getByText('Side gate, code 2468')).toBeVisible();
  await expect(card.getByText('Customer will leave the keys under the mat.')).toBeVisible();
  // Issue 30: a job whose customer gave no number says so plainly (no tap-to-call to look for).
  await expect(card.getByText('No phone number: the customer gave none')).toBeVisible();
  const directions = card.getByRole('link', { name: 'Directions' });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('12 W Market St, West Chester, PA 19382')}`,
  );
  // Usable at 390 px: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible();
  // Before the job has started, the next step is the primary action, not Completed (issue 30).
  await expect(card.getByRole('button', { name: 'On my way', exact: true })).toHaveClass(/button--primary/);
  await expect(card.getByRole('button', { name: 'Completed' })).not.toHaveClass(/button--primary/);
  await page.screenshot({ path: test.info().outputPath('1-before-start.png'), fullPage: true });

  for (const [button, state] of [
    ['On my way', 'On my way'],
    ['Arrived', 'Arrived'],
    ['Started', 'Started'],
  ] as const) {
    await card.getByRole('button', { name: button, exact: true }).click();
    await expect(card.locator('.tech-job__state')).toHaveText(state);
    await expect(card.getByRole('button', { name: button, exact: true })).toBeDisabled();
  }
  // The business's one time format, as the mails and tracking (issue 30): 'On my way 9:05 AM'.
  await expect(card.getByText(/On my way \d{1,2}:\d\d [AP]M/)).toBeVisible();

  // Started: now Completed is the primary action, and its confirm names the server's amount and the card.
  await expect(card.getByRole('button', { name: 'Completed' })).toHaveClass(/button--primary/);
  await card.getByRole('button', { name: 'Completed' }).click();
  const confirm = card.getByRole('group', { name: 'Confirm completion' });
  await expect(confirm.getByRole('status')).toHaveText('This charges $89.50 to the card ending 1111.');
  // The phone goes to the customer, who adds a 20% tip (issue 35): no tip unless they choose one.
  const tips = confirm.getByRole('group', { name: /Add a tip for your technician/ });
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  await tips.getByRole('radio', { name: '20% ($17.90)' }).check();
  await expectAccessible();
  await page.screenshot({ path: test.info().outputPath('2-confirm-tip-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('2-confirm-tip-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Yes, completed' }).click();
  await expect(card.locator('.tech-job__state')).toHaveText('Completed');
  // Charged with the amount and the tip apart: the tip reaches the technician's line in the revenue section.
  const revenue = (await (
    await page.request.get('/api/admin/revenue', { headers: auth(admin) })
  ).json()) as DashboardReply;
  expect(revenue.recent.find((e) => e.bookingId === booking._id)).toMatchObject({ amount: 89.5, tip: 17.9 });
  expect(revenue.byTechnician.find((t) => t.technician === technician)?.tips).toBeGreaterThanOrEqual(17.9);
  await expect(card.getByRole('button', { name: 'Arrived' })).toBeDisabled();
  const history = await page.request.get(`/api/bookings/${booking._id}/history`, { headers: auth(admin) });
  expect(JSON.stringify(await history.json())).toContain('"to":"Completed"');
});

test("tomorrow's job at 390 px: the next step leads, Completed is not offered, and the server refuses it", async ({
  page,
  admin,
  customerWithCard,
  jobOnThePhone,
}) => {
  const tomorrow = time.addDays(time.today(), 1);
  const { booking, phone, card } = await jobOnThePhone('Tomorrow job', {
    date: tomorrow,
    customer: customerWithCard,
  });
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'On my way', exact: true })).toHaveClass(/button--primary/);
  const completed = card.getByRole('button', { name: 'Completed' });
  await expect(completed).toBeDisabled();
  await expect(completed).not.toHaveClass(/button--primary/);
  await expect(
    card.getByText('Completed is available once the job has started, or on its day.'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('3-tomorrow.png'), fullPage: true });
  // The phone's rule is the server's: the technician's completion is refused, nothing charged.
  const refused = await page.request.patch(`/api/bookings/${booking._id}/status`, {
    headers: { 'x-auth-token': phone.token },
    data: { status: 'Completed' },
  });
  expect(refused.status()).toBe(409);
  const read = await page.request.get(`/api/bookings/${booking._id}/history`, { headers: auth(admin) });
  expect(JSON.stringify(await read.json())).not.toContain('"to":"Completed"');
});

test('"On my way" outside daytime hours asks first, then sends with the confirmation', async ({
  page,
  admin,
  signIn,
}) => {
  const name = `Night job ${crypto.randomUUID().slice(0, 6)}`;
  const { technician } = await todaysJob(page.request, admin, name);
  const phone = await technicianSignIn(page.request, technician);
  await signIn(phone);
  // The server's question, as it answers at 00:17 (functions/src/api/bookings.progress.api.test.ts proves the server).
  const sent: unknown[] = [];
  await page.route('**/api/bookings/*/progress', async (route) => {
    const body = route.request().postDataJSON() as { confirmOutsideHours?: boolean };
    sent.push(body);
    if (body.confirmOutsideHours) return route.continue();
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        msg: 'It is 12:17 AM, outside daytime hours (7:00 AM to 9:00 PM): the customer is told at once. Send "On my way" anyway?',
        confirmOutsideHours: true,
      }),
    });
  });
  expectFailedReplies();
  await page.goto('/tech');
  const card = page.getByRole('article', { name: new RegExp(name) });
  await card.getByRole('button', { name: 'On my way', exact: true }).click();
  const ask = card.getByRole('alertdialog', { name: 'Send On my way now?' });
  await expect(ask).toContainText('outside daytime hours');
  await expect(ask).toBeFocused();
  await expect(ask).toBeInViewport();
  await expect(card.locator('.tech-job__state')).not.toHaveText('On my way');
  await ask.getByRole('button', { name: 'Send anyway' }).click();
  await expect(card.locator('.tech-job__state')).toHaveText('On my way');
  expect(sent).toEqual([{ step: 'on-my-way' }, { step: 'on-my-way', confirmOutsideHours: true }]);
});

test('offline: the day stays readable, the actions are off with a banner, and come back with the signal', async ({
  page,
  context,
  jobOnThePhone,
}) => {
  // The browser logs each call it cannot make without signal.
  expectConsoleErrors('net::ERR_INTERNET_DISCONNECTED');
  const { card } = await jobOnThePhone('Offline job');
  await expect(card.getByRole('button', { name: 'On my way' })).toBeEnabled();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(card.getByText('Side gate, code 2468')).toBeVisible();
  for (const button of ['On my way', 'Arrived', 'Started', 'Completed', 'Work order'])
    await expect(card.getByRole('button', { name: button, exact: true })).toBeDisabled();
  // Tomorrow and back, without signal: today is still shown, from the last sync.
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(card).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
  // The actions come back once the day is read again (a loaded CI machine may take a while).
  await expect(card.getByRole('button', { name: 'On my way' })).toBeEnabled({ timeout: 20_000 });
});

test('reloaded without signal after a first visit, /tech opens from its service worker with the last day', async ({
  page,
  context,
  jobOnThePhone,
}) => {
  expectConsoleErrors('net::ERR_INTERNET_DISCONNECTED');
  const { card } = await jobOnThePhone('Reload job');
  await expect(card).toBeVisible();
  // The worker is scoped to /tech and has kept every file this page loaded (never the API's replies).
  const kept = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/tech');
      const cache = await caches.open('tech-app-v1');
      const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/'))
        .map((u) => u.pathname);
      return {
        scope: registration ? new URL(registration.scope).pathname : null,
        missing: loaded.filter((p) => !keys.includes(p)),
        shell: keys.includes('/tech'),
        api: keys.filter((p) => p.startsWith('/api/')),
      };
    });
  await expect.poll(async () => (await kept()).missing, { timeout: 15_000 }).toEqual([]);
  expect(await kept()).toMatchObject({ scope: '/tech', shell: true, api: [] });

  await context.setOffline(true);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText('Side gate, code 2468')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'On my way', exact: true })).toBeDisabled();
  await context.setOffline(false);
});

test('a day the server cannot send is shown from the last sync, marked so, with the actions off', async ({
  page,
  jobOnThePhone,
}) => {
  expectConsoleErrors('net::ERR_INTERNET_DISCONNECTED');
  const { card: before, name } = await jobOnThePhone('Synced job');
  await expect(before).toBeVisible();

  // The network drops every call for the day (a dead zone): a reload reads the stored copy.
  await page.route('**/api/tech/day?*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  const card = page.getByRole('article', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'shown as last synced' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Completed' })).toBeDisabled();
});

test('the work order at 390 px, prefilled from the job, signed by the customer on the phone', async ({
  page,
  expectAccessible,
  jobOnThePhone,
}) => {
  const { booking, phone, card } = await jobOnThePhone('Signed job');
  await card.getByRole('button', { name: 'Work order' }).click();

  const form = page.getByRole('form', { name: 'New Work Order' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Pat Phoner');
  await expect(form.getByLabel('Street')).toHaveValue('12 W Market St');
  await expect(form.getByLabel('Make')).toHaveValue('Toyota');
  // The admin's mail actions are not on the phone.
  await expect(form.getByRole('button', { name: 'Send Acknowledgment Link' })).toHaveCount(0);
  await form.getByLabel('Email').fill(`pat-${crypto.randomUUID().slice(0, 6)}@example.com`);
  await form.getByLabel('Phone').fill('(610) 555-0142');
  await form.getByLabel('Labor 1 description').fill('Restore both headlights');
  await form.getByLabel('Hours').fill('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.getByRole('button', { name: 'Create Work Order' }).click();

  // The customer signs under what they agree to (issue 30): the acknowledgment page's read-only view.
  await page
    .getByRole('region', { name: 'Customer signature' })
    .getByRole('button', { name: 'Customer signs now' })
    .click();
  const sign = page.getByRole('region', { name: 'Customer signature' });
  await expect(sign.getByRole('heading', { name: 'Customer signature' })).toBeFocused();
  const summary = sign.getByRole('region', { name: /^Work Order WO-/ });
  await expect(summary).toContainText('Restore both headlights');
  await expect(summary).toContainText('Total Amount');
  await expect(sign).toContainText('agree to the work and the estimate');
  // Nothing internal: no tax input, status, booking id or internal notes; the staff's form is put away.
  await expect(page.getByRole('form', { name: /Work Order/ })).toHaveCount(0);
  await expect(page.getByLabel(/Tax/)).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByText(/Internal notes/)).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(booking._id);
  await expectAccessible();
  const pad = sign.getByRole('img', { name: /Signature pad/ });
  const [above, under] = [await summary.boundingBox(), await pad.boundingBox()];
  expect(above && under && above.y + above.height <= under.y).toBe(true);
  await pad.scrollIntoViewIfNeeded();
  await drawSignature(page, pad);
  await sign.getByRole('button', { name: 'Acknowledge work order' }).click();
  await expect(sign.getByRole('status')).toContainText(
    `Acknowledged by Pat Phoner, signed in person (presented by ${phone.name})`,
  );
});

test('the estimate: two findings become lines with options on the phone; the customer answers by link and signs; completion charges that total', async ({
  page,
  admin,
  customerWithCard,
  expectAccessible,
  jobOnThePhone,
}) => {
  test.setTimeout(180_000);
  const { booking, card } = await jobOnThePhone('Estimate job', { customer: customerWithCard });
  const email = customerWithCard.user.email;
  await card.getByRole('button', { name: 'Work order' }).click();
  const form = page.getByRole('form', { name: 'New Work Order' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('(610) 555-0142');
  await form.getByLabel('Labor 1 description').fill('Inspection');
  await form.getByLabel('Hours').fill('0.5');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/workOrders') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create Work Order' }).click();
  const { _id: id } = (await (await created).json()) as { _id: string };

  // Two findings marked "needs attention", each a proposed line in one tap.
  const checklist = page.getByRole('form', { name: 'Vehicle inspection' });
  await checklist.getByRole('group', { name: 'Brakes' }).getByLabel('Needs attention').check();
  await checklist.getByLabel('Brakes note').fill('Front pads at 2 mm');
  await checklist.getByRole('group', { name: 'Tires' }).getByLabel('Needs attention').check();
  await checklist.getByLabel('Tires note').fill('Uneven wear');
  await checklist.getByRole('button', { name: 'Save Inspection' }).click();
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await estimate.getByRole('button', { name: 'Add Brakes to the estimate' }).click();
  await estimate.getByRole('button', { name: 'Add Tires to the estimate' }).click();
  await expect(estimate.getByText('Awaiting the customer')).toHaveCount(2);

  // The brakes become the first option of "Brake pads"; a second option; the tires priced by the hour.
  const price = async (opener: string, formName: string, fields: Record<string, string>): Promise<void> => {
    await estimate.getByRole('button', { name: opener }).click();
    const lineForm = estimate.getByRole('form', { name: formName });
    for (const [label, value] of Object.entries(fields)) await lineForm.getByLabel(label).fill(value);
    await lineForm.getByRole('button', { name: 'Save line' }).click();
    await expect(lineForm).toHaveCount(0);
  };
  await price('Price Brakes', 'Price Brakes', {
    Description: 'OEM pads',
    'Option group (optional)': 'Brake pads',
    'Labour hours': '1',
    Part: 'OEM pads',
    'Unit price ($)': '100',
  });
  await price('Add an estimate line', 'New estimate line', {
    Description: 'Ceramic pads',
    'Option group (optional)': 'Brake pads',
    'Labour hours': '1',
    Part: 'Ceramic pads',
    'Unit price ($)': '150',
  });
  await price('Price Tires', 'Price Tires', { Description: 'Rotate and balance', 'Labour hours': '0.75' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible();
  await estimate.screenshot({ path: test.info().outputPath('estimate-panel-390.png') });

  // The customer answers by the mailed link: declines the tires, picks the ceramic pads, signs.
  const sent = await page.request.post(`/api/workOrders/${id}/generate-acknowledgment`, {
    headers: auth(admin),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await page.goto(await linkInMail(page.request, email, 'work-order/acknowledge'));
  const choices = page.getByRole('region', { name: 'Recommended work: your choice' });
  await choices
    .getByRole('group', { name: /Rotate and balance/ })
    .getByLabel('Decline')
    .check();
  const total = choices.getByText(/Total with your choices/);
  const before = await total.textContent();
  await choices.getByRole('radio', { name: /Ceramic pads/ }).check();
  await expect(total).not.toHaveText(before ?? '');
  await page.getByLabel('I have read the terms and approve the work I chose above').check();
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  await drawSignature(page, pad);
  await expectAccessible();
  await page.screenshot({ path: test.info().outputPath('estimate-answer-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('estimate-answer-1280.png'), fullPage: true });
  const shown = Number((await total.locator('strong').textContent())?.replace(/[$,]/g, ''));
  await page.getByRole('button', { name: '✓ Acknowledge Work Order' }).click();
  await expect(page.getByRole('heading', { name: 'Work Order Acknowledged Successfully!' })).toBeVisible();

  // Completion charges exactly the total the customer approved ($37.50 + $75 + $150, taxed, with the trip fee).
  const done = await page.request.patch(`/api/bookings/${booking._id}/status`, {
    headers: auth(admin),
    data: { status: 'Completed' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const { payment } = (await done.json()) as { payment: { amount: number; status: string } | null };
  expect(payment?.amount).toBe(shown);
});
