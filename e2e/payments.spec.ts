import { expect, test, expectConsoleErrors } from './fixtures';
import { fillCard, paymentSection } from './helpers/pages';

/**
 * The card on file in Account Settings, on the local stack: the test card
 * form gets a token from the Square stand-in (through /_local/square), the
 * API saves the card there, and the page shows its brand and last four digits.
 */

/** The browser logs every 4xx reply as a console error; tests that expect refusals say so. */
const expectRefusals = () => expectConsoleErrors('the server responded with a status of 400');

test('a customer adds the test card and sees its brand and last four digits, also after a reload', async ({
  page,
  customerSignedIn: _customer,
  expectAccessible,
}) => {
  await page.goto('/dashboard?tab=account');
  const section = paymentSection(page);
  await expect(section.getByText('No card on file yet.')).toBeVisible();
  await expect(section.getByText('4111 1111 1111 1111')).toBeVisible();
  await expectAccessible();

  await fillCard(page, { number: '4111 1111 1111 1111' });
  await section.getByRole('button', { name: 'Save Card' }).click();
  await expect(section.getByText('Card saved successfully.')).toBeVisible();
  await expect(section.getByText(/Card on file: Visa ending in 1111/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Replace Card' })).toBeVisible();
  await expect(section.getByLabel('Card number')).toHaveValue('');
  await expectAccessible();

  // The session's user was fetched again: without a reload, the home page's checklist has the card step done.
  await page.getByRole('banner').locator('a.brand').click();
  await expect(page.getByText('2 of 5 steps complete')).toBeVisible();

  await page.goto('/dashboard?tab=account');
  await expect(paymentSection(page).getByText(/Card on file: Visa ending in 1111/)).toBeVisible();
});

test('a declined test card shows why, and no card is saved', async ({
  page,
  customerSignedIn: _customer,
}) => {
  expectRefusals();
  await page.goto('/dashboard?tab=account');
  const section = paymentSection(page);

  await fillCard(page, { number: '4000 0000 0000 0002' });
  await section.getByRole('button', { name: 'Save Card' }).click();
  await expect(
    section.getByText('Your card was declined. Please check the details or use another card.'),
  ).toBeVisible();
  await expect(section.getByText('No card on file yet.')).toBeVisible();

  // Details the card form itself refuses never reach the server: the spec's tokenization text.
  await fillCard(page, { number: '4111 1111 1111 1112', cvc: '12' });
  await section.getByRole('button', { name: 'Save Card' }).click();
  await expect(section.getByText('Tokenization failed. Please check your card details.')).toBeVisible();
  await expect(section.getByText('Card number is not valid.')).toBeVisible();
  await expect(section.getByText('CVV must be 3 digits.')).toBeVisible();
});

test('a customer with a card on file sees it, and can replace it', async ({
  page,
  customerWithCardSignedIn: customerWithCard,
}) => {
  expect(customerWithCard.user).toMatchObject({
    hasCardOnFile: true,
    card: { brand: 'Visa', last4: '1111' },
  });
  await page.goto('/dashboard?tab=account');
  const section = paymentSection(page);
  await expect(section.getByText(/Card on file: Visa ending in 1111/)).toBeVisible();

  await fillCard(page, { number: '5105 1051 0510 5100' });
  await section.getByRole('button', { name: 'Replace Card' }).click();
  await expect(section.getByText(/Card on file: Mastercard ending in 5100/)).toBeVisible();
});

test('/account-settings opens Account Settings and, once a card is saved, goes back to where it was asked for', async ({
  page,
  customerSignedIn: _customer,
}) => {
  await page.goto('/account-settings?redirect=%2Fservices');
  await expect(page).toHaveURL(/\/dashboard\?tab=account&redirect=%2Fservices$/);
  await fillCard(page, { number: '4111 1111 1111 1111' });
  await paymentSection(page).getByRole('button', { name: 'Save Card' }).click();
  await expect(page).toHaveURL(/\/services$/);

  // Only internal paths are followed.
  await page.goto('/account-settings?redirect=%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/dashboard\?tab=account$/);
});

test('a visitor who opens /account-settings signs in first and comes back to it', async ({
  page,
  customer,
}) => {
  await page.goto('/account-settings');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=account$/);
  await expect(paymentSection(page).getByText('No card on file yet.')).toBeVisible();
});
