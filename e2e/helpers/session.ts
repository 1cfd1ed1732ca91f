import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { seedTechnicians } from '../../functions/src/local/seed';

/** Whoever a helper acts as: an account with a session token. */
export type Account = { token: string };

/** The header that carries `account`'s session. */
export const auth = (account: Account) => ({ 'x-auth-token': account.token });

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

/** The seeded technician numbered `technician`, signed in: their session and name. */
export async function technicianSignIn(request: APIRequestContext, technician: number) {
  const seeded = seedTechnicians.find((t) => t.number === technician);
  if (!seeded) throw new Error(`Technician ${technician} is not one of the seeded two`);
  const response = await request.post('/api/users/login', {
    data: { email: seeded.email, password: seeded.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { token, name: `${seeded.firstName} ${seeded.lastName}` };
}
