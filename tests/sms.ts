import { config } from '@app/core/config';
import { type OutboxText, readTexts } from '../functions/src/local/outbox';

/** Helpers for tests of texts: the local SMS stand-in's own controls (functions/src/local/sms). */
function standIn(path: string): URL {
  const cfg = config();
  if (cfg.mode !== 'local') throw new Error('The SMS stand-in exists on the local stack only.');
  return new URL(path, cfg.endpoints.sms);
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(standIn(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`The SMS stand-in answered ${response.status} to ${path}`);
  return response.json();
}

/** The next `count` sends to `to` fail with 500 at the stand-in. */
export async function failSends(to: string, count: number): Promise<void> {
  await post('/_local/failures', { to, count });
}

/** The phone at `from` replies `body` (STOP, START ...) to the shop's number. */
export async function replyFrom(from: string, body: string): Promise<void> {
  await post('/_local/reply', { from, body });
}

/** The texts the stand-in has sent to `to`, oldest first. */
export async function textsTo(to: string): Promise<OutboxText[]> {
  return (await readTexts()).filter((text) => text.to.includes(to));
}

let sequence = 0;
/** A fresh US mobile number per call (555-01xx is fictional; the exchange varies by process and call). */
export function uniqueMobile(): string {
  sequence += 1;
  const n = (process.pid * 7919 + sequence * 104_729 + Date.now()) % 10_000_000;
  const digits = String(n).padStart(7, '0');
  return `+1484${String(2 + (Number(digits[0]) % 8))}${digits.slice(1)}`;
}

/**
 * The phone at `from` texts `body` to the shop's number, and the SNS notification the stand-in
 * signs for it is posted to `POST /api/texts/inbound` (functions/src/local/sms/route.ts): the
 * inbound route's status and reply. `id` and `at` set the inbound message id and SNS's timestamp.
 */
export async function textFrom(
  from: string,
  body: string,
  options: { id?: string; at?: string } = {},
): Promise<{ status: number; answer: Record<string, unknown> }> {
  const { replyThroughSns } = await import('../functions/src/local/sms/route');
  return replyThroughSns({ from, body, ...options });
}

/** The signed SNS notification the stand-in makes for a text from `from` (not delivered). */
export async function snsNotificationFrom(from: string, body: string): Promise<Record<string, unknown>> {
  const response = await fetch(standIn('/_local/reply'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  return ((await response.json()) as { notification: Record<string, unknown> }).notification;
}
