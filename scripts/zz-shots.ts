import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

const base = process.env.BASE ?? 'http://localhost:3490';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const shot = async (name: string) => page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
const email = `walk-${Date.now()}@example.com`;
// Register and verify as a visitor would.
await page.goto(`${base}/register`);
await page.getByLabel('First name').fill('Morgan');
await page.getByLabel('Last name').fill('Walker');
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('walk-through-99');
await page.getByLabel('Confirm password').fill('walk-through-99');
await page.getByRole('button', { name: 'Create Account' }).click();
await page.getByText('Registration successful!').waitFor();
const outbox = (await (await fetch(`${base}/_local/outbox`)).json()) as { to: string[]; text: string }[];
const link = outbox.reverse().find((m) => m.to.includes(email))?.text.match(/https?:\/\/\S*verify-email\/\S+/)?.[0];
if (!link) throw new Error('no verification mail');
await page.goto(link);
await page.getByRole('link', { name: 'Sign In Now' }).click();
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill('walk-through-99');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByText('Welcome, Morgan!').waitFor();
await page.goto(`${base}/services`);
await page.getByText('Engine Diagnostic').first().waitFor();
await page.locator('article', { hasText: 'Engine Diagnostic' }).getByRole('link', { name: /Book Now/ }).click();
await page.getByRole('grid').waitFor();
await shot('1-book-no-card');
await page.getByRole('link', { name: 'Add a Payment Method' }).click();
const payment = page.getByRole('region', { name: 'Payment Method' });
await payment.getByLabel('Card number').fill('4111 1111 1111 1111');
await payment.getByLabel('Expiry (MM/YY)').fill('12/34');
await payment.getByLabel('CVC').fill('123');
await payment.getByLabel('ZIP code').fill('19380');
await shot('2-card-form');
await payment.getByRole('button', { name: 'Save Card' }).click();
await page.getByRole('grid').waitFor();
// The first enabled day with times.
const days = page.locator('td[data-day]:not([data-outside]) button:not([disabled])');
for (let i = 0; i < (await days.count()); i++) {
  await days.nth(i).click();
  const buttons = page.getByRole('list', { name: 'Available times' }).getByRole('button');
  if ((await buttons.count().catch(() => 0)) > 0) break;
  await page.waitForTimeout(300);
  if ((await buttons.count()) > 0) break;
}
await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().waitFor();
await shot('3-book-times');
await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().click();
await page.getByLabel('Make').fill('Subaru');
await page.getByLabel('Model').fill('Outback');
await page.getByLabel('Year').fill('2017');
await page.getByLabel('Color').fill('Green');
await page.getByLabel(/I agree to the/).check();
await page.getByRole('button', { name: 'Confirm Booking' }).click();
await page.getByRole('button', { name: 'Booked!' }).waitFor();
await shot('4-booked');
await page.getByRole('link', { name: 'Go to your Service History' }).click();
await page.getByRole('article').first().waitFor();
await shot('5-history');
await page.goto(`${base}/dashboard?tab=account`);
await page.getByText(/Card on file/).waitFor();
await shot('6-account');
const walkerToken = await page.evaluate(() => localStorage.getItem('token'));
const [booking] = (await (
  await fetch(`${base}/api/bookings`, { headers: { 'x-auth-token': walkerToken ?? '' } })
).json()) as { _id: string }[];
// The admin: the services list's time-slot panel.
await page.getByRole('button', { name: 'Logout' }).click();
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill('admin@example.com');
await page.getByLabel('Password').fill('admin-password');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByText('Welcome, Shop!').waitFor();
await page.goto(`${base}/services`);
await page.getByText('Total Slots').waitFor();
await shot('7-admin-services');
const token = await page.evaluate(() => localStorage.getItem('token'));
const completed = await fetch(`${base}/api/bookings/${booking?._id}/status`, {
  method: 'PATCH',
  headers: { 'x-auth-token': token ?? '', 'content-type': 'application/json' },
  body: JSON.stringify({ status: 'Completed' }),
});
console.log('completed:', completed.status, JSON.stringify((await completed.json()).payment));
await page.getByRole('button', { name: 'Logout' }).click();
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill('walk-through-99');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByText('Welcome, Morgan!').waitFor();
await page.goto(`${base}/dashboard`);
await page.getByRole('link', { name: 'Leave a Review' }).click();
await page.getByRole('radio', { name: '4 stars' }).check();
await page.getByLabel('Your experience').fill('Showed up on time and explained every code.');
await shot('8-review');
await page.getByRole('button', { name: 'Submit Review' }).click();
await page.getByText('Testimonial added successfully!').waitFor();
await page.goto(`${base}/testimonials`);
await page.getByText('Showed up on time').waitFor();
await shot('9-testimonials');
const receipts = (await (await fetch(`${base}/_local/outbox`)).json()) as { to: string[]; subject: string; attachments: { filename: string }[] }[];
for (const m of receipts.filter((r) => r.to.includes(email) || r.subject.includes('booking'))) console.log(m.to.join(','), '|', m.subject, '|', m.attachments.map((a) => a.filename).join(','));
await browser.close();
console.log('done');
