import { expect, type Locator, type Page } from '@playwright/test';

/** Opens `path` and checks the page's title: `<title> | Mobile Auto Care`, as every page names itself. */
export async function openTitled(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveTitle(`${title} | Mobile Auto Care`);
}

/** The registration form's fields (web/src/routes/register.tsx), by their exact labels. */
export type Registration = { firstName: string; lastName: string; email: string; password: string };

/** Fills the registration form in `scope` (the confirmation as the password) and sends it. */
export async function register(scope: Page | Locator, person: Registration): Promise<void> {
  const field = (label: string) => scope.getByLabel(label, { exact: true });
  await field('First name').fill(person.firstName);
  await field('Last name').fill(person.lastName);
  await field('Email').fill(person.email);
  await field('Password').fill(person.password);
  await field('Confirm password').fill(person.password);
  await scope.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Clicks the Delete button of `item` (an admin list's row or card) and returns the confirm dialog
 * named `dialogName`, once it asks `question`.
 */
export async function askToDelete(item: Locator, dialogName: string, question: string): Promise<Locator> {
  await item.getByRole('button', { name: /^Delete/ }).click();
  const dialog = item.page().getByRole('alertdialog', { name: dialogName });
  await expect(dialog).toContainText(question);
  return dialog;
}

/** The home page's help request (its form's fields): Robin Driver's noisy brakes by default. */
export const helpRequest = {
  name: 'Robin Driver',
  email: 'robin.driver@example.com',
  issue: 'Brakes',
  problem: 'Noise.',
  make: 'Honda',
  model: 'Accord',
  vin: '1HGCM82633A004352',
};

/** Fills the home page's help form (`form`) with `helpRequest` and what `changes` of it, and sends it. */
export async function sendHelpRequest(
  form: Locator,
  changes: Partial<typeof helpRequest> = {},
): Promise<void> {
  const request = { ...helpRequest, ...changes };
  const typed = {
    'Your name': request.name,
    Email: request.email,
    'Describe the problem': request.problem,
    'Car make': request.make,
    'Car model': request.model,
    VIN: request.vin,
  };
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
  await form.getByLabel('General issue').selectOption(request.issue);
  await form.getByRole('button', { name: 'Send Request' }).click();
}

/** The account page's Payment Method section. */
export const paymentSection = (page: Page): Locator => page.getByRole('region', { name: 'Payment Method' });

/** Fills the Payment Method section's card form (expiry 12/34, CVC 123 and ZIP 19380 unless given). */
export async function fillCard(
  page: Page,
  card: { number: string; expiry?: string; cvc?: string; zip?: string },
) {
  const section = paymentSection(page);
  await section.getByLabel('Card number').fill(card.number);
  await section.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? '12/34');
  await section.getByLabel('CVC').fill(card.cvc ?? '123');
  await section.getByLabel('ZIP code').fill(card.zip ?? '19380');
}
