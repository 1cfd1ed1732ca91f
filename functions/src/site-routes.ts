/**
 * Which paths are pages of the site (decision 044). Plain code with no
 * imports, because two programs use it:
 * - the local server answers other paths with the not-found page and 404
 *   (functions/src/local/server.ts);
 * - on AWS the Router's viewer-request code does the same (infra/web.ts).
 *
 * The route table is the one the router plugin generates:
 * web/src/routeTree.gen.ts lists every route's full path (`fullPaths`),
 * dynamic segments as written (`/blog/$slug`, `/book/$serviceId/`).
 */

/** The `fullPaths` of a generated route tree (the file's text). */
export function routePaths(routeTreeSource: string): string[] {
  const union = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(routeTreeSource)?.[1];
  if (!union) throw new Error('routeTree.gen.ts: no `fullPaths` union found');
  return [...union.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression (source, for `new RegExp(source, 'i')`) that matches
 * the paths of the site's pages: `$name` matches one segment, a trailing `$`
 * (a splat) the rest; a trailing slash is optional. Letters' case does not
 * matter, as for the router.
 */
export function pagePathPattern(paths: readonly string[]): string {
  const alternatives = paths.map((path) => {
    const segments = path.split('/').filter(Boolean);
    return segments
      .map((segment) => {
        if (segment === '$') return '(?:/.*)?';
        if (segment.startsWith('$')) return '/[^/]+';
        return `/${escape(segment)}`;
      })
      .join('');
  });
  return `^(?:${[...new Set(alternatives)].join('|')})/?$`;
}

/**
 * The public pages the API server renders with their data (decision 072):
 * the services list, the testimonials, the blog list and every post. Their
 * lists and their post arrive in the HTML, so nothing moves when the data
 * would otherwise have arrived, and a new post is served rendered at once.
 * The local server and the Router's viewer-request code send these paths to
 * `/api/pages<path>`. Case and a trailing slash do not matter.
 */
export const DATA_PAGE_PATTERN = '^/(?:services|testimonials|blog|blog/[^/]+)/?$';

/** Where the API answers the page at `path` (one of DATA_PAGE_PATTERN's). */
export const DATA_PAGE_PREFIX = '/api/pages';
