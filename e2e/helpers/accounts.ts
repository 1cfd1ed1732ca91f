import type { APIRequestContext, Page } from '@playwright/test';

/** A fresh address per call, so tests never share an account. */
export const uniqueEmail = (name = 'driver') => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' } as const;

type OutboxMail = { to: string[]; subject: string; text: string };

/** The newest mail to `address` whose text has a `/path/<token>` link, waiting for it to arrive. */
export async function linkFromOutbox(
  request: APIRequestContext,
  address: string,
  path: string,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+/${path}/[A-Za-z0-9_-]+`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = (await (await request.get('/_local/outbox')).json()) as OutboxMail[];
    const link = mail
      .filter((m) => m.to.includes(address))
      .map((m) => pattern.exec(m.text)?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No /${path}/ link was mailed to ${address}`);
}

/** Registers and verifies a customer through the API, as the mailed link would. */
export async function createVerifiedCustomer(
  request: APIRequestContext,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
) {
  const account = {
    firstName: 'Jamie',
    lastName: 'Rivera',
    email: uniqueEmail(),
    password: 'tire-rotation-9',
    ...overrides,
  };
  const registered = await request.post('/api/users/register', { data: account });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const link = await linkFromOutbox(request, account.email, 'verify-email');
  const token = link.split('/').at(-1);
  const verified = await request.get(`/api/users/verify-email/${token}`);
  if (!verified.ok()) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
  return account;
}

/** Signs in through the API and stores the token the way the app does, before the page loads. */
export async function signInAs(page: Page, request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/users/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`login: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => {
    // Only on the first load: a test that logs out must stay logged out after navigating.
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  return token;
}

/** Fills and submits the login form. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
