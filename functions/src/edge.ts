/**
 * The code the Router (CloudFront, infra/web.ts) runs on every request and
 * reply, as CloudFront Function injections, and the page table it reads
 * (decisions 015, 044, 086). Plain functions of plain modules, so that a unit
 * test can rebuild the exact function text SST deploys and hold it under
 * CloudFront's 10 KB (./edge.test.ts).
 */
import { ROUTER_PROOF_HEADER } from './api/router-proof';
import { paymentPageCspInjection } from './security-headers';
import { DATA_PAGE_PATTERN, DATA_PAGE_PREFIX, pagePatternsBySection, routePaths } from './site-routes';

/** Set by the viewer-request code on a path that is no page; the viewer-response code then answers 404. */
export const NOT_FOUND_HEADER = 'x-404';
/** The viewer's path, kept for the viewer-response code before the Router rewrites it. */
export const PAGE_PATH_HEADER = 'x-page-path';

/**
 * The keys of the page table in the Router's KeyValueStore: one per first
 * segment of the site's paths (functions/src/site-routes.ts). The Router's
 * own keys start with a hexadecimal namespace and a colon, never with this.
 */
export const PAGE_KEY_PREFIX = 'page:';

/**
 * The page table's entries for the KeyValueStore, from the generated route
 * tree (web/src/routeTree.gen.ts's text). CloudFront refuses a value over
 * 1 KB: so does this, naming the section.
 */
export function pageTableEntries(routeTreeSource: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [section, pattern] of Object.entries(pagePatternsBySection(routePaths(routeTreeSource)))) {
    if (Buffer.byteLength(pattern) > 1024)
      throw new Error(
        `the pages under /${section} need a pattern over 1 KB, CloudFront's limit for one value`,
      );
    entries[`${PAGE_KEY_PREFIX}${section}`] = pattern;
  }
  return entries;
}

/**
 * The viewer-request code that runs before every request is routed. Written
 * compact (it shares CloudFront's 10 KB with SST's code, about 8.9 KB with a
 * domain); `r`, `h`, `u`, `k` and `p` are the request, its headers, its path,
 * the store and the page pattern.
 * - `x-client-ip`: the viewer's address for the API's rate limits (decision 008),
 *   overwriting anything the client sent; the origin request policy does not
 *   forward CloudFront's own CloudFront-Viewer-Address header.
 * - `x-page-path`: the path the viewer asked for, for the viewer-response code
 *   (below), before the Router's own code rewrites a page's path to the shell.
 * - the Router's proof (./api/router-proof.ts): the API refuses requests
 *   without it, so the function URL cannot be called directly with an
 *   `x-client-ip` of the caller's choosing (decision 015).
 * - the not-found mark is ours only: a client's own is dropped first.
 * Then decision 044, before the Router picks an origin:
 * - /sitemap.xml is the API's /api/sitemap.xml;
 * - /services, /testimonials, /blog and /blog/<slug> are the API's /api/pages/... (decision 072),
 *   the query string kept;
 * - any other path without a file extension, outside /api and /images, is a page only if its
 *   section's pattern in the KeyValueStore says so (decision 086); otherwise it is served
 *   404.html, marked so that the viewer-response code sets status 404. A section without a key
 *   (or one CloudFront refuses, such as a key over 512 bytes) falls back to the routes that
 *   match under any section (`*`), and then to no page at all.
 * The code's size does not grow with the pages: their table is data.
 */
export function viewerRequestInjection(proof: string): string {
  const header = (name: string) => `h[${JSON.stringify(name)}]`;
  const key = (suffix: string) => JSON.stringify(`${PAGE_KEY_PREFIX}${suffix}`);
  // The data pages' pattern as a literal; its groups need not be non-capturing here.
  const dataPage = String(new RegExp(DATA_PAGE_PATTERN, 'i')).replaceAll('(?:', '(');
  return [
    `var r=event.request,h=r.headers,u=r.uri;`,
    `${header('x-client-ip')}={value:event.viewer.ip};`,
    `${header(PAGE_PATH_HEADER)}={value:u};`,
    `${header(ROUTER_PROOF_HEADER)}={value:${JSON.stringify(proof)}};`,
    `delete ${header(NOT_FOUND_HEADER)};`,
    `if(u=="/sitemap.xml")r.uri="/api"+u;`,
    `else if(${dataPage}.test(u))r.uri=${JSON.stringify(DATA_PAGE_PREFIX)}+u;`,
    String.raw`else if(!/^\/(api|images)(\/|$)|\.\w+$/.test(u)){`,
    `var k=cf.kvs(),p=await k.get(${key('')}+u.split("/")[1].toLowerCase()).catch(()=>k.get(${key('*')})).catch(()=>"^$");`,
    `if(!RegExp(p,"i").test(u)){r.uri="/404.html";${header(NOT_FOUND_HEADER)}={value:"1"}}}`,
  ].join('');
}

/**
 * The viewer-response code: on the pages where a card is saved, the
 * site-wide CSP (which the headers policy adds before this runs) is replaced
 * by the payment pages' policy, which allows Square's Web Payments SDK
 * (decision 015, docs/decisions/020-square-client.md); a path marked as no
 * page answers 404.
 */
export const viewerResponseInjection = [
  paymentPageCspInjection(PAGE_PATH_HEADER),
  `if (event.request.headers[${JSON.stringify(NOT_FOUND_HEADER)}]) { event.response.statusCode = 404; event.response.statusDescription = "Not Found"; }`,
].join('\n');
