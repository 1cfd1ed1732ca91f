/**
 * Which paths are pages of the site (decision 044). Plain code with no
 * imports, because two programs use it:
 * - the local server answers other paths with the not-found page and 404
 *   (functions/src/local/server.ts);
 * - on AWS the Router's viewer-request code does the same (./edge.ts,
 *   infra/web.ts), reading the table by section from the Router's
 *   KeyValueStore (decision 086).
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
 * The page table cut by first segment, for the Router's KeyValueStore
 * (decision 086): the key is the first segment in lower case ('' for `/`),
 * the value the pattern (as pagePathPattern's) of every page under it. A
 * route whose first segment is dynamic (`/$lang/...`, a splat `/$`) can match
 * under any first segment: it joins every section's pattern and has a key of
 * its own, `*`, for the first segments that have none. Asking one section's
 * pattern about a path gives the same answer as the whole table's.
 */
export function pagePatternsBySection(paths: readonly string[]): Record<string, string> {
  const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? '';
  const anywhere = paths.filter((path) => firstSegment(path).startsWith('$'));
  const sections = new Map<string, string[]>();
  for (const path of paths) {
    const first = firstSegment(path);
    if (first.startsWith('$')) continue;
    const key = first.toLowerCase();
    sections.set(key, [...(sections.get(key) ?? []), path]);
  }
  const table: Record<string, string> = {};
  for (const [key, own] of sections) table[key] = pagePathPattern([...own, ...anywhere]);
  if (anywhere.length > 0) table['*'] = pagePathPattern(anywhere);
  return table;
}

/**
 * The public pages the API server renders with their data (decision 072):
 * the services list, the testimonials, the blog list and every post. Their
 * lists and their post arrive in the HTML, so nothing moves when the data
 * would otherwise have arrived, and a new post is served rendered at once.
 * The local server and the Router's viewer-request code send these paths to
 * `/api/pages<path>`. Case and a trailing slash do not matter.
 */
export const DATA_PAGE_PATTERN = '^/(?:services|testimonials|blog(?:/[^/]+)?)/?$';

/** Where the API answers the page at `path` (one of DATA_PAGE_PATTERN's). */
export const DATA_PAGE_PREFIX = '/api/pages';
