/**
 * The API: one Lambda running the Hono app, served by the Router under /api
 * (see web.ts). Its direct function URL also exists, but the app answers it
 * with 403: every /api request must carry the proof header that only the
 * Router adds (functions/src/api/origin.ts, decision 015).
 */
import { readFileSync } from 'node:fs';
import { email, smsPermissions } from './email';
import { configEnvironment, googleReviewsEnvironment, paymentEnvironment } from './environment';
import { allSecrets } from './secrets';
import { bucket, table } from './storage';
import { router, webBuildOutput } from './web';

/**
 * Amazon Location Service (issue 20, decision 065): the API geocodes service
 * addresses with the Places API and asks the Routes API for drive times. They
 * are AWS-managed providers, not resources of this app, so they are granted
 * by action on the region's default provider; no key or secret is involved.
 */
const region = aws.getRegionOutput().name;
export const geoPermissions = [
  {
    actions: ['geo-places:Geocode'],
    resources: [$interpolate`arn:aws:geo-places:${region}::provider/default`],
  },
  {
    actions: ['geo-routes:CalculateRouteMatrix'],
    resources: [$interpolate`arn:aws:geo-routes:${region}::provider/default`],
  },
];

/** The sharp the tests ran, pinned in functions/package.json (decision 085). */
const sharpVersion: string = JSON.parse(readFileSync('functions/package.json', 'utf8')).dependencies.sharp;

export const api = new sst.aws.Function('Api', {
  runtime: 'nodejs22.x',
  handler: 'functions/src/lambda/api.handler',
  memory: '1024 MB',
  timeout: '20 seconds',
  // `url.router` is SST 4's way to serve a function URL through a Router (it
  // replaces `router.route(path, fn.url)` and `url.route`). The "/api" prefix
  // matches "/api" and everything under "/api/"; the path is passed on as is,
  // so the Hono app is mounted at /api. Same origin as the site: no CORS.
  url: {
    router: { instance: router, path: '/api' },
    cors: false,
  },
  // sharp (the image routes' WebP copies, decision 073) has a native part: installed into the
  // function's package (Lambda's Linux x64 build, from sharp's own optional packages), not bundled,
  // at the version the tests ran (decision 085).
  nodejs: { minify: true, splitting: true, install: { sharp: sharpVersion } },
  // The web app's renderer for the pages served with their data (decision 072), from the deploy's
  // one web build (infra/web.ts, decision 085): copied once that build has finished. Loaded only
  // by those pages; its package.json declares ES modules (decision 085).
  copyFiles: [{ from: webBuildOutput.pages, to: 'pages' }],
  link: [table, bucket, email, ...allSecrets],
  permissions: [...geoPermissions, ...smsPermissions],
  environment: { ...configEnvironment, ...googleReviewsEnvironment, ...paymentEnvironment },
});
