import { formatTime } from '@app/core/time';
import type { Browser } from '@playwright/test';
import { expect, test as base, type TestUser, untilHydrated, expectFailedReplies } from './fixtures';
import {
  assignThroughApi,
  confirmationLinkInMail,
  type CustomBookingDetails,
  invitationLinkInMail,
  listAllThroughApi,
} from './helpers/admin-bookings';
import {
  cancelThroughApi,
  desk,
  deskCard,
  deskDate,
  fillCustomBooking,
  openDesk,
  searchCustomer,
  uniqueName,
} from './helpers/admin-desk-page';
import { loginThroughForm, readOutbox, uniqueEmail, waitForMail } from './helpers/session';

// Each test sets up bookings through the API, then drives several views and accessibility scans.
base.describe.configure({ timeout: 90_000 });

/**
 * Custom bookings (doc 2 §2, §4, §5, issue 11): the admin books a phone
 * customer and assigns an account (an existing one, or a new one who sets a
 * password from the invitation), and the customer confirms or declines from
 * the mailed link, with no login. Every booking made is cancelled after the test.
 */
const test = base.extend<{
  shop: {
    book: (input: CustomBookingDetails) => Promise<{ _id: string }>;
    /** A booking made in the browser, found by its client's last name, to cancel afterwards. */
    madeInBrowser: (lastName: string) => void;
    /** An account made in the browser, removed afterwards. */
    accountMade: (email: string) => void;
  };
}>({
  shop: async ({ request, admin, accounts, deskBooking }, use) => {
    const ids: string[] = [];
    const names: string[] = [];
    const emails: string[] = [];
    await use({
      // Cancelled after the test by the `booked` fixture.
      book: (input) => deskBooking(input),
      madeInBrowser: (lastName) => void names.push(lastName),
      accountMade: (email) => void emails.push(email),
    });
    for (const name of names)
      for (const booking of await listAllThroughApi(request, admin, { customerName: name }))
        ids.push(booking._id);
    for (const id of ids) await cancelThroughApi(request, admin, id);
    for (const email of emails) {
      const reply = await request.get(`/api/admin/users/search?query=${encodeURIComponent(email)}`, {
        headers: { 'x-auth-token': admin.token },
      });
      const users = (await reply.json()) as { _id: string; email: string }[];
      for (const user of users.filter((u) => u.email === email))
        await accounts.remove({ user: { _id: user._id } } as TestUser);
    }
  },
});

test('create a custom booking, then assign an existing customer, who is mailed the link', async ({
  page,
  request,
  adminSignedIn: _admin,
  customer,
  shop,
  expectAccessible,
}) => {
  const lastName = uniqueName('Phoneassign');
  const date = deskDate(4);
  shop.madeInBrowser(lastName);
  await openDesk(page);

  await desk(page).getByRole('button', { name: 'Create Custom Booking' }).click();
  await expect(desk(page).getByRole('heading', { name: 'Create Custom Booking' })).toBeFocused();
  // The form's own checks first: nothing is sent.
  await desk(page).getByRole('button', { name: 'Create Booking' }).click();
  await expect(desk(page).getByText('Please select a service')).toBeVisible();
  await expect(desk(page).getByText('First name is required')).toBeVisible();
  await expectAccessible();

  await fillCustomBooking(page, {
    date,
    time: '13:30',
    firstName: 'Pat',
    lastName,
    service: 'Brake Inspection',
    price: '149.50',
  });
  await desk(page).getByRole('button', { name: 'Create Booking' }).click();
  await expect(
    desk(page).getByRole('status').getByText('Custom booking created successfully!'),
  ).toBeVisible();
  await expect(desk(page).getByRole('heading', { name: 'Assign Customer' })).toBeFocused();

  // Nothing chosen yet.
  await desk(page).getByRole('button', { name: 'Assign Customer' }).click();
  await expect(desk(page).getByRole('alert')).toHaveText('Please select a customer first');

  await desk(page).getByLabel('Search customers').fill(customer.email);
  const choice = desk(page).getByRole('radio', { name: new RegExp(customer.email) });
  await expect(choice).toBeVisible();
  await expect(desk(page).getByText('1 customer found')).toBeVisible();
  await expectAccessible();
  await choice.check();
  await desk(page).getByRole('button', { name: 'Assign Customer' }).click();

  await expect(desk(page).getByRole('status').getByText('Booking assigned successfully!')).toBeVisible();
  await expect(desk(page).getByRole('heading', { name: 'Active Bookings' })).toBeFocused();
  await searchCustomer(page, lastName);
  const card = deskCard(page, 'Casey Tester');
  await expect(card.getByLabel('Status')).toHaveValue('Pending Customer Verification');
  await expect(card).toContainText('Brake Inspection');
  await expect(card).toContainText('$149.50');
  await expect(card).toContainText(formatTime('13:30'));

  const link = await confirmationLinkInMail(request, customer.email);
  expect(link).toMatch(/^\/verify-custom-booking\/[A-Za-z0-9_-]+$/);
});

test('create a custom booking for a new customer, who sets a password from the invitation and signs in', async ({
  page,
  request,
  browser,
  adminSignedIn: _admin,
  shop,
}) => {
  const lastName = uniqueName('Newcomer');
  const email = uniqueEmail('desk-new');
  shop.madeInBrowser(lastName);
  shop.accountMade(email);
  await openDesk(page);

  await desk(page).getByRole('button', { name: 'Create Custom Booking' }).click();
  await fillCustomBooking(page, {
    date: deskDate(5),
    time: '10:00',
    firstName: 'Robin',
    lastName,
    service: 'Battery Swap',
    price: '95',
  });
  await desk(page).getByRole('button', { name: 'Create Booking' }).click();
  await expect(desk(page).getByRole('heading', { name: 'Assign Customer' })).toBeFocused();

  await desk(page).getByRole('button', { name: 'Create New Customer' }).click();
  // Prefilled with the booking's names; the keyboard starts there.
  await expect(desk(page).getByLabel('First name')).toBeFocused();
  await expect(desk(page).getByLabel('First name')).toHaveValue('Robin');
  await expect(desk(page).getByLabel('Last name')).toHaveValue(lastName);
  await desk(page).getByLabel('Email').fill(email);
  await desk(page).getByLabel('Phone (optional)').fill('610-555-0199');
  await desk(page).getByRole('button', { name: 'Create Customer and Assign' }).click();
  await expect(
    desk(page).getByRole('status').getByText('New customer created and booking assigned successfully!'),
  ).toBeVisible();

  // The confirmation link and the invitation both go to the new customer, in one mail (issue 30).
  const mail = await waitForMail(request, email, (m) => /verify-custom-booking\//.test(m.text));
  expect(mail.text).toMatch(/\/reset-password\//);
  expect((await readOutbox(request)).filter((m) => m.to.includes(email))).toHaveLength(1);
  const invitation = await invitationLinkInMail(request, email);
  await setPasswordAndSignIn(browser, invitation, email, 'a-new-desk-password-42');
});

async function setPasswordAndSignIn(browser: Browser, invitation: string, email: string, password: string) {
  // A browser of their own: the admin's session is not theirs.
  const context = await browser.newContext();
  try {
    const page = untilHydrated(await context.newPage());
    await page.goto(invitation);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    // An invitation ends in a welcome, not a reset (issue 30).
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText(/^Welcome to Mobile Auto Care! Your password is set/)).toBeVisible();
    await page.getByRole('link', { name: 'Sign In Now' }).click();
    await loginThroughForm(page, email, password);
    await expect(page.getByText('Robin', { exact: false }).first()).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  } finally {
    await context.close();
  }
}

test('the customer confirms from the mailed link, and the admin list shows Confirmed', async ({
  page,
  request,
  admin,
  customer,
  signIn,
  shop,
  expectAccessible,
}) => {
  const lastName = uniqueName('Confirmer');
  const booking = await shop.book({ date: deskDate(6), time: '14:00', clientLastName: lastName });
  await assignThroughApi(request, admin, booking._id, customer);
  const link = await confirmationLinkInMail(request, customer.email);

  // No login: the link is the key.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Service Booking Confirmation' })).toBeVisible();
  await expect(page.getByText('Hello Casey Tester,')).toBeVisible();
  await expect(page.getByText('Headlight restoration')).toBeVisible();
  await expect(page.getByText('$89.50')).toBeVisible();
  await expect(page.getByText('2017 Toyota Camry (Silver)')).toBeVisible();
  await expect(page.getByText('60 minutes')).toBeVisible();
  await expect(page.getByText('Action Required')).toBeVisible();
  await expectAccessible();

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeFocused();
  await expectAccessible();
  await page.getByRole('link', { name: 'Go to Home Now' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link is spent.
  expectFailedReplies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unable to Load Booking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();

  await signIn(admin);
  await openDesk(page);
  await searchCustomer(page, lastName);
  await expect(deskCard(page, 'Casey Tester').getByLabel('Status')).toHaveValue('Confirmed');
});

test('the customer declines from the link: Cancelled, and the time is free again', async ({
  page,
  request,
  admin,
  customer,
  shop,
}) => {
  const lastName = uniqueName('Decliner');
  const date = deskDate(7);
  const booking = await shop.book({ date, time: '15:30', clientLastName: lastName });
  await assignThroughApi(request, admin, booking._id, customer);
  const link = await confirmationLinkInMail(request, customer.email);

  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Decline Booking' })).toBeVisible();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Decline Booking' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(dialogs).toEqual([
    'confirm: Are you sure you want to decline this booking? This action cannot be undone.',
    'alert: Booking declined successfully.',
  ]);

  // Cancelled: out of the open bookings the desk lists (decision 050).
  expect(await listAllThroughApi(request, admin, { customerName: lastName })).toEqual([]);
  // The van is free at that time again: the desk can book it.
  await shop.book({ date, time: '15:30', clientLastName: uniqueName('Afterdecline') });
});

test('a link that does not exist shows the error and the way home', async ({ page, expectAccessible }) => {
  expectFailedReplies();
  await page.goto('/verify-custom-booking/not-a-real-token-at-all');
  await expect(page.getByRole('heading', { name: 'Unable to Load Booking' })).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expectAccessible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
