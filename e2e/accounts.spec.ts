import { expect, test, expectConsoleErrors } from './fixtures';
import { register } from './helpers/pages';
import { linkInMail, loginThroughForm, uniqueEmail } from './helpers/session';

const header = (page: import('@playwright/test').Page) => page.getByRole('banner');

/** The browser logs every 4xx reply as a console error; tests that expect refusals say so. */
const expectRefusals = () => expectConsoleErrors('the server responded with a status of 4');

test('register, verify from the mailed link, sign in, keep the session on reload, log out', async ({
  page,
  request,
  expectAccessible,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/register');
  await expect(page).toHaveTitle(/Create Account/);
  await expect(page.getByText('Book repair services')).toBeVisible();
  await expectAccessible();

  await register(page, { firstName: 'Alex', lastName: 'Mechanic', email, password: 'spark-plugs-77' });
  await expect(
    page.getByText('Registration successful! Please check your email for verification.'),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toBeDisabled();
  // After 3 seconds the page goes to /login by itself.
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.goto(await linkInMail(request, email, 'verify-email'));
  await expect(page.getByText('Your email has been verified. You can now sign in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Services' })).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: 'Sign In Now' }).click();

  await expect(page.getByText('Manage Repairs')).toBeVisible();
  await loginThroughForm(page, email, 'spark-plugs-77');
  await expect(page).toHaveURL(/\/services$/);
  await expect(header(page).getByText('Welcome, Alex!')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.reload();
  await expect(header(page).getByText('Welcome, Alex!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'My Account' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the registration form shows each rule and clears an error when its field is edited', async ({
  page,
}) => {
  await page.goto('/register');
  expectRefusals();
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const text of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Password is required',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First name').fill('A');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await expect(page.getByText('Last name is required')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('54321');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // The server's refusal of a common password shows as the form's error.
  await page.getByLabel('Last name').fill('B');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('This password is too common. Please choose a less guessable one.'),
  ).toBeVisible();
});

test('the login guard sends a visitor from /dashboard to /login and back after signing in', async ({
  page,
  customer,
}) => {
  expectRefusals();
  await page.goto('/dashboard?tab=account');
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await loginThroughForm(page, customer.email, 'wrong-password-0');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/dashboard\?tab=account$/);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
});

test('an unverified account is told to verify and can ask for a new link', async ({ page, request }) => {
  expectRefusals();
  const email = uniqueEmail('unverified');
  await request.post('/api/users/register', {
    data: { firstName: 'Una', lastName: 'Verified', email, password: 'timing-belt-5' },
  });
  await page.goto('/login');
  await loginThroughForm(page, email, 'timing-belt-5');
  await expect(page.getByText('Please verify your email before logging in.')).toBeVisible();
  const resend = page.getByRole('form', { name: 'Resend verification email' });
  await expect(resend.getByLabel('Email')).toHaveValue(email);
  await resend.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(resend.getByText(/we have sent a new link/)).toBeVisible();
});

test('a stored token that has expired is logged out at start', async ({ page }) => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'usr_x', role: 'user', firstName: 'Old', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', token);
      sessionStorage.setItem('seeded', '1');
    }
  }, expired);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/users/me')) calls.push(request.url());
  });
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Login / Register' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Expired in the browser's own check: the server is not even asked.
  expect(calls).toEqual([]);
});

test('a token the server refuses logs out silently', async ({ page }) => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'usr_x', role: 'admin', firstName: 'Eve', exp: Math.floor(Date.now() / 1000) + 3600 })}.forged`;
  expectRefusals();
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', token);
      sessionStorage.setItem('seeded', '1');
    }
  }, forged);
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the admin sees the Admin link and dashboard; a customer does not', async ({
  page,
  admin,
  customer,
  expectAccessible,
}) => {
  await page.goto('/login');
  await loginThroughForm(page, admin.email, admin.password);
  // The admin lands on the desk (issue 30), under the staff's own header.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(header(page).getByText('Welcome, Jordan!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await header(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/admin-page/);
  // Today first, then the dispatch board and the spec's panels in its order (doc 2 §2), one section at a
  // time from the section navigation (issue 22, decision 081).
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')).toHaveText([
    'Today',
    'Dispatch Board',
    'Manage Bookings',
    'Time Slot Manager',
    'Service Manager',
    'Service Plans',
    'Work Orders',
    'Recommended Work',
    'Revenue',
    'Technicians',
    'Manage Testimonials',
    'Blog Manager',
  ]);
  await expect(page.locator('.admin-panel > h2')).toHaveText('Today');
  await expectAccessible();
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('body')).not.toHaveClass(/admin-page/);

  await page.goto('/login');
  await loginThroughForm(page, customer.email, customer.password);
  await expect(header(page).getByText('Welcome, Casey!')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText('You do not have access to the admin dashboard.', { exact: false }),
  ).toBeVisible();
});

test.describe(() => {
  test.use({ customerDetails: { firstName: 'Jamie' } });

  test('change the password in Account Settings, then sign in with the new one', async ({
    page,
    customerSignedIn: customer,
    expectAccessible,
  }) => {
    expectRefusals();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/tab=account/);
    await expectAccessible();

    const form = page.getByRole('form', { name: 'Change Password' });
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByLabel('New password', { exact: true }).fill('fresh-brakes-2');
    await form.getByLabel('Confirm new password').fill('fresh-brakes-3');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('New passwords do not match.')).toBeVisible();

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('Confirm new password').fill('fresh-brakes-2');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Your current password is incorrect.')).toBeVisible();

    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Your password has been changed.')).toBeVisible();
    // This session goes on with its new token.
    await page.reload();
    await expect(header(page).getByText('Welcome, Jamie!')).toBeVisible();

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.goto('/login');
    await loginThroughForm(page, customer.email, customer.password);
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await page.getByLabel('Password').fill('fresh-brakes-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(header(page).getByText('Welcome, Jamie!')).toBeVisible();
  });

  test('forgot password: the mailed link resets it once', async ({
    page,
    request,
    customer,
    expectAccessible,
  }) => {
    expectRefusals();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/we have sent a link to reset your password/)).toBeVisible();

    const link = await linkInMail(request, customer.email, 'reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('new-wipers-4');
    await page.getByLabel('Confirm new password').fill('new-wipers-4');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(
      page.getByText('Your password has been reset. You can now sign in with your new password.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Sign In Now' }).click();
    await loginThroughForm(page, customer.email, 'new-wipers-4');
    await expect(header(page).getByText('Welcome, Jamie!')).toBeVisible();

    // The same link a second time is refused.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('other-wipers-5');
    await page.getByLabel('Confirm new password').fill('other-wipers-5');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(
      page.getByText('This password reset link has already been used. Please request a new one.'),
    ).toBeVisible();
  });
});

test('the verification page explains a missing or bad link and offers a new one', async ({
  page,
  expectAccessible,
}) => {
  expectRefusals();
  await page.goto('/verify-email/');
  await expect(page.getByText('Invalid verification link')).toBeVisible();
  await expectAccessible();

  await page.goto(`/verify-email/${'x'.repeat(43)}`);
  await expect(
    page.getByText('This verification link is not valid. Please request a new one.'),
  ).toBeVisible();
  const button = page.getByRole('button', { name: 'Resend verification email' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
  await expect(button).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
});

test('a failed /me (a 500, then no network) keeps the user signed in; only a 401 ends the session', async ({
  page,
  customerSignedIn: customer,
}) => {
  expectConsoleErrors('the server responded with a status of 500', 'net::ERR_FAILED');
  await page.goto('/dashboard');
  await expect(header(page).getByText('Welcome, Casey!')).toBeVisible();

  await page.route('**/api/users/me', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"Internal Server Error"}' }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header(page).getByText('Welcome, Casey!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(customer.token);

  await page.unroute('**/api/users/me');
  await page.route('**/api/users/me', (route) => route.abort('failed'));
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header(page).getByText('Welcome, Casey!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(customer.token);

  // The signal is back: /me is asked again (with backoff) and answers; the session goes on.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.status() === 200, {
    timeout: 20_000,
  });
  await page.unroute('**/api/users/me');
  await answered;
  await expect(header(page).getByText('Welcome, Casey!')).toBeVisible();
});

test('each role lands on its own home after signing in: the admin /admin, a technician /tech', async ({
  page,
  admin,
}) => {
  await page.goto('/login');
  await loginThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await header(page)
    .getByRole('button', { name: /Logout/ })
    .click();

  // A seeded technician (functions/src/local/seed.ts).
  await page.goto('/login');
  await loginThroughForm(page, 'riley@example.com', 'technician-password');
  await expect(page).toHaveURL(/\/tech$/);
});

test('registering from a booking page comes back to it after verifying and signing in', async ({
  page,
  request,
}) => {
  const services = (await (await request.get('/api/services')).json()) as { _id: string }[];
  const booking = `/book/${services[0]?._id}`;
  await page.goto(booking);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=/);
  const email = uniqueEmail('from-booking');
  await register(page, { firstName: 'Robin', lastName: 'Booker', email, password: 'spark-plugs-77' });
  await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 6000 });

  await page.goto(await linkInMail(request, email, 'verify-email'));
  await page.getByRole('link', { name: 'Sign In Now' }).click();
  await loginThroughForm(page, email, 'spark-plugs-77');
  await expect(page).toHaveURL(new RegExp(`${booking}$`));
  await expect(header(page).getByText('Welcome, Robin!')).toBeVisible();
});
