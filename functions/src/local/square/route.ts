import { config } from '@app/core/config';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * `/_local/square/*` on the local server only (like the outbox): the web's
 * test card form reaches the Square stand-in's tokenization through its own
 * origin. POST /_local/square/card-nonces { number, expiry, cvv, postalCode }
 * → { token, details } or 400 { errors: [{ field, message }] }. When the stack
 * talks to Square's sandbox instead, the real card form is used and this is 404.
 */
export const localSquare = new Hono().post(
  '/card-nonces',
  bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json({ errors: [{ message: 'Too large.' }] }, 413) }),
  async (c) => {
    const square = config().square;
    if (square.environment !== 'local') return c.json({ msg: 'Not found.' }, 404);
    const response = await fetch(`${square.baseUrl}/_stand-in/card-nonces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await c.req.text(),
    });
    return c.json((await response.json()) as object, response.status as ContentfulStatusCode);
  },
);
