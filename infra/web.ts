/**
 * One domain for everything: a Router (CloudFront) in front of
 *   /api, /api/*  -> the API function's URL (attached in api.ts through `url.router`)
 *   /images/*     -> the images bucket (object key = path without the leading slash)
 *   /sitemap.xml  -> the API's /api/sitemap.xml (rewritten by the viewer-request code below)
 *   /*            -> the site built from web/: pre-rendered pages as files (/about is about.html),
 *                    other pages of the router's table as the SPA shell (shell.html), anything
 *                    else as the not-found page (404.html) with status 404 (decisions 043, 044);
 *                    the table is read from the Router's KeyValueStore (decision 086)
 * The browser only ever talks to this origin, so nothing needs CORS.
 *
 * The Router is created first and has no dependency on the function, so the
 * function can take the Router's URL as PUBLIC_URL without a cycle.
 */
import { readFileSync } from 'node:fs';
import { routerProof } from '../functions/src/api/router-proof';
import {
  PAGE_KEY_PREFIX,
  pageTableEntries,
  viewerRequestInjection,
  viewerResponseInjection,
} from '../functions/src/edge';
import {
  cspHeader,
  securityHeaders,
  siteCsp,
  strictTransportSecurity,
} from '../functions/src/security-headers';
import { jwtSecretValue } from './secrets';
import { businessPhone, businessPublicEmail, businessSettings, dnsOverride, siteDomain } from './settings';
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
 * The Router's CloudFront Function code (functions/src/edge.ts: the client's
 * address, the Router's proof, the pages' routing, the payment pages' CSP and
 * the 404 status), held under CloudFront's 10 KB by functions/src/edge.test.ts.
 */
const viewerRequestCode = jwtSecretValue.apply((secret) => viewerRequestInjection(routerProof(secret)));

/**
 * The Router's KeyValueStore (decision 086): SST keeps its routes and the
 * site's file list in it, and the viewer-request code reads the site's page
 * table from it, one key per first segment (functions/src/edge.ts), so the
 * function's code does not grow with the pages. The keys are written after
 * the site's (CloudFront takes one change to a store at a time, by ETag).
 */
export const routerStore = new aws.cloudfront.KeyValueStore('RouterStore', {
  comment: 'Mobile Auto Care: the Router routes and the page table (docs/decisions/086)',
});

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
    viewerRequest: { injection: viewerRequestCode, kvStore: routerStore.arn },
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

/**
 * The one build of the web app (decision 085): `npm run build -w web`, run once by the deploy
 * when the Router's final address is known (the domain's with SITE_DOMAIN, else CloudFront's),
 * given as VITE_SITE_URL, so every page's canonical and Open Graph addresses are absolute. It
 * makes the site (web/dist) and the API's page renderer (web/.pages) together, and both deploy
 * that build: the site uploads web/dist and the API function copies the renderer's folder only
 * once the build has finished (their paths are outputs of this command), so the renderer's
 * pages name the very scripts the site serves. Nothing else builds during a deploy.
 *
 * The renderer's folder is the build's own (web/.pages-builds/<id>, printed by the build),
 * not the web/.pages link, which a later build may move meanwhile.
 * Under `sst dev` nothing is built or uploaded (the site runs from `npm run dev -w web`).
 */
// Vite's warnings only: the command's output is kept in the stack's state.
const WEB_BUILD = 'npm run build -w web -- --logLevel warn';
// Imported when run() gets here, not with the config: `sst install` evaluates sst.config.ts before it
// has installed the Pulumi packages (.sst/platform/node_modules), and a static import of
// @pulumi/command would stop a fresh clone's first install.
const { local } = await import('@pulumi/command');
const webBuild = $dev
  ? undefined
  : new local.Command('WebBuild', {
      create: WEB_BUILD,
      update: WEB_BUILD,
      dir: process.cwd(),
      // The business's public details and opening hours are compiled into the site (web/vite.config.ts): the same
      // settings the functions get (infra/settings.ts), named here so the build cannot miss them.
      environment: {
        VITE_SITE_URL: router.url,
        BUSINESS_PHONE: businessPhone,
        BUSINESS_PUBLIC_EMAIL: businessPublicEmail,
        ...(businessSettings.BUSINESS_NAME ? { BUSINESS_NAME: businessSettings.BUSINESS_NAME } : {}),
        ...(businessSettings.BUSINESS_AREA ? { BUSINESS_AREA: businessSettings.BUSINESS_AREA } : {}),
        ...(businessSettings.OPENING_HOURS ? { OPENING_HOURS: businessSettings.OPENING_HOURS } : {}),
      },
      // Every deploy builds: the app's sources are no input Pulumi could compare.
      triggers: [Date.now().toString()],
    });

/** The renderer's folder a build names in its output (web/scripts/build.mjs). */
export function rendererFolderOf(buildOutput: string): string {
  const folder = /^Page renderer: (\S+)$/m.exec(buildOutput)?.[1];
  if (!folder) throw new Error('`npm run build -w web` printed no "Page renderer:" line (decision 085).');
  return folder;
}

export const webBuildOutput = {
  /** What the site uploads. */
  site: webBuild ? webBuild.stdout.apply(() => 'web/dist') : $output('.'),
  /** What the API function carries as `pages/` (infra/api.ts). */
  pages: webBuild ? webBuild.stdout.apply(rendererFolderOf) : $output('web/.pages'),
};

export const site = new sst.aws.StaticSite('Web', {
  // The build above made it (decision 085); the StaticSite builds nothing itself.
  path: webBuildOutput.site,
  // The SPA shell is shell.html (index.html is the pre-rendered home page). No
  // `errorPage`: SST then answers a path with no file with the shell and
  // status 200, for the client-side routes (/dashboard, /blog/<slug>, ...);
  // paths that are no page were sent to 404.html before (decision 044).
  indexPage: 'shell.html',
  router: { instance: router },
  // `sst dev` would otherwise run the root `npm run dev` (the whole local stack).
  dev: { command: 'npm run dev -w web', directory: '.' },
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

/**
 * The page table (decision 086), from the router's generated route tree, one key per first
 * segment: functions/src/edge.ts. Written after the site has written SST's keys for its files.
 */
const pageTable = pageTableEntries(readFileSync('web/src/routeTree.gen.ts', 'utf8'));
/** The resource's name for a key: its section, `/` and `*` spelled out. */
const keyName = (key: string) => {
  const section = key.slice(PAGE_KEY_PREFIX.length);
  return `PageTable/${section === '' ? '(root)' : section === '*' ? '(any)' : section}`;
};
export const pageTableKeys = Object.entries(pageTable).map(
  ([key, value]) =>
    new aws.cloudfront.KeyvaluestoreKey(
      keyName(key),
      { keyValueStoreArn: routerStore.arn, key, value },
      { dependsOn: [site] },
    ),
);
