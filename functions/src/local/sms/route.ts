import { config } from '@app/core/config';
import { Hono } from 'hono';
import { app } from '../../api/index';

export type LocalReply = { from: string; body: string; id?: string; at?: string };

/**
 * A customer's phone texts the shop's number (local only, issue 36): the SMS
 * stand-in takes the reply (STOP lists the number, START unlists it) and
 * answers the SNS notification two-way SMS publishes for it; that notification
 * is posted to `POST /api/texts/inbound`, as SNS delivers it, so the same
 * route and core run as for a real reply. Resolves to the stand-in's answer
 * and the inbound route's status and reply.
 */
export async function replyThroughSns(input: LocalReply): Promise<{
  status: number;
  answer: Record<string, unknown>;
}> {
  const cfg = config();
  if (cfg.mode !== 'local') throw new Error('The SMS stand-in exists on the local stack only.');
  const response = await fetch(new URL('/_local/reply', cfg.endpoints.sms), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const standIn = (await response.json()) as { optedOut?: boolean; notification?: unknown; message?: string };
  if (!response.ok)
    return { status: 400, answer: { msg: String(standIn.message ?? 'The reply was refused.') } };
  const delivered = await app.request('/api/texts/inbound', {
    method: 'POST',
    // SNS posts its JSON as text/plain, with the message type in a header.
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    body: JSON.stringify(standIn.notification),
  });
  const reply = (await delivered.json()) as Record<string, unknown>;
  return { status: delivered.status, answer: { optedOut: standIn.optedOut, ...reply } };
}

/**
 * `POST /_local/sms/reply { from, body, id?, at? }` (local only): a text a
 * customer's phone sends back to the shop's number (replyThroughSns).
 * `STOP` puts the number on the service's opt-out list, as the real service
 * does; `START` takes it off again. Answers `{ optedOut }`.
 */
export const localSms = new Hono().post('/reply', async (c) => {
  if (config().mode !== 'local') return c.json({ msg: 'Not found.' }, 404);
  const input = (await c.req.json().catch(() => ({}))) as LocalReply;
  const { status, answer } = await replyThroughSns(input);
  if (status !== 200) return c.json({ msg: String(answer.msg ?? 'The reply was refused.') }, 400);
  return c.json({ optedOut: answer.optedOut === true });
});
