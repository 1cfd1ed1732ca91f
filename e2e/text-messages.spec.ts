import * as time from '@app/core/time';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookThroughApi } from './helpers/bookings';
import { auth } from './helpers/session';
import { runJob } from './helpers/jobs';

/**
 * Texts with consent (issue 21): the customer opts in to texts in Account
 * Settings, the reminder (the scheduled job at a moved clock) and the cancel
 * notice arrive as texts in the local outbox (/_local/outbox, `channel: 'sms'`),
 * and after the phone replies STOP (POST /_local/sms/reply) no text is sent
 * again and Account Settings shows texting off.
 */
type OutboxItem = { channel: 'mail' | 'sms'; to: string[]; subject: string; text: string };

async function textsTo(request: APIRequestContext, mobile: string): Promise<OutboxItem[]> {
  const response = await request.get('/_local/outbox');
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as OutboxItem[];
  return items.filter((item) => item.channel === 'sms' && item.to.includes(mobile));
}

/** A US mobile number no other test uses (the exchange digits vary by time and worker). */
function uniqueMobile(): string {
  const digits = String((Date.now() * 7 + process.pid) % 10_000_000).padStart(7, '0');
  return `+1484${String(2 + (Number(digits[0]) % 8))}${digits.slice(1)}`;
}

test('opt in to texts in Account Settings; a reminder and a cancel notice arrive by text, none after STOP', async ({
  page,
  request,
  customerWithCardSignedIn: customerWithCard,
  expectAccessible,
}) => {
  const mobile = uniqueMobile();
  const national = `(${mobile.slice(2, 5)}) ${mobile.slice(5, 8)}-${mobile.slice(8)}`;
  const first = await bookThroughApi(request, customerWithCard, 'Headlight Restoration', {}, 5);
  const second = await bookThroughApi(request, customerWithCard, 'Headlight Restoration', {}, 6);

  await page.goto('/dashboard?tab=account');
  const settings = page.getByRole('region', { name: 'Text Messages & Notifications' });
  await expect(settings.getByText('Until you opt in to texts, everything comes by email.')).toBeVisible();
  await settings.getByLabel('Mobile number (US)').fill(national);
  const consent = settings.getByLabel(/Reply STOP to opt out/);
  await expect(consent).toBeVisible();
  await expect(settings.getByText(`may text me at ${national}`)).toBeVisible();
  await consent.check();
  await expectAccessible(page);
  await settings.getByRole('button', { name: 'Text Me' }).click();
  await expect(settings.getByText('Text messages are on.')).toBeVisible();
  await expect(settings.getByText(`We text ${national} about your bookings`)).toBeVisible();

  // Reminders by text only; the choice is kept.
  await settings.getByRole('group', { name: 'Appointment reminders' }).getByLabel('Text').check();
  await settings.getByRole('button', { name: 'Save Choices' }).click();
  await expect(settings.getByText('Your notification choices are saved.')).toBeVisible();
  await expectAccessible(page);

  // The scheduled job at a moved clock (as `npm run cron -- <instant>`): the reminder goes by text only.
  const start = Date.parse(time.instantOf(first.date, first.time));
  await runJob('reminders', new Date(start - 24 * 3_600_000 + 60_000));
  await expect.poll(async () => (await textsTo(request, mobile)).length, { timeout: 15_000 }).toBe(1);
  const [reminder] = await textsTo(request, mobile);
  expect(reminder?.text).toMatch(/Confirm or change: http:\/\/localhost:\d+\/b\/[A-Za-z0-9_-]{43}/);

  // A notice of a change: the customer's cancel notice goes by text too.
  const cancel = await request.patch(`/api/bookings/${first._id}/cancel`, {
    headers: auth(customerWithCard),
  });
  expect(cancel.ok()).toBe(true);
  await expect.poll(async () => (await textsTo(request, mobile)).length, { timeout: 15_000 }).toBe(2);
  const [, text] = await textsTo(request, mobile);
  expect(text?.text).toMatch(/cancel/i);

  // The phone replies STOP: the next text is refused by the service, and texting is off in the app.
  const reply = await request.post('/_local/sms/reply', { data: { from: mobile, body: 'STOP' } });
  expect(await reply.json()).toEqual({ optedOut: true });
  const again = await request.patch(`/api/bookings/${second._id}/cancel`, {
    headers: auth(customerWithCard),
  });
  expect(again.ok()).toBe(true);
  await page.reload();
  await expect(settings.getByText('You replied STOP to our texts, so we stopped.')).toBeVisible();
  expect(await textsTo(request, mobile)).toHaveLength(2);
});
