/**
 * One domain for everything: a Router (CloudFront) in front of
 *   /api, /api/*  -> the API function's URL (attached in api.ts through `url.router`)
 *   /*            -> the static SPA built from web/ (unknown paths fall back to index.html)
 * The browser only ever talks to this origin, so nothing needs CORS.
 *
 * The Router is created first and has no dependency on the function, so the
 * function can take the Router's URL as PUBLIC_URL without a cycle.
 */
import { siteDomain } from './settings';

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

// ---------------------------------------------------------------------------
// LATER ISSUE: serve uploaded images from the bucket on the same domain.
//   1. infra/storage.ts: give the bucket `access: "cloudfront"`.
//   2. here: import { bucket } from "./storage" and add
//        router.routeBucket("/images", bucket);
//      (a "/images" route also matches "/images/*"; add
//      `{ rewrite: { regex: "^/images/(.*)$", to: "/$1" } }` if the object keys
//      do not start with "images/").
// ---------------------------------------------------------------------------
