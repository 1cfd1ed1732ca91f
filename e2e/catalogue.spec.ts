import { expect, test, expectConsoleErrors } from './fixtures';
import { holdReplies, openFromMenu } from './helpers/held-replies';

const seeded = [
  'Mobile Oil Change',
  'Battery Test & Replacement',
  'Headlight Restoration',
  'Engine Diagnostic',
  'Brake Pad Replacement',
  'A/C Recharge',
  'Full Interior & Exterior Detail',
  'Ceramic Coating',
];

const cards = (page: import('@playwright/test').Page) => page.locator('#services').getByRole('article');

test('home renders the seeded services', async ({ page, expectAccessible }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(seeded.length);
  for (const name of seeded) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  const oilChange = cards(page).filter({ hasText: 'Mobile Oil Change' });
  await expect(oilChange).toContainText('$89.00');
  await expect(oilChange).toContainText('45 minutes');
  await expect(cards(page).filter({ hasText: 'Brake Pad Replacement' })).toContainText('2 hours');
  await expect(page).toHaveTitle(/Mobile Auto Care/);
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  await expectAccessible();
});

test('/services shows the same catalogue', async ({ page, expectAccessible }) => {
  await page.goto('/services');
  await expect(cards(page)).toHaveCount(seeded.length);
  await expectAccessible();
});

test('filters change the list only when Apply Filters is pressed', async ({ page }) => {
  await page.goto('/services');
  await expect(cards(page)).toHaveCount(seeded.length);

  await page.getByLabel('Search by name').fill('brake');
  await expect(cards(page)).toHaveCount(seeded.length);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Brake Pad Replacement');

  await page.getByLabel('Search by name').fill('');
  await page.getByLabel('Over 4 hours').check();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Ceramic Coating');

  await page.getByLabel('Over 4 hours').uncheck();
  await page.getByLabel(/Max price/).fill('100');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).getByRole('heading')).toHaveText(['Headlight Restoration', 'Mobile Oil Change']);

  await page.getByLabel('Search by name').fill('no such service');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No services match your criteria.')).toBeVisible();
});

test("the home page's filter: its code comes when the visitor reaches for it; typed and sent before, it applies once there", async ({
  page,
}) => {
  // Decision 114: the filter's code (react-hook-form with it) is not part of the home page's first load.
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/ServiceFilters-[^/]*\.js$/.test(request.url())) fetched.push(request.url());
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ServiceFilters-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(cards(page)).toHaveCount(seeded.length);
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-hydrating'));
  expect(fetched, "the filter's code, before the visitor reached for it").toEqual([]);

  // Typed and sent while its code is on the way: held, the page stays where it is.
  await page.getByLabel('Search by name').fill('brake');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  // Asked for once the visitor reached for it (the request may start a moment after the click).
  await expect.poll(() => fetched.length).toBe(1);
  await expect(cards(page)).toHaveCount(seeded.length);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Brake Pad Replacement');
  await expect(page.getByLabel('Search by name')).toHaveValue('brake');
  await expect(
    page.getByRole('button', { name: 'Filter services (1 applied)', includeHidden: true }),
  ).toBeAttached();
});

test('Book Now lands on /book/{id} with the chosen service', async ({ page, expectAccessible }) => {
  await page.goto('/');
  const card = cards(page).filter({ hasText: 'Engine Diagnostic' });
  await card.getByRole('link', { name: /Book Now/ }).click();
  await expect(page).toHaveURL(/\/book\/svc_[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { name: 'Book Engine Diagnostic' })).toBeVisible();
  await expectAccessible();

  // Opened directly (no navigation state), the page fetches the service itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Book Engine Diagnostic' })).toBeVisible();
});

test('an unknown service id on /book says so', async ({ page }) => {
  expectConsoleErrors('404');
  await page.goto('/book/svc_01JZZZZZZZZZZZZZZZZZZZZZZZ');
  await expect(page.getByText('Service not found.')).toBeVisible();
});

test('the list says when services cannot be fetched, and shows its loading text', async ({ page }) => {
  expectConsoleErrors('503');
  const { release } = await holdReplies(page, '**/api/services', { status: 503, body: '{"msg":"down"}' });
  // Opened directly, /services arrives with its list (decision 072); from the menu it asks in the browser.
  await openFromMenu(page, 'Home');
  await expect(page.getByText('Loading services...')).toBeVisible();
  release();
  await expect(page.getByText('Could not fetch services.')).toBeVisible();
});

test('the mobile menu closes when a link is chosen', async ({ page, expectAccessible }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i });
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expectAccessible();

  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
});

test('the logged-out navigation offers Login / Register', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'My Account' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('an unknown route shows the not-found page', async ({ page, expectAccessible }) => {
  // The server answers 404 (decision 044); Chromium logs the document's status.
  expectConsoleErrors('status of 404');
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  await expectAccessible();
});
