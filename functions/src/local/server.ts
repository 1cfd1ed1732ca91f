import { existsSync } from 'node:fs';
import { config } from '@app/core/config';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { apiRouting, app } from '../api/index';
import { localImages } from './images';
import { outbox } from './outbox';
import { siteSecureHeaders } from './secure-headers';
import { localSquare } from './square/route';

/**
 * The local web server: the API (and the local outbox and the Square
 * stand-in's test card tokenization), the images from the
 * local S3 under /images/, plus the built SPA with a fallback to index.html
 * for client-side routes. On AWS the CDN does the static part and the images
 * (infra/web.ts).
 */
export function createLocalServer(webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built (${webDist}/index.html is missing). Run: npm run build`);
  }
  // serveStatic resolves its root against the working directory.
  const root = relative(process.cwd(), webDist) || '.';
  const server = new Hono(apiRouting);
  // Square's card form loads only when the stack talks to Square itself, not to the local stand-in.
  server.use(siteSecureHeaders({ squareSdk: config().square.environment !== 'local' }));
  // The local outbox holds live reset links: never kept by a browser or proxy.
  server.use('/_local/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  server.use(compress());
  server.route('/', app);
  server.route('/_local/outbox', outbox);
  server.route('/_local/square', localSquare);
  server.route('/images', localImages);
  server.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  server.use('/*', serveStatic({ root }));
  server.get('*', serveStatic({ root, path: 'index.html' }));
  return server;
}
