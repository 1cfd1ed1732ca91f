import type { Page } from '@playwright/test';
import { expect, test, expectConsoleErrors } from './fixtures';
import { openTitled } from './helpers/pages';
import { expectListTexts, holdReplies, openFromMenu } from './helpers/held-replies';

/** GET /api/testimonials with or without its paging query, not /api/testimonials/featured. */
const testimonialList = /\/api\/testimonials(\?|$)/;
const card = (page: Page, author: string) => page.getByRole('article', { name: `Review by ${author}` });
const likeButton = (page: Page, author: string) => card(page, author).getByRole('button', { name: /^Like/ });
const dislikeButton = (page: Page, author: string) =>
  card(page, author).getByRole('button', { name: /^Dislike/ });

test('the testimonials page shows the seeded testimonials and Google reviews', async ({
  page,
  expectAccessible,
}) => {
  await openTitled(page, '/testimonials', 'Testimonials & Reviews');
  await expect(page.getByRole('article', { name: /^Review by/ })).toHaveCount(7);

  const megan = card(page, 'Megan Whitfield');
  await expect(megan.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  // Dated back from the seed's time (decision 046): the newest testimonial is a few days old, not years.
  const meganDate = megan.locator('time');
  const written = new Date((await meganDate.getAttribute('datetime'))!);
  const daysOld = (Date.now() - written.getTime()) / 86_400_000;
  expect(daysOld).toBeGreaterThan(2);
  expect(daysOld).toBeLessThan(4);
  await expect(meganDate).toHaveText(
    written.toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }),
  );
  await expect(megan).toContainText('They replaced my front brake pads');
  await expect(megan).toContainText('Response from the owner');
  await expect(megan).toContainText('Thank you, Megan!');
  await expect(megan.locator('img.avatar')).toHaveAttribute('src', /^\/images\/.+\.png$/);
  await expect(likeButton(page, 'Megan Whitfield')).toHaveText('7');
  await expect(dislikeButton(page, 'Megan Whitfield')).toHaveText('1');

  // No author: 'Anonymous' with the default avatar; no owner response on this one.
  const anonymous = card(page, 'Anonymous');
  await expect(anonymous.locator('.avatar--default')).toBeVisible();
  await expect(anonymous).not.toContainText('Response from the owner');
  await expect(card(page, 'Priya Raman').getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  const google = page.getByRole('region', { name: 'Recent Google Reviews' });
  await expect(google.getByRole('listitem')).toHaveCount(4);
  const jessica = google.getByRole('link', { name: /Jessica Moreno/ });
  await expect(jessica).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/contrib\//);
  await expect(jessica).toHaveAttribute('target', '_blank');
  await expect(google).toContainText('2 weeks ago');
  // Kevin's 4.6 is rounded to five stars.
  await expect(
    google
      .getByRole('listitem')
      .filter({ hasText: 'Kevin Osei' })
      .getByRole('img', { name: 'Rated 5 out of 5' }),
  ).toBeVisible();
  await expectAccessible();
});

test('a signed-in customer votes: one vote each, switching and withdrawing', async ({
  page,
  customerSignedIn: _customer,
  expectAccessible,
}) => {
  await page.goto('/testimonials');
  const like = likeButton(page, 'Grace Liu');
  const dislike = dislikeButton(page, 'Grace Liu');
  await expect(like).toHaveText('4');
  await expect(dislike).toHaveText('0');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  await like.click();
  await expect(like).toHaveText('5');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible();

  // Disliking moves the vote.
  await dislike.click();
  await expect(dislike).toHaveText('1');
  await expect(like).toHaveText('4');
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  // The counts come from the server: they survive a reload.
  await page.reload();
  await expect(dislike).toHaveText('1');
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');

  // The same vote again withdraws it.
  await dislike.click();
  await expect(dislike).toHaveText('0');
  await expect(like).toHaveText('4');
  await expect(dislike).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor who votes is sent to log in, and comes back after', async ({ page, customer }) => {
  await page.goto('/testimonials');
  await likeButton(page, 'Daniel Okafor').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftestimonials$/);

  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(likeButton(page, 'Daniel Okafor')).toHaveText('5');
});

test('a failed vote is only logged', async ({ page, customerSignedIn: _customer }) => {
  expectConsoleErrors('500');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/api/testimonials/*/vote', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"Something went wrong."}' }),
  );
  await page.goto('/testimonials');
  const like = likeButton(page, 'Priya Raman');
  await expect(like).toHaveText('3');
  await like.click();
  await expect.poll(() => warnings.some((text) => text.includes('Could not record the vote'))).toBe(true);
  await expect(like).toHaveText('3');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("'Show more testimonials' follows the server's cursor (replies replaced)", async ({
  page,
  request,
  expectAccessible,
}) => {
  const all = (await (await request.get('/api/testimonials')).json()) as { _id: string }[];
  expect(all.length).toBeGreaterThanOrEqual(7);
  const asked: (string | null)[] = [];
  // The server's first page is four, with a cursor; the second has the rest and none.
  await page.route(testimonialList, (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    asked.push(cursor);
    return cursor === 'page-2'
      ? route.fulfill({ json: all.slice(4) })
      : route.fulfill({ json: all.slice(0, 4), headers: { 'X-Next-Cursor': 'page-2' } });
  });
  await page.goto('/testimonials');
  const cards = page.getByRole('article', { name: /^Review by/ });
  await expect(cards).toHaveCount(4);
  const more = page.getByRole('button', { name: 'Show more testimonials' });
  await expectAccessible();
  await more.click();
  await expect(cards).toHaveCount(all.length);
  await expect(more).toBeHidden();
  expect(asked).toEqual([null, 'page-2']);
});

test('testimonials: loading, empty and error texts', async ({ page }) => {
  expectConsoleErrors('500');
  // Server errors are retried twice before the page gives up.
  await expectListTexts(page, {
    link: 'Testimonials',
    // The list asks a page at a time (?limit=, decision 061); the featured list is not this one.
    pattern: testimonialList,
    loading: 'Loading testimonials...',
    empty: 'No testimonials yet. Be the first to leave a review!',
    failed: 'Could not fetch testimonials at this time.',
  });
  // The Google reviews below do not depend on it.
  await expect(page.getByRole('region', { name: 'Recent Google Reviews' }).getByRole('listitem')).toHaveCount(
    4,
  );
});

test('Google reviews: loading, a reply that is not a list, and a failed call', async ({
  page,
  expectAccessible,
}) => {
  expectConsoleErrors('503');
  const { release, answerWith } = await holdReplies(page, '**/api/google-reviews', {
    status: 200,
    body: '{"reviews":[]}',
  });
  // Opened directly, /testimonials arrives with its lists (decision 072); from the menu it asks in the browser.
  await openFromMenu(page, 'Testimonials');
  const google = page.getByRole('region', { name: 'Recent Google Reviews' });
  await expect(google.getByText('Loading Reviews...')).toBeVisible();
  release();
  await expect(google.getByText('Could not load reviews at this time.')).toBeVisible();
  await expectAccessible();

  answerWith({ status: 503, body: '{"msg":"unavailable"}' });
  await openFromMenu(page, 'Testimonials');
  await expect(google.getByText('Failed to fetch Google reviews.')).toBeVisible();
});
