import type { Page } from '@playwright/test';
import { cameraPng, gifImage, jpegImage } from '../tests/images';
import { expect, test } from './fixtures';
import { askToDelete } from './helpers/pages';
import { expectUploadedImage } from './helpers/images';

const panel = (page: Page) => page.getByRole('region', { name: 'Manage Testimonials' });
const item = (page: Page, quote: string) =>
  panel(page).getByTestId('admin-testimonial').filter({ hasText: quote });
const card = (page: Page, author: string) => page.getByRole('article', { name: `Review by ${author}` });

/** What this file adds, removed afterwards through the API whatever happened in the test. */
const quotes: string[] = [];
test.afterEach(async ({ request, admin }) => {
  const list = (await (await request.get('/api/testimonials')).json()) as { _id: string; quote: string }[];
  for (const testimonial of list.filter((t) => quotes.includes(t.quote))) {
    await request.delete(`/api/testimonials/${testimonial._id}`, {
      headers: { 'x-auth-token': admin.token },
    });
  }
  quotes.length = 0;
});

test('the admin adds a testimonial with an avatar, edits its author and deletes it; /testimonials follows', async ({
  page,
  adminSignedIn: _admin,
  expectAccessible,
}) => {
  const run = crypto.randomUUID().slice(0, 6);
  const quote = `Fixed my car in the office lot, ${run}.`;
  quotes.push(quote);
  await page.goto('/admin?section=testimonials');
  const form = panel(page).getByRole('form', { name: 'Add a testimonial' });
  await expect(form.getByLabel('Service')).toBeEnabled();

  // The rules first: nothing chosen.
  await form.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(form.getByText('Please choose a service.')).toBeVisible();
  await expect(form.getByText('Quote is required.')).toBeVisible();

  await form.getByLabel('Service').selectOption({ index: 1 });
  await form.getByLabel('Quote').fill(quote);
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Author name (optional)').fill(`Avery ${run}`);
  await form
    .getByLabel(/^Profile image/)
    .setInputFiles({ name: 'avery.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegImage()) });
  await form.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(form.getByText('Testimonial added successfully!')).toBeVisible();
  await expect(item(page, quote)).toContainText(`Avery ${run}`);
  await expectAccessible();

  // On the public page, with its avatar (a real JPEG the browser decodes).
  await page.goto('/testimonials');
  const avery = card(page, `Avery ${run}`);
  await expect(avery).toContainText(quote);
  await expect(avery.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  const avatar = avery.locator('img.avatar');
  // Drawn from one of its WebP copies (decision 073).
  await expectUploadedImage(avatar, 'avatars', 'jpg');

  // Edit the author.
  await page.goto('/admin?section=testimonials');
  await item(page, quote)
    .getByRole('button', { name: /^Edit author/ })
    .click();
  const name = item(page, quote).getByLabel('Author name');
  await expect(name).toBeFocused();
  await name.fill('  ');
  await item(page, quote).getByRole('button', { name: 'Save author' }).click();
  await expect(item(page, quote).getByText('Author name is required.')).toBeVisible();
  await name.fill(`Avery Renamed ${run}`);
  await item(page, quote).getByRole('button', { name: 'Save author' }).click();
  await expect(panel(page).getByText('Author updated successfully!')).toBeVisible();
  await expect(item(page, quote)).toContainText(`Avery Renamed ${run}`);
  await page.goto('/testimonials');
  await expect(card(page, `Avery Renamed ${run}`)).toContainText(quote);

  // Delete, after a confirmation that can be declined.
  await page.goto('/admin?section=testimonials');
  const ask = () =>
    askToDelete(item(page, quote), 'Delete testimonial', 'Are you sure you want to delete this testimonial');
  await (await ask()).getByRole('button', { name: 'Keep it' }).click();
  await expect(item(page, quote)).toBeVisible();
  await (await ask()).getByRole('button', { name: 'Delete' }).click();
  await expect(panel(page).getByText('Testimonial deleted successfully!')).toBeVisible();
  await expect(item(page, quote)).toHaveCount(0);
  const src = await page.request.get('/api/testimonials');
  expect(((await src.json()) as { quote: string }[]).some((t) => t.quote === quote)).toBe(false);
});

test('a profile photo over the 4 MB limit is made smaller in the browser and accepted (decision 087)', async ({
  page,
  adminSignedIn: _admin,
}) => {
  const run = crypto.randomUUID().slice(0, 6);
  const quote = `Came with a big photo, ${run}.`;
  quotes.push(quote);
  await page.goto('/admin?section=testimonials');
  const form = panel(page).getByRole('form', { name: 'Add a testimonial' });
  // The limit is in the field's help.
  const image = form.getByLabel(/^Profile image/);
  await expect(image).toHaveAccessibleName(/up to 4 MB; a larger photo is made smaller first/);
  await form.getByLabel('Service').selectOption({ index: 1 });
  await form.getByLabel('Quote').fill(quote);
  await form.getByRole('radio', { name: '5 stars' }).check();
  const photo = cameraPng(2400, 1800);
  expect(photo.byteLength).toBeGreaterThan(4 * 1024 * 1024);
  await image.setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: photo });
  const upload = page.waitForRequest((r) => r.url().endsWith('/api/testimonials') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Add Testimonial' }).click();
  const sent = await (await upload).sizes();
  expect(sent.requestBodySize).toBeLessThan(photo.byteLength / 2);
  await expect(form.getByText('Testimonial added successfully!')).toBeVisible();
  // Stored as the JPEG the browser made.
  const list = (await (await page.request.get('/api/testimonials')).json()) as {
    quote: string;
    profileImageUrl: string | null;
  }[];
  expect(list.find((t) => t.quote === quote)?.profileImageUrl).toMatch(/\.jpg$/);
});

test('a featured testimonial appears in the about page’s carousel', async ({
  page,
  adminSignedIn: _admin,
}) => {
  const run = crypto.randomUUID().slice(0, 6);
  const quote = `Featured by the owner, ${run}.`;
  quotes.push(quote);
  await page.goto('/admin?section=testimonials');
  const form = panel(page).getByRole('form', { name: 'Add a testimonial' });
  await form.getByLabel('Service').selectOption({ index: 1 });
  await form.getByLabel('Quote').fill(quote);
  await form.getByRole('radio', { name: '3 stars' }).check();
  await form
    .getByLabel(/^Profile image/)
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from(gifImage()) });
  await form.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(form.getByText('Testimonial added successfully!')).toBeVisible();
  const feature = item(page, quote).getByRole('button', { name: /^Feature on About/ });
  await feature.click();
  await expect(item(page, quote).getByRole('button', { name: /^Featured on About/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/about');
  await expect(page.getByText(quote)).toBeAttached();
});
