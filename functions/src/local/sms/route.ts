import { config } from '@app/core/config';
import { Hono } from 'hono';

/**
 * `POST /_local/sms/reply { from, body }` (local only): a text a customer's
 * phone sends back to the shop's number, handed to the SMS stand-in. `STOP`
 * puts the number on the service's opt-out list, as the real service does;
 * the app learns it when its next text to that number is refused (and turns
 * texting off on the account). `START` takes it off the list again.
 */
export const localSms = new Hono().post('/reply', async (c) => {
  const cfg = config();
  if (cfg.mode !== 'local') return c.json({ msg: 'Not found.' }, 404);
  const response = await fetch(new URL('/_local/reply', cfg.endpoints.sms), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await c.req.text(),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) return c.json({ msg: String(answer.message ?? 'The reply was refused.') }, 400);
  return c.json(answer);
});
