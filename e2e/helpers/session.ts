import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type SignedInUser = {
  token: string;
  user: {
    _id: string;
    firstName: string;
    lastName: string;
    email: string;
    role: string;
    hasCardOnFile: boolean;
  };
  email: string;
  password: string;
};

type OutboxMail = { to: string[]; subject: string; text: string; html: string };

export async function readOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/_local/outbox');
  expect(response.ok(), 'GET /_local/outbox').toBe(true);
  return (await response.json()) as OutboxMail[];
}

/** Waits for a mail to `to` whose subject or text matches, newest first. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  matches: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(request);
        found = mails.reverse().find((mail) => mail.to.includes(to) && matches(mail));
        return !!found;
      },
      { message: `a mail to ${to} in the local outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path of the newest `/<path>/<token>` link mailed to `to` (e.g. 'verify-email', 'reset-password'). */
export async function linkInMail(request: APIRequestContext, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`/${path}/[A-Za-z0-9_-]+`);
  const mail = await waitForMail(request, to, (m) => pattern.test(m.text));
  return pattern.exec(mail.text)?.[0] ?? '';
}

/** The admin the local stack seeds (ADMIN_EMAIL / ADMIN_PASSWORD defaults). */
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' } as const;

let sequence = 0;

/** A fresh address per call, so tests never share an account by accident. */
export function uniqueEmail(name = 'e2e'): string {
  sequence += 1;
  return `${name}-${Date.now().toString(36)}-${process.pid}-${sequence}@example.com`;
}

/** Fills and submits the login form. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A new, verified customer signed in through the API (register, the link
 * from the outbox, login). Registrations are rate limited per address, so a
 * spec file should create one customer and share it (see `sharedCustomer`).
 */
export async function createCustomer(request: APIRequestContext, firstName = 'Casey'): Promise<SignedInUser> {
  const email = uniqueEmail();
  const password = 'e2e-Password-9431';
  const register = await request.post('/api/users/register', {
    data: { firstName, lastName: 'Tester', email, password },
  });
  expect(register.ok(), `register ${email}: ${await register.text()}`).toBe(true);

  const token = (await linkInMail(request, email, 'verify-email')).split('/').at(-1);
  expect(token, 'verification token in the mail').toBeTruthy();
  const verify = await request.get(`/api/users/verify-email/${token}`);
  expect(verify.ok(), `verify ${email}: ${await verify.text()}`).toBe(true);

  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.ok(), `login ${email}: ${await login.text()}`).toBe(true);
  const body = (await login.json()) as Pick<SignedInUser, 'token' | 'user'>;
  return { ...body, email, password };
}

const shared = new Map<string, Promise<SignedInUser>>();

/** One customer per test worker (and key), created on first use: keeps the suite under the registration limit. */
export function sharedCustomer(request: APIRequestContext, key = 'default'): Promise<SignedInUser> {
  let customer = shared.get(key);
  if (!customer) {
    customer = createCustomer(request);
    shared.set(key, customer);
    customer.catch(() => shared.delete(key));
  }
  return customer;
}

/**
 * Opens pages of this test as `customer`: the token is put in localStorage
 * before the app starts on the first page load (later loads keep whatever the
 * app did with it, e.g. a logout).
 */
export async function signInAs(page: Page, customer: Pick<SignedInUser, 'token'>): Promise<void> {
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-token-set')) return;
    localStorage.setItem('token', token);
    sessionStorage.setItem('e2e-token-set', '1');
  }, customer.token);
}
