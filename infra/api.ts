/**
 * The API: one Lambda running the Hono app, served by the Router under /api
 * (see web.ts). Its direct function URL also exists, but the app answers it
 * with 403: every /api request must carry the proof header that only the
 * Router adds (functions/src/api/origin.ts, decision 015).
 */
import { existsSync } from 'node:fs';
import { definitionOf, environmentOf, permissionsOf } from './function-config';
import { router } from './web';

function pagesBuild(): string {
  const dir = 'web/.pages';
  if (!existsSync(`${dir}/template.html`))
    throw new Error('web/.pages is missing: run `npm run build -w web` before deploying (decision 072).');
  return dir;
}

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
  // function's package (Lambda's Linux x64 build, from sharp's own optional packages), not bundled.
  nodejs: { minify: true, splitting: true, install: ['sharp'] },
  // The web app's renderer for the pages served with their data (decision 072), made by
  // `npm run build -w web` (run it before `sst deploy`: docs/deploy.md). Loaded only by those pages.
  copyFiles: [{ from: pagesBuild(), to: 'pages' }],
  // No `link`: SST's links grant `dynamodb:*`, `s3:*` and `ses:*`. The function gets the actions its
  // code calls on the resources it touches (environment.ts `functionPermissions`, issue 31), and
  // every setting and secret config.ts reads (environment.ts `functionEnvironment`, decision 083).
  permissions: permissionsOf('api'),
  environment: environmentOf('api'),
});
