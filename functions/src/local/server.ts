import { existsSync, readFileSync } from 'node:fs';
import { config } from '@app/core/config';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { apiRouting, app } from '../api/index';
import { refuseLongUrls } from '../api/url-limit';
import { DATA_PAGE_PATTERN, DATA_PAGE_PREFIX, pagePathPattern, routePaths } from '../site-routes';
import { localImages } from './images';
import { outbox } from './outbox';
import { localSms } from './sms/route';
import { siteSecureHeaders } from './secure-headers';
import { localSquare } from './square/route';

const routeTreeFile = fileURLToPath(new URL('../../../web/src/routeTree.gen.ts', import.meta.url));

/**
 * The local web server: the API (and the local outbox and the Square
 * stand-in's test card tokenization), the images from the
 * local S3 under /images/, /sitemap.xml from the API, plus the built site
 * (decisions 043, 044): a pre-rendered page as its own file (`/about` is
 * about.html), another page of the router's table as the SPA shell
 * (shell.html, rendered in the browser), any other path as the not-found
 * page (404.html) with status 404. On AWS the CDN does the static part and
 * the images (infra/web.ts).
 */
export function createLocalServer(webDist: string, routeTree = readFileSync(routeTreeFile, 'utf8')) {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built (${webDist}/index.html is missing). Run: npm run build`);
  }
  // serveStatic resolves its root against the working directory.
  const root = relative(process.cwd(), webDist) || '.';
  const server = new Hono(apiRouting);
  // Square's card form loads only when the stack talks to Square itself, not to the local stand-in.
  server.use(siteSecureHeaders({ squareSdk: config().square.environment !== 'local' }));
  // Pages and files too: an over-long address is 414 `{ msg }` (decision 056).
  server.use(refuseLongUrls);
  // The local outbox holds live reset links: never kept by a browser or proxy.
  server.use('/_local/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  server.use(compress());
  server.route('/', app);
  server.route('/_local/outbox', outbox);
  server.route('/_local/square', localSquare);
  server.route('/_local/sms', localSms);
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
  // The sitemap is the API's (it reads the services and posts); the API's own path is /api/sitemap.xml.
  server.get('/sitemap.xml', (c) =>
    app.fetch(new Request(new URL('/api/sitemap.xml', c.req.url), c.req.raw)),
  );
  // robots.txt names the sitemap by its full address: this server's public URL.
  server.get('/robots.txt', (c) => {
    const file = join(webDist, 'robots.txt');
    if (!existsSync(file)) return c.notFound();
    const text = readFileSync(file, 'utf8').replace(
      /^Sitemap:\s*\/(\S*)\s*$/gm,
      (_line, rest: string) => `Sitemap: ${config().publicUrl}/${rest}`,
    );
    return c.text(text, 200, { 'Cache-Control': 'public, max-age=300' });
  });

  const html = (name: string) => {
    const file = join(webDist, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const isPage = new RegExp(pagePathPattern(routePaths(routeTree)), 'i');
  const isDataPage = new RegExp(DATA_PAGE_PATTERN, 'i');
  // Pages are read per request: a rebuild (npm run build) shows without a restart.
  server.get('*', async (c, next) => {
    const path = c.req.path;
    // A file (favicon.svg, robots.txt, about.html): served as it is, below.
    if (/\.[a-z0-9]+$/i.test(path)) return next();
    // The pages that show data: rendered by the API with it (decision 072), as the Router does on AWS.
    if (isDataPage.test(path)) {
      const url = new URL(c.req.url);
      const target = new URL(`${DATA_PAGE_PREFIX}${path}${url.search}`, url);
      const rendered = await app.fetch(new Request(target, c.req.raw));
      // Not built yet, or failing: the pre-rendered page (or the shell) still serves it, as before.
      if (rendered.status < 500) {
        // Revalidated on every use here, as the other pages (a 304 when nothing changed); the CDN keeps it a minute.
        const headers = new Headers(rendered.headers);
        headers.set('Cache-Control', 'no-cache');
        return new Response(rendered.body, { status: rendered.status, headers });
      }
    }
    const name = /^\/([a-z0-9-]*)\/?$/i.exec(path)?.[1];
    const prerendered = name !== undefined ? html(name === '' ? 'index.html' : `${name}.html`) : undefined;
    const page = prerendered ?? (isPage.test(path) ? (html('shell.html') ?? html('index.html')) : undefined);
    if (page !== undefined) return c.html(page, 200, { 'Cache-Control': 'no-cache' });
    return next();
  });
  server.use('/*', serveStatic({ root }));
  server.all('*', (c) => c.html(html('404.html') ?? 'Not found', 404, { 'Cache-Control': 'no-cache' }));
  return server;
}
