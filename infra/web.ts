/**
 * One domain for everything: a Router (CloudFront) in front of
 *   /api, /api/*  -> the API function's URL (attached in api.ts through `url.router`)
 *   /images/*     -> the images bucket (object key = path without the leading slash)
 *   /sitemap.xml  -> the API's /api/sitemap.xml (rewritten by the viewer-request code below)
 *   /*            -> the site built from web/: pre-rendered pages as files (/about is about.html),
 *                    other pages of the router's table as the SPA shell (shell.html), anything
 *                    else as the not-found page (404.html) with status 404 (decisions 043, 044)
 * The browser only ever talks to this origin, so nothing needs CORS.
 *
 * The Router is created first and has no dependency on the function, so the
 * function can take the Router's URL as PUBLIC_URL without a cycle.
 */
import { readFileSync } from 'node:fs';
import { ROUTER_PROOF_HEADER, routerProof } from '../functions/src/api/router-proof';
import {
  cspHeader,
  paymentPageCspInjection,
  securityHeaders,
  siteCsp,
  strictTransportSecurity,
} from '../functions/src/security-headers';
import {
  DATA_PAGE_PATTERN,
  DATA_PAGE_PREFIX,
  pagePathPattern,
  routePaths,
} from '../functions/src/site-routes';
import { jwtSecretValue } from './secrets';
import { dnsOverride, siteDomain } from './settings';
import { bucket } from './storage';

/**
 * The security headers of every reply (SPA, API, images), from the same
 * definitions as the local server (functions/src/security-headers.ts,
 * decision 015), plus HSTS. CloudFront has dedicated fields for some headers
 * and refuses them as custom headers, so those are split off.
 */
const {
  'X-Frame-Options': frameOption,
  'X-Content-Type-Options': _nosniff,
  'Referrer-Policy': referrerPolicy,
  'X-XSS-Protection': _xssOff,
  ...customHeaders
} = securityHeaders;

export const responseHeaders = new aws.cloudfront.ResponseHeadersPolicy('SecurityHeaders', {
  comment: 'Mobile Auto Care security headers (docs/decisions/015)',
  securityHeadersConfig: {
    contentSecurityPolicy: { contentSecurityPolicy: cspHeader(siteCsp), override: true },
    frameOptions: { frameOption, override: true },
    contentTypeOptions: { override: true },
    referrerPolicy: { referrerPolicy, override: true },
    // X-XSS-Protection: 0.
    xssProtection: { protection: false, override: true },
    strictTransportSecurity: {
      accessControlMaxAgeSec: strictTransportSecurity.maxAgeSeconds,
      includeSubdomains: strictTransportSecurity.includeSubDomains,
      preload: false,
      override: true,
    },
  },
  customHeadersConfig: {
    items: Object.entries(customHeaders).map(([header, value]) => ({ header, value, override: true })),
  },
});

/**
 * The viewer-request code that runs before every request is routed:
 * - `x-client-ip`: the viewer's address for the API's rate limits (decision 008),
 *   overwriting anything the client sent; the origin request policy does not
 *   forward CloudFront's own CloudFront-Viewer-Address header.
 * - the Router's proof (functions/src/api/router-proof.ts): the API refuses
 *   requests without it, so the function URL cannot be called directly with
 *   an `x-client-ip` of the caller's choosing (decision 015). Overwritten too.
 * - `x-page-path`: the path the viewer asked for, for the viewer-response code
 *   (below). Overwritten too.
 */
/**
 * The paths of the site's pages (the router's table, functions/src/site-routes.ts):
 * any other path without a file extension, outside /api and /images, is not a page.
 */
const pagePattern = pagePathPattern(routePaths(readFileSync('web/src/routeTree.gen.ts', 'utf8')));
const NOT_FOUND_HEADER = 'x-not-found';

/**
 * Decision 044, before the Router picks an origin:
 * - /sitemap.xml is the API's /api/sitemap.xml;
 * - /services, /testimonials, /blog and /blog/<slug> are the API's /api/pages/... (decision 072);
 * - a path that is no page is served 404.html, and marked so that the
 *   viewer-response code below sets status 404.
 */
const pageRoutingInjection = [
  `var u = event.request.uri;`,
  `if (u === "/sitemap.xml") { event.request.uri = "/api/sitemap.xml"; }`,
  // The pages that show data are rendered by the API with it (decision 072); the query string stays.
  String.raw`else if (new RegExp(${JSON.stringify(DATA_PAGE_PATTERN)}, "i").test(u)) { event.request.uri = ${JSON.stringify(DATA_PAGE_PREFIX)} + u; }`,
  // String.raw: the backslashes reach the function's code as written.
  String.raw`else if (!/^\/(api|images)(\/|$)/.test(u) && !/\.[a-zA-Z0-9]+$/.test(u) && !new RegExp(${JSON.stringify(pagePattern)}, "i").test(u)) {`,
  `  event.request.uri = "/404.html"; event.request.headers[${JSON.stringify(NOT_FOUND_HEADER)}] = { value: "1" };`,
  `}`,
].join('\n');

const viewerRequestInjection = jwtSecretValue.apply((secret) =>
  [
    `event.request.headers["x-client-ip"] = { value: event.viewer.ip };`,
    // Before the Router's own code rewrites a page's path to the SPA's index.html.
    `event.request.headers["x-page-path"] = { value: event.request.uri };`,
    `event.request.headers[${JSON.stringify(ROUTER_PROOF_HEADER)}] = { value: ${JSON.stringify(routerProof(secret))} };`,
    // The not-found mark is ours only: a client's own is dropped first.
    `delete event.request.headers[${JSON.stringify(NOT_FOUND_HEADER)}];`,
    pageRoutingInjection,
  ].join('\n'),
);

/**
 * The viewer-response code: on the pages where a card is saved, the
 * site-wide CSP (which the headers policy adds before this runs) is replaced
 * by the payment pages' policy, which allows Square's Web Payments SDK
 * (decision 015, docs/decisions/020-square-client.md).
 */
const viewerResponseInjection = [
  paymentPageCspInjection('x-page-path'),
  `if (event.request.headers[${JSON.stringify(NOT_FOUND_HEADER)}]) { event.response.statusCode = 404; event.response.statusDescription = "Not Found"; }`,
].join('\n');

export const router = new sst.aws.Router('Router', {
  // The domain's DNS must be a Route 53 hosted zone in this account: SST adds
  // the records and the certificate. (For www -> bare domain, add
  // `redirects: ["www." + siteDomain]`.)
  // An existing record for the domain (the old site's A record) is replaced only with
  // DNS_OVERRIDE=true; otherwise the deploy stops on it (decision 089).
  domain: siteDomain ? { name: siteDomain, dns: sst.aws.dns({ override: dnsOverride }) } : undefined,
  // protection stays "none" (the default): "oac" would require browsers to sign
  // POST bodies, and "oac-with-edge-signing" caps request bodies at 1 MB,
  // which image uploads exceed. Instead the API refuses requests without the
  // Router's proof header (viewerRequestInjection above; decision 015).
  edge: {
    viewerRequest: { injection: viewerRequestInjection },
    viewerResponse: { injection: viewerResponseInjection },
  },
  transform: {
    /**
     * The Router's one cache policy (SST's "server response" policy): it honours the origin's
     * Cache-Control (default TTL 0, so nothing without a max-age is kept) and keys on the whole
     * query string. The public reads under /api/services*, /api/posts*, /api/testimonials* and
     * /api/google-reviews say `public, max-age=60, stale-while-revalidate=300`
     * (functions/src/api/cache.ts), so CloudFront answers them for a minute without calling
     * the Lambda. `x-auth-token` joins the key: a signed-in read never shares the visitors'
     * copy, and its `private, no-cache` reply is never stored, so the admin sees an edit at
     * once while the public sees it when the minute is up (decision 045: no invalidation).
     * Scripts, styles and images are fetched without that header, so their keys do not change.
     */
    cachePolicy: (args) => {
      args.parametersInCacheKeyAndForwardedToOrigin = $output(
        args.parametersInCacheKeyAndForwardedToOrigin,
      ).apply((parameters) => ({
        ...parameters,
        headersConfig: {
          headerBehavior: 'whitelist',
          headers: {
            items: [...new Set([...(parameters.headersConfig.headers?.items ?? []), 'x-auth-token'])],
          },
        },
      }));
    },
    // The Router serves every route from its one default behavior; the headers policy goes there.
    cdn: (args) => {
      args.defaultCacheBehavior = $output(args.defaultCacheBehavior).apply((behavior) =>
        responseHeaders.id.apply((responseHeadersPolicyId) => ({ ...behavior, responseHeadersPolicyId })),
      );
    },
  },
});

export const site = new sst.aws.StaticSite('Web', {
  // Built from the repo root so npm workspaces resolve; SST uploads web/dist.
  // The build pre-renders the public pages (decision 043); VITE_SITE_URL gives
  // their Open Graph addresses and robots.txt's Sitemap line the site's address.
  build: { command: 'npm run build -w web', output: 'web/dist' },
  environment: { VITE_SITE_URL: router.url },
  // The SPA shell is shell.html (index.html is the pre-rendered home page). No
  // `errorPage`: SST then answers a path with no file with the shell and
  // status 200, for the client-side routes (/dashboard, /blog/<slug>, ...);
  // paths that are no page were sent to 404.html before (decision 044).
  indexPage: 'shell.html',
  router: { instance: router },
  // `sst dev` would otherwise run the root `npm run dev` (the whole local stack).
  dev: { command: 'npm run dev -w web' },
});

/**
 * Images on the site's own domain (decision 012). The request path is passed
 * to S3 unchanged, so `/images/blog/hero.png` reads the object
 * `images/blog/hero.png`: the same URLs as the local server's /images/ route.
 * Cache lifetimes come from each object's Cache-Control metadata (set on upload).
 * A missing object answers 403 from S3 (CloudFront may not list the bucket),
 * which the pages treat like any broken image.
 */
router.routeBucket('/images', bucket);
