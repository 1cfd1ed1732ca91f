/**
 * One domain for everything: a Router (CloudFront) in front of
 *   /api, /api/*  -> the API function's URL (attached in api.ts through `url.router`)
 *   /images/*     -> the images bucket (object key = path without the leading slash)
 *   /*            -> the static SPA built from web/ (unknown paths fall back to index.html)
 * The browser only ever talks to this origin, so nothing needs CORS.
 *
 * The Router is created first and has no dependency on the function, so the
 * function can take the Router's URL as PUBLIC_URL without a cycle.
 */
import { siteDomain } from './settings';
import { bucket } from './storage';

export const router = new sst.aws.Router('Router', {
  // The domain's DNS must be a Route 53 hosted zone in this account: SST adds
  // the records and the certificate. (For www -> bare domain, add
  // `redirects: ["www." + siteDomain]`.)
  domain: siteDomain ? { name: siteDomain } : undefined,
  // protection stays "none" (the default): "oac" would require browsers to sign
  // POST bodies, and "oac-with-edge-signing" caps request bodies at 1 MB,
  // which image uploads exceed.
  edge: {
    viewerRequest: {
      // The viewer's address for the API's rate limits (decision 008). Set at the
      // edge, overwriting anything the client sent; the origin request policy does
      // not forward CloudFront's own CloudFront-Viewer-Address header.
      injection: `event.request.headers["x-client-ip"] = { value: event.viewer.ip };`,
    },
  },
});

export const site = new sst.aws.StaticSite('Web', {
  // Built from the repo root so npm workspaces resolve; SST uploads web/dist.
  build: { command: 'npm run build -w web', output: 'web/dist' },
  // No `errorPage`: SST then answers unknown paths with index.html and status
  // 200, which is the SPA fallback the client-side router needs.
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
