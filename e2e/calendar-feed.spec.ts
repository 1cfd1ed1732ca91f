import { seedTechnicians } from '../functions/src/local/seed';
import { test, expect } from './fixtures';

/**
 * A technician's calendar feed (issue 36, decision 118) at 390 px: on /tech
 * they make their address, copy it (a visible confirmation, and the
 * clipboard holds the address that answers with their calendar), and make a
 * new one, after which the old one no longer answers. The technician is the
 * seeded second one, Riley (functions/src/local/seed.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a technician copies their calendar feed address, and a new one stops the old', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  const riley = seedTechnicians.find((t) => t.number === 2)!;
  const login = await page.request.post('/api/users/login', {
    data: { email: riley.email, password: riley.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await signIn((await login.json()) as { token: string });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/tech');

  const card = page.getByRole('region', { name: 'Calendar' });
  await expect(card.getByText('Your jobs for the next 60 days')).toBeVisible();
  const make = card.getByRole('button', { name: 'Make my calendar address' });
  // A stack kept from an earlier run may already have one.
  if (await make.isVisible()) await make.click();
  const https = card.getByLabel(/^Web address/);
  await expect(https).toHaveValue(/^https?:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByRole('link', { name: 'Subscribe in my calendar app' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\.ics$/,
  );

  await card.getByRole('button', { name: /^Copy Web address/ }).click();
  await expect(card.getByText('Copied the web address.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(https).toHaveValue(copied);
  const feed = await page.request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('X-WR-CALNAME:Mobile Auto Care: Riley Chen');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible();
  await page.screenshot({ path: test.info().outputPath('1-calendar-card-390.png'), fullPage: true });

  await card.getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Make a new calendar address?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'New address' }).click();
  await expect(card.getByText(/New address made: the old one no longer works/)).toBeVisible();
  await expect(https).not.toHaveValue(copied);
  expect((await page.request.get(copied)).status()).toBe(404);
  expect((await page.request.get(await https.inputValue())).status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('2-calendar-card-1280.png'), fullPage: true });
});
