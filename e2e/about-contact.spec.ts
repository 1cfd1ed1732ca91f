import type { Page } from '@playwright/test';
import { expect, test, expectConsoleErrors } from './fixtures';
import { openTitled } from './helpers/pages';
import { waitForMail } from './helpers/session';

const carousel = (page: Page) => page.getByRole('region', { name: 'What Our Customers Say' });
const slide = (page: Page) => carousel(page).getByRole('group', { name: / of 4$/ });
const slides = carousel;

test('the about page shows who we are, our values, hours and links on', async ({
  page,
  expectAccessible,
}) => {
  await openTitled(page, '/about', 'About Us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  for (const stat of ['10+', '5,000+', '99%', 'Eco-Friendly'])
    await expect(main.getByText(stat, { exact: true })).toBeVisible();
  for (const value of ['Quality', 'Integrity', 'Excellence']) {
    await expect(main.getByRole('heading', { name: value, level: 3 })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Contact and services' });
  await expect(sidebar).toContainText('Mon-Fri 8:00am-4:00pm');
  const services = sidebar.getByRole('region', { name: 'Our Services' }).getByRole('link');
  await expect(services).not.toHaveCount(0);
  for (const link of await services.all()) await expect(link).toHaveAttribute('href', '/services');
  await expect(main.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute('href', '/services');
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await expect(slide(page)).toContainText('Megan Whitfield');
  await expectAccessible();
});

test('the carousel advances every 5 seconds and wraps around', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
  await expect(slide(page)).toContainText('Megan Whitfield');
  // Automatic changes are not announced.
  await expect(slides(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
  await page.clock.runFor(4000);
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
  await page.clock.runFor(1100);
  await expect(slide(page)).toHaveAccessibleName('2 of 4');
  await expect(slide(page)).toContainText('Daniel Okafor');
  await page.clock.runFor(5100);
  await expect(slide(page)).toHaveAccessibleName('3 of 4');
  await page.clock.runFor(5100);
  await expect(slide(page)).toHaveAccessibleName('4 of 4');
  await expect(slide(page)).toContainText('Grace Liu');
  await page.clock.runFor(5100);
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
});

test('the carousel pauses while hovered and can be stopped', async ({ page, expectAccessible }) => {
  await page.clock.install();
  await page.goto('/about');
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
  await slide(page).hover();
  await page.clock.runFor(12_000);
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
  await expect(slides(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  await page.mouse.move(0, 0);
  await page.clock.runFor(5100);
  await expect(slide(page)).toHaveAccessibleName('2 of 4');

  await carousel(page).getByRole('button', { name: 'Stop automatic slide show' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Our Story' }).click();
  await page.clock.runFor(12_000);
  await expect(slide(page)).toHaveAccessibleName('2 of 4');
  await expectAccessible();
  await carousel(page).getByRole('button', { name: 'Start automatic slide show' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Our Story' }).click();
  await page.clock.runFor(5100);
  await expect(slide(page)).toHaveAccessibleName('3 of 4');
});

test('the carousel is driven by keyboard, and waits while focused', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  const next = carousel(page).getByRole('button', { name: 'Next testimonial' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(slide(page)).toHaveAccessibleName('2 of 4');
  await expect(slides(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('ArrowRight');
  await expect(slide(page)).toHaveAccessibleName('3 of 4');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slide(page)).toHaveAccessibleName('1 of 4');
  await page.keyboard.press('ArrowLeft');
  await expect(slide(page)).toHaveAccessibleName('4 of 4');
  await page.keyboard.press('Shift+Tab');
  await expect(carousel(page).getByRole('button', { name: 'Previous testimonial' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(slide(page)).toHaveAccessibleName('3 of 4');
  // Focus inside holds it still.
  await page.clock.runFor(12_000);
  await expect(slide(page)).toHaveAccessibleName('3 of 4');
});

test('a featured testimonial without an author is from A Valued Customer', async ({ page }) => {
  await page.route('**/api/testimonials/featured', async (route) => {
    const list = (await (await route.fetch()).json()) as { author: unknown }[];
    list[0]!.author = null;
    await route.fulfill({ json: list });
  });
  await page.goto('/about');
  await expect(slide(page)).toContainText('A Valued Customer');
});

test('the contact page shows our details and sends a message', async ({
  page,
  request,
  expectAccessible,
}) => {
  await openTitled(page, '/contact', 'Contact Us');
  const info = page.getByRole('region', { name: 'Contact Information' });
  await expect(info.getByRole('link', { name: '(610) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+16105550142',
  );
  await expect(info).toContainText('Mon-Fri 8:00am-4:00pm');
  await expectAccessible();

  const sender = `contact-${Date.now()}@example.com`;
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByLabel('Name').fill('Sam Sender');
  await form.getByLabel('Email').fill(sender);
  await form.getByLabel('Subject').fill('Fleet maintenance');
  await form.getByLabel('Message').fill('Do you service a fleet of four vans?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully!');
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await expectAccessible();

  const toShop = await waitForMail(request, 'shop@mobileautocare.example', (m) => m.text.includes(sender));
  expect(toShop.subject).toBe('Contact form: Fleet maintenance');
  const confirmation = await waitForMail(request, sender);
  expect(confirmation.subject).toContain('We received your message');
});

test('the contact form requires every field', async ({ page }) => {
  let posted = false;
  await page.route('**/api/contact', (route) => {
    posted = true;
    return route.continue();
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  for (const label of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(form.getByLabel(label)).toHaveAttribute('required', '');
  }
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByLabel('Name')).toBeFocused();
  expect(posted).toBe(false);
});

test('a failed contact message shows the server message, or the fallback', async ({ page }) => {
  expectConsoleErrors('400', '502');
  let reply = { status: 400, body: JSON.stringify({ msg: 'Please enter a valid email address.' }) };
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body }),
  );
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByLabel('Name').fill('Sam Sender');
  await form.getByLabel('Email').fill('sam@example.com');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('Hi there');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.');

  reply = { status: 502, body: '<html>Bad gateway</html>' };
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('An error occurred. Please try again.');
  await expect(form.getByLabel('Message')).toHaveValue('Hi there');
});

test('the terms and privacy pages are linked and readable', async ({ page, expectAccessible }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy | Mobile Auto Care');
  await expectAccessible();

  await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('not charged until the service is complete');
  await expect(page).toHaveTitle('Terms of Service | Mobile Auto Care');
  await expectAccessible();
});
