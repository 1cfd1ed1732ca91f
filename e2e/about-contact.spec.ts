import { expect, test } from './fixtures';
import { waitForMail } from './helpers/session';

test('the contact page shows our details and sends a message', async ({
  page,
  request,
  expectAccessible,
}) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us | Mobile Auto Care');
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
  test
    .info()
    .annotations.push(
      { type: 'expected-console-error', description: '400' },
      { type: 'expected-console-error', description: '502' },
    );
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
