import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@app/core/config';
import { VisibleError } from '@app/core/error';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ROUTER_PROOF_HEADER, routerProof } from './router-proof';

/**
 * On AWS the API answers only requests that came through the Router: they
 * carry the Router's proof (./router-proof.ts). Anything else, such as a call
 * to the bare function URL, gets 403 `{ msg }` before any route runs. Locally
 * there is no Router and nothing is checked.
 */
export const NOT_THROUGH_SITE = 'This API answers only requests made through the site.';

let expected: Buffer | undefined;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries the Router's proof (compared in constant time). */
export function cameThroughRouter(c: Context): boolean {
  const sent = c.req.header(ROUTER_PROOF_HEADER);
  if (!sent) return false;
  expected ??= digest(routerProof(config().jwtSecret));
  // Digests, so both sides have the same length whatever was sent.
  return timingSafeEqual(digest(sent), expected);
}

export const requireRouter = createMiddleware(async (c, next) => {
  if (config().mode === 'aws' && !cameThroughRouter(c)) throw new VisibleError('forbidden', NOT_THROUGH_SITE);
  await next();
});
