import type { Page } from '@playwright/test';
import { cameraPng, pngImage } from '../tests/images';
import { expect, test, expectConsoleErrors } from './fixtures';
import { askToDelete } from './helpers/pages';
import { expectUploadedImage } from './helpers/images';

const panel = (page: Page) => page.getByRole('region', { name: 'Blog Manager' });
const row = (page: Page, title: string) => panel(page).getByTestId('admin-post').filter({ hasText: title });

/** What this file publishes, removed afterwards through the API whatever happened in the test. */
const titles: string[] = [];
test.afterEach(async ({ request, admin }) => {
  const list = (await (await request.get('/api/posts?limit=100')).json()) as { _id: string; title: string }[];
  for (const post of list.filter((p) => titles.some((t) => p.title.startsWith(t)))) {
    await request.delete(`/api/posts/${post._id}`, { headers: { 'x-auth-token': admin.token } });
  }
  titles.length = 0;
});

test('the admin creates a post with a hero image, sees it on /blog, edits it and deletes it', async ({
  page,
  adminSignedIn: _admin,
  expectAccessible,
}) => {
  const run = crypto.randomUUID().slice(0, 6);
  const title = `Spring Checkup ${run}`;
  titles.push(title);
  await page.goto('/admin?section=blog');
  await panel(page).getByRole('button', { name: 'New Post' }).click();
  const form = panel(page).getByRole('form', { name: 'New post' });

  // The spec's own texts for the two required fields.
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByText('Title is required.')).toBeVisible();
  await expect(form.getByText('Content is required.')).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Content (markdown)')
    .fill(
      '## Before the trip\n\nCheck the **tires** and [book a visit](/services).\n\n[bad](javascript:alert(1))',
    );
  await expect(form.getByLabel('Allow likes')).toBeChecked();
  await expect(form.getByLabel('Allow comments')).toBeChecked();
  // The preview uses the post page's renderer: markdown rendered, an unsafe link inert.
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Before the trip' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('tires');
  await expect(preview.getByRole('link', { name: 'book a visit' })).toHaveAttribute('href', '/services');
  await expect(preview.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Write' }).click();
  await form.getByLabel(/^Hero image/).setInputFiles({
    name: 'hero.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngImage(64, 36, [20, 90, 160])),
  });
  await expectAccessible();
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(panel(page).getByText('Post created successfully!')).toBeVisible();
  await expect(row(page, title)).toBeVisible();

  // On /blog, newest first, with its hero image and a summary made from the content.
  await page.goto('/blog');
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card.getByRole('heading')).toHaveText(title);
  await expect(card).toContainText('Before the trip Check the tires and book a visit.');
  const hero = card.locator('img');
  // Drawn from one of its WebP copies (decision 073).
  await expectUploadedImage(hero, 'blog', 'png');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/blog/spring-checkup-${run}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Before the trip' })).toBeVisible();

  // Edit: a new title and likes off; the old address leads to the new one.
  const newTitle = `Spring Checkup Revised ${run}`;
  await page.goto('/admin?section=blog');
  await row(page, title).getByRole('button', { name: /^Edit/ }).click();
  const editForm = panel(page).getByRole('form', { name: `Edit post: ${title}` });
  await expect(editForm.getByLabel('Title')).toHaveValue(title);
  await expect(editForm.getByLabel('Content (markdown)')).toHaveValue(/Before the trip/);
  await editForm.getByLabel('Title').fill(newTitle);
  await editForm.getByLabel('Allow likes').uncheck();
  await editForm.getByRole('button', { name: 'Update Post' }).click();
  await expect(panel(page).getByText('Post updated successfully!')).toBeVisible();
  await expect(row(page, newTitle)).toContainText('likes off');

  await page.goto(`/blog/spring-checkup-${run}`);
  await expect(page).toHaveURL(new RegExp(`/blog/spring-checkup-revised-${run}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(page.getByRole('button', { name: /^(Like|Liked)\b/ })).toHaveCount(0);
  await expect(page.locator('img').first()).toHaveAttribute('src', /^\/images\/uploads\/blog\//);

  // Delete, after the spec's confirmation.
  await page.goto('/admin?section=blog');
  const dialog = await askToDelete(
    row(page, newTitle),
    'Delete post',
    'Are you sure you want to delete this post?',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(panel(page).getByText('Post deleted successfully!')).toBeVisible();
  await expect(row(page, newTitle)).toHaveCount(0);
  await page.goto('/blog');
  await expect(
    page.getByRole('main').getByRole('article').getByRole('heading', { name: newTitle }),
  ).toHaveCount(0);
  // The post's address is gone: the page asks (404, which the browser logs) and says so.
  expectConsoleErrors('404 (Not Found)');
  await page.goto(`/blog/spring-checkup-revised-${run}`);
  await expect(page.getByText('Could not find the requested post.')).toBeVisible();
});

test('a hero photo over the 4 MB limit is made smaller in the browser and accepted (decision 087)', async ({
  page,
  adminSignedIn: _admin,
}) => {
  const title = `Big Hero ${crypto.randomUUID().slice(0, 6)}`;
  titles.push(title);
  await page.goto('/admin?section=blog');
  await panel(page).getByRole('button', { name: 'New Post' }).click();
  const form = panel(page).getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content (markdown)').fill('A photo straight from the phone.');
  // The limit is in the field's help.
  const hero = form.getByLabel(/^Hero image/);
  await expect(hero).toHaveAccessibleName(/up to 4 MB; a larger photo is made smaller first/);
  const photo = cameraPng(2400, 1800);
  expect(photo.byteLength).toBeGreaterThan(4 * 1024 * 1024);
  await hero.setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: photo });
  const upload = page.waitForRequest((r) => r.url().endsWith('/api/posts') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Create Post' }).click();
  const sent = await (await upload).sizes();
  expect(sent.requestBodySize).toBeLessThan(photo.byteLength / 2);
  await expect(panel(page).getByText('Post created successfully!')).toBeVisible();
  const posts = (await (await page.request.get('/api/posts?limit=100')).json()) as {
    title: string;
    heroImage?: string | null;
  }[];
  expect(posts.find((post) => post.title === title)?.heroImage).toMatch(/\.jpg$/);
});

test("the Blog Manager lists a page of posts; 'Load more posts' follows X-Next-Cursor", async ({
  page,
  adminSignedIn: _admin,
}) => {
  const cursors: (string | null)[] = [];
  let all: { _id: string; title: string }[] = [];
  await page.route(/\/api\/posts(\?[^/]*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    cursors.push(cursor);
    if (!cursor) {
      all = (await (await route.fetch()).json()) as { _id: string; title: string }[];
      return route.fulfill({ json: all.slice(0, 1), headers: { 'X-Next-Cursor': 'admin-two' } });
    }
    return route.fulfill({ json: all.slice(1) });
  });
  await page.goto('/admin?section=blog');
  await expect(panel(page).getByTestId('admin-post')).toHaveCount(1);
  expect(all.length).toBeGreaterThan(1);
  await panel(page).getByRole('button', { name: 'Load more posts' }).click();
  await expect(panel(page).getByTestId('admin-post')).toHaveCount(all.length);
  await expect(panel(page).getByRole('button', { name: 'Load more posts' })).toHaveCount(0);
  expect(cursors.filter(Boolean)).toEqual(['admin-two']);
});
