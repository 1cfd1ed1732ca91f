import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import { compile, matches } from './paths';

/**
 * Cache-Control for every /api reply, in one place (decision 015). A reply is
 * `no-store` (no browser, proxy or CDN keeps it) unless it is a successful
 * read of public, non-personal data listed here; those carry an ETag (weak:
 * the local server and CloudFront compress after it is computed) and answer
 * a matching If-None-Match with 304.
 *
 * Errors are always no-store, so is everything under /api/users and
 * /api/admin, and every route not listed (a new route is private until it is
 * added here).
 *
 * Lifetimes (decision 045, replacing 033's `no-cache`): a visitor who is not
 * signed in gets a shared, short-lived reply (`SHARED`: a minute fresh, then
 * served stale for up to five more while one request revalidates), which the
 * browser and the CDN keep. A request that carries a session token
 * (`x-auth-token`) gets `private, no-cache` instead: browsers revalidate it on
 * every use (a cheap 304) and the CDN, which keys its cache on that header
 * (infra/web.ts), never stores it. So the admin sees an edit at once, and so
 * does a signed-in visitor their own like, vote or comment; the public sees
 * the edit within the short lifetime. `Vary: x-auth-token` keeps a browser
 * from answering a signed-in read with the copy it kept from before sign-in.
 * The payment form's config changes only with a deploy.
 */
export const SHARED = 'public, max-age=60, stale-while-revalidate=300';
export const SIGNED_IN = 'private, no-cache';

const publicReads: [pattern: string, cacheControl: string][] = [
  ['/api/services', SHARED],
  ['/api/services/:id', SHARED],
  ['/api/add-ons', SHARED],
  // Fetched from Google once a day (or the sample): it may stay fresh longer.
  ['/api/google-reviews', 'public, max-age=300, stale-while-revalidate=3600'],
  ['/api/testimonials', SHARED],
  ['/api/testimonials/featured', SHARED],
  ['/api/posts', SHARED],
  ['/api/posts/:slug', SHARED],
  ['/api/posts/:id/comments', SHARED],
  // The card form's app and location ids: the same for everyone, and they change only with a deploy.
  ['/api/payments/config', 'public, max-age=300'],
  ['/api/sitemap.xml', 'public, max-age=300'],
  // The pages rendered with their data (decision 072): as fresh as the data they show.
  ['/api/pages/*', SHARED],
];

/**
 * Personal reads that carry their own Cache-Control and strong ETag (decision 118): a calendar
 * feed, fetched by calendar apps with the secret in its address. Errors stay no-store.
 */
const ownCaching = compile('/api/calendar/:file');
const keepsOwnCaching = (path: string) => path.endsWith('.ics') && matches(ownCaching, path);

const compiled = publicReads.map(([pattern, cacheControl]) => ({ pattern: compile(pattern), cacheControl }));

/** The Cache-Control of a public read at `path` (already canonical: see ./paths.ts), if it is one. */
export function publicReadCacheControl(method: string, path: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  return compiled.find(({ pattern }) => matches(pattern, path))?.cacheControl;
}

const withETag = etag({ weak: true });

export const apiCaching = createMiddleware(async (c, next) => {
  const cacheControl = publicReadCacheControl(c.req.method, c.req.path);
  if (cacheControl) await withETag(c, next);
  else await next();
  const answered = c.res.status === 200 || c.res.status === 304;
  if (answered && c.req.method === 'GET' && keepsOwnCaching(c.req.path)) return;
  const cacheable = cacheControl && answered;
  if (!cacheable) {
    c.header('Cache-Control', 'no-store');
    return;
  }
  c.header('Cache-Control', c.req.header('x-auth-token') ? SIGNED_IN : cacheControl);
  c.header('Vary', 'x-auth-token', { append: true });
});
