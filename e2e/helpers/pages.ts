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
