import type { Locator, Page } from '@playwright/test';
import { expect, test, expectConsoleErrors } from './fixtures';
import { sendHelpRequest } from './helpers/pages';
import { waitForMail } from './helpers/session';

const checklist = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'How to Book Your Service' });
const steps = (page: import('@playwright/test').Page) => checklist(page).getByRole('listitem');

test('home shows the hero, the four features, the counters and the checklist', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Expert car care that comes to you' });
  await expect(hero.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  await expect(hero.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/#services');

  for (const feature of [
    'Mobile Convenience',
    'Expert Technicians',
    'Quality Guaranteed',
    'Flexible Scheduling',
  ]) {
    await expect(page.getByRole('heading', { name: feature, level: 3 })).toBeVisible();
  }

  // The counters count up once scrolled into view and end on their values.
  const counters = page.locator('.stat__value > [aria-hidden="true"]');
  await counters.first().scrollIntoViewIfNeeded();
  await expect(counters).toHaveText(['10+', '5,000+', '99%', '24h']);

  await expect(page.getByRole('heading', { name: 'How to Book Your Service' })).toBeVisible();
  // The help form's code loads as the visitor nears it; its place is there at once.
  await expect(page.getByText('Need Vehicle Service?')).toHaveCount(0);
  await page.locator('#help-form').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Need Help With Your Vehicle?' })).toBeVisible();
  await expect(page.getByText('Need Vehicle Service?')).toBeVisible();
  await expect(page.locator('#services').getByRole('article')).not.toHaveCount(0);
  await expectAccessible();
});

test('the counters animate in about 200 steps, and stand still for reduced motion', async ({ page }) => {
  await page.goto('/');
  const vehicles = page.locator('.stat__value > [aria-hidden="true"]').nth(1);
  await expect(vehicles).toHaveText('0+');
  // Record every value the counter shows on its way up.
  await vehicles.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
      subtree: true,
      characterData: true,
      childList: true,
    });
  });
  await vehicles.scrollIntoViewIfNeeded();
  // Two seconds on the clock, however busy the machine: a late tick skips steps.
  await expect(vehicles).toHaveText('5,000+', { timeout: 5000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const values = [...new Set(seen)].map((text) => Number(text.replace(/[^0-9]/g, '')));
  // Every value shown is one of the 200 steps (5,000 / 200 = 25 a step).
  expect(values.every((value) => value % 25 === 0)).toBe(true);
  expect(values.length).toBeGreaterThan(10);
  expect(values.length).toBeLessThanOrEqual(200);
  expect(values.every((value, i) => i === 0 || value > values[i - 1]!)).toBe(true);
  expect(values.at(-1)).toBe(5000);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  // Final at once, without scrolling or waiting.
  await expect(page.locator('.stat__value > [aria-hidden="true"]')).toHaveText(
    ['10+', '5,000+', '99%', '24h'],
    {
      timeout: 1000,
    },
  );
});

/** The checklist's `chosen` kind is pressed, the `other` is not, and its steps are `headings`. */
async function expectChosen(page: Page, chosen: Locator, other: Locator, headings: string[]) {
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(other).toHaveAttribute('aria-pressed', 'false');
  await expect(steps(page).getByRole('heading')).toHaveText(headings);
}

test('the checklist switches between professional services and a custom request', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  const quick = checklist(page).getByRole('button', { name: 'Professional Services' });
  const custom = checklist(page).getByRole('button', { name: 'Custom Request' });
  await expectChosen(page, quick, custom, [
    'Create Account',
    'Add Payment MethodRequired',
    'Choose Your Service',
    'Schedule Appointment',
    'Service Complete',
  ]);
  const list = checklist(page);
  await expect(list.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
  await expect(list.getByRole('link', { name: 'Add Card' })).toHaveAttribute(
    'href',
    '/dashboard?tab=account',
  );
  await expect(list.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/#services');
  await expect(list.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking');
  await expect(list.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
  await expect(list.getByText('0 of 5 steps complete')).toBeVisible();

  await custom.click();
  await expectChosen(page, custom, quick, [
    'Create Account',
    'Add Payment MethodOptional',
    'Submit Custom Request',
    'Service Complete',
  ]);
  await expect(list.getByText(/we contact you within 24 hours/i)).toBeVisible();
  await expect(list.getByRole('link', { name: 'Request Custom Quote' })).toHaveAttribute('href', '/contact');
  await expect(list.getByRole('link', { name: 'Use the Help Form' })).toHaveAttribute('href', '/#help-form');
  await expectAccessible();

  await list.getByRole('link', { name: 'Use the Help Form' }).click();
  await expect(page.getByRole('heading', { name: 'Need Help With Your Vehicle?' })).toBeInViewport();
});

test('checklist completion follows login: the account step completes, the card step does not', async ({
  page,
  customerSignedIn: customer,
  expectAccessible,
}) => {
  expect(customer.user.hasCardOnFile).toBe(false);
  await page.goto('/');
  await expect(page.getByText(`Welcome, ${customer.user.firstName}!`)).toBeVisible();

  const list = checklist(page);
  await expect(list.getByRole('link', { name: 'Account Manager' })).toHaveAttribute('href', '/dashboard');
  await expect(list.getByRole('link', { name: 'Create Account' })).toHaveCount(0);
  await expect(steps(page).nth(0)).toHaveAttribute('data-complete', 'true');
  await expect(steps(page).nth(0).getByRole('heading')).toContainText('(completed)');
  for (const index of [1, 2, 3, 4])
    await expect(steps(page).nth(index)).toHaveAttribute('data-complete', 'false');
  await expect(list.getByText('1 of 5 steps complete')).toBeVisible();
  await expectAccessible();

  await list.getByRole('button', { name: 'Custom Request' }).click();
  await expect(list.getByText('1 of 4 steps complete')).toBeVisible();

  // Logging out takes the completion away again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(list.getByText('0 of 4 steps complete')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Create Account' })).toBeVisible();
});

test('/booking leads to the services list', async ({ page, expectAccessible }) => {
  await page.goto('/');
  await checklist(page).getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible();
  await expectAccessible();
  // The redirect replaced /booking: Back returns to the home page.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('the help form sends the request, clears its fields and mails the shop', async ({ page, request }) => {
  await page.goto('/#help-form');
  const form = page.locator('#help-form form');
  const vin = `1HGCM82633A${Date.now().toString().slice(-6)}`;
  await sendHelpRequest(form, { problem: 'Squealing from the front left wheel when braking.', vin });

  await expect(form.getByRole('status')).toHaveText(
    'Thank you! Your request has been sent. We will contact you within 24 hours.',
  );
  for (const label of ['Your name', 'Email', 'Describe the problem', 'Car make', 'Car model', 'VIN']) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }
  await expect(form.getByLabel('General issue')).toHaveValue('');

  const mail = await waitForMail(request, 'shop@mobileautocare.example', (m) => m.text.includes(vin));
  expect(mail.subject).toBe('Help request: Brakes (Honda Accord)');
  expect(mail.text).toContain('Robin Driver');
});

test('the help form shows the server message, or the fallback', async ({ page }) => {
  expectConsoleErrors('429', '500');
  let status = 429;
  await page.route('**/api/service-request', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: status === 429 ? JSON.stringify({ msg: 'Too many requests. Please try again later.' }) : 'oops',
    }),
  );
  await page.goto('/#help-form');
  const form = page.locator('#help-form form');
  await sendHelpRequest(form);
  await expect(form.getByRole('alert')).toHaveText('Too many requests. Please try again later.');
  // The fields stay for another try.
  await expect(form.getByLabel('Your name')).toHaveValue('Robin Driver');

  status = 500;
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByRole('alert')).toHaveText('An unexpected error occurred.');
});

test('the home page starts without the router: leaving it loads the next page, and the app comes back to it in place', async ({
  page,
}) => {
  // Decision 048: the home page hydrates on its own entry; the other pages run the app.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('#services').getByRole('article')).not.toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(documents).toEqual(['/', '/about']);
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-hydrating'));

  // Inside the app, the brand link returns to / without a page load, and the home page works there too.
  await page.locator('a.brand').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#services').getByRole('article')).not.toHaveCount(0);
  await expect(page.locator('a.brand')).toHaveAttribute('aria-current', 'page');
  expect(documents).toEqual(['/', '/about']);
});
