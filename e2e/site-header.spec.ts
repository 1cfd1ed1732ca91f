import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 14's header and home on phones (decision 046): a sticky header with a
 * tap-to-call link and Book, the filters behind a button on phones, and the
 * copy that agrees with the business settings.
 */
const header = (page: Page) => page.getByRole('banner');
const services = (page: Page) => page.locator('#services');

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header stays in view while scrolling, with a tap-to-call link and Book', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    const call = header(page).getByRole('link', { name: 'Call (610) 555-0142' });
    const book = header(page).getByRole('link', { name: 'Book a service' });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', 'tel:+16105550142');
    await expect(book).toBeVisible();
    await expect(book).toHaveAttribute('href', '/services');
    // One row: the brand, the call link, Book and the menu toggle side by side, nothing cut off.
    const box = await header(page).boundingBox();
    expect(box!.height).toBeLessThan(80);
    for (const target of [call, book, header(page).getByRole('button', { name: 'Menu' })]) {
      const b = (await target.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }

    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await expect(call).toBeInViewport();
    expect((await header(page).boundingBox())!.y).toBe(0);

    await book.click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible();
    await expectAccessible();
  });

  test('the menu opens from its icon and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = header(page).getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await header(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page).getByRole('link', { name: 'Testimonials' })).toBeHidden();
  });

  test('the services come right after the hero, with the filters behind a button', async ({ page }) => {
    await page.goto('/');
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Our Services')).toBe(0);
    expect(headings.indexOf('Why Choose Mobile Auto Care')).toBeGreaterThan(0);

    const cards = services(page).getByRole('article');
    await expect(cards).toHaveCount(8);
    const firstCard = (await cards.first().boundingBox())!;
    expect(firstCard.y).toBeLessThan(1000);

    const toggle = services(page).getByRole('button', { name: 'Filter services' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const search = services(page).getByLabel('Search by name');
    await expect(search).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toBeVisible();
    // Still applied only on 'Apply Filters'.
    await search.fill('brake');
    await expect(cards).toHaveCount(8);
    await services(page).getByRole('button', { name: 'Apply Filters' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Brake Pad Replacement');

    // Closed again, the button says a filter is on.
    const applied = services(page).getByRole('button', { name: 'Filter services (1 applied)' });
    await applied.click();
    await expect(applied).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toBeHidden();
    await expect(cards).toHaveCount(1);
  });
});

test.describe('on a 1280 px desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the signed-in admin header fits one row, the filters are open', async ({
    page,
    adminSignedIn: admin,
  }) => {
    await page.goto('/');
    await expect(header(page).getByText(`Welcome, ${admin.user.firstName}!`)).toBeVisible();
    const bar = (await header(page).boundingBox())!;
    expect(bar.height).toBeLessThan(72);
    for (const name of ['Services', 'Home', 'Work Orders', 'My Account', 'Admin', 'Book a service']) {
      const link = header(page).getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      const b = (await link.boundingBox())!;
      expect(b.y + b.height, name).toBeLessThanOrEqual(bar.height);
      expect(b.x + b.width, name).toBeLessThanOrEqual(1280);
    }
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeInViewport();
    await expect(services(page).getByRole('button', { name: /Filter services/ })).toBeHidden();
    await expect(services(page).getByLabel('Search by name')).toBeVisible();
  });

  test('the copy agrees: business hours, hours for long services, thousands separators', async ({ page }) => {
    await page.goto('/');
    const scheduling = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Flexible Scheduling' }),
    });
    await expect(scheduling).toContainText('Mon-Fri, 8:00am-4:00pm');
    await expect(scheduling).not.toContainText(/Saturday|early morning/i);

    const ceramic = services(page).getByRole('article').filter({ hasText: 'Ceramic Coating' });
    await expect(ceramic).toContainText('Duration: 8 hours');
    await expect(ceramic).toContainText('$899.00');
    await expect(services(page).getByText('Max price: $1,000')).toBeVisible();
    await expect(services(page).locator('.field__range-ends')).toHaveText(/\$50\s*\$1,000/);
    await expect(services(page)).not.toContainText('480 minutes');
  });

  test('the hero illustration is sized before it loads and decorative', async ({ page }) => {
    await page.goto('/');
    const art = page.locator('.hero__art');
    await expect(art).toHaveAttribute('alt', '');
    await expect(art).toHaveAttribute('width', '560');
    await expect(art).toHaveAttribute('height', '400');
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(560);
  });
});

test.describe('staff have their own header (issue 30, decision 096)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a technician: My Day and Logout, none of the customer site's Book, Work Orders or My Account", async ({
    page,
    request,
    signIn,
    expectAccessible,
  }) => {
    // A seeded technician (functions/src/local/seed.ts): a real one, with a day.
    const login = await request.post('/api/users/login', {
      data: { email: 'riley@example.com', password: 'technician-password' },
    });
    const technician = (await login.json()) as { token: string };
    await signIn(technician);
    const services = (await (await request.get('/api/services')).json()) as { _id: string }[];
    for (const path of ['/tech', '/services', `/book/${services[0]?._id}`]) {
      await page.goto(path);
      const staff = header(page).getByRole('navigation', { name: 'Staff' });
      await expect(staff.getByRole('link', { name: 'My Day' })).toBeVisible();
      await expect(staff.getByRole('button', { name: 'Logout' })).toBeInViewport();
      for (const name of ['Book a service', 'Work Orders', 'My Account', 'Admin']) {
        await expect(header(page).getByRole('link', { name, exact: true }), `${name} on ${path}`).toHaveCount(
          0,
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // On a booking page: no address list of their own (nothing failed), and told why there is no booking here.
    await expect(page.getByText('Could not load your addresses.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Signed In as Staff' })).toBeVisible();
    await expectAccessible();
  });

  test("the admin: the staff's header on the desk, the spec's header on the public site", async ({
    page,
    adminSignedIn: _admin,
  }) => {
    await page.goto('/admin');
    const staff = header(page).getByRole('navigation', { name: 'Staff' });
    await expect(staff.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(staff.getByRole('link', { name: 'Site' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Book a service' })).toHaveCount(0);
    await staff.getByRole('link', { name: 'Site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Book a service' })).toBeVisible();
    await expect(header(page).getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  });
});
