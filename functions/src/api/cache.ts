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
 * Lifetimes: Google reviews change rarely (a daily fetch) and are cached
 * briefly. Services change only by an admin's edit, but that edit must show
 * on the public pages at once (issue 12, decision 033), so like posts,
 * comments and testimonials they are revalidated. Posts, comments and testimonials
 * change with every like, vote and comment, and a person must see their own
 * the next time the page asks, so they are revalidated on every use
 * (`no-cache`: the ETag makes that a cheap 304). The payment form's config
 * changes only with a deploy.
 */
const REVALIDATE = 'public, no-cache';

const publicReads: [pattern: string, cacheControl: string][] = [
  ['/api/services', REVALIDATE],
  ['/api/services/:id', REVALIDATE],
  ['/api/google-reviews', 'public, max-age=300'],
  ['/api/testimonials', REVALIDATE],
  ['/api/testimonials/featured', REVALIDATE],
  ['/api/posts', REVALIDATE],
  ['/api/posts/:slug', REVALIDATE],
  ['/api/posts/:id/comments', REVALIDATE],
  // The card form's app and location ids: the same for everyone, and they change only with a deploy.
  ['/api/payments/config', 'public, max-age=300'],
  ['/api/sitemap.xml', 'public, max-age=300'],
];

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
  const cacheable = cacheControl && (c.res.status === 200 || c.res.status === 304);
  c.header('Cache-Control', cacheable ? cacheControl : 'no-store');
});
