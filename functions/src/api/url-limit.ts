import { createMiddleware } from 'hono/factory';

/**
 * How long an address may be (decision 056): the path and the query, as sent
 * (percent-escapes count as three), at most 8,192 characters. That is
 * CloudFront's own limit for a URL, and half of Node's 16 KB for a request's
 * whole head, so the app refuses a long address itself, as JSON, before Node's
 * parser would refuse it with an empty 431 (the local servers answer that one
 * as JSON too: ../local/client-errors.ts). No page or call of ours comes near
 * it: the longest, a filtered list, is a few hundred characters.
 */
export const MAX_URL_LENGTH = 8192;
export const URL_TOO_LONG = `This address is too long. Addresses can be at most ${MAX_URL_LENGTH.toLocaleString('en-US')} characters.`;
export const HEAD_TOO_LARGE =
  'The address and headers of this request are too large. Together they can be at most 16 KB.';

/** The path and query of a full URL, as sent. */
function pathAndQuery(url: string): string {
  const afterScheme = url.indexOf('//');
  const start = url.indexOf('/', afterScheme === -1 ? 0 : afterScheme + 2);
  return start === -1 ? '/' : url.slice(start);
}

/** 414 `{ msg }` for an address longer than MAX_URL_LENGTH, before any route or file lookup. */
export const refuseLongUrls = createMiddleware(async (c, next) => {
  if (pathAndQuery(c.req.url).length > MAX_URL_LENGTH) {
    return c.json({ msg: URL_TOO_LONG }, 414, { 'Cache-Control': 'no-store' });
  }
  await next();
});
