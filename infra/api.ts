/**
 * The API: one Lambda running the Hono app, served by the Router under /api
 * (see web.ts). Its direct function URL also exists, but the app answers it
 * with 403: every /api request must carry the proof header that only the
 * Router adds (functions/src/api/origin.ts, decision 015).
 */
import { readFileSync } from 'node:fs';
import { definitionOf, environmentOf, permissionsOf } from './function-config';
import { router, webBuildOutput } from './web';

/** The sharp the tests ran, pinned in functions/package.json (decision 085). */
const sharpVersion: string = JSON.parse(readFileSync('functions/package.json', 'utf8')).dependencies.sharp;

export const api = new sst.aws.Function('Api', {
  runtime: 'nodejs22.x',
  ...definitionOf('api'),
  memory: '1024 MB',
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
  // No `link`: SST's links grant `dynamodb:*`, `s3:*` and `ses:*`. The function gets the actions its
  // code calls on the resources it touches (environment.ts `functionPermissions`, issue 31), and
  // every setting and secret config.ts reads (environment.ts `functionEnvironment`, decision 083).
  permissions: permissionsOf('api'),
  environment: environmentOf('api'),
});
