import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContentSecurityPolicy,
  cspHeader,
  paymentPageCsp,
  securityHeaders,
  siteCsp,
  strictTransportSecurity,
} from '../functions/src/security-headers';
import { pagesToVisit, runSmoke, type SmokeOptions } from './smoke';

/**
 * The smoke check (scripts/smoke.ts, decision 088) must fail when the site is broken, not only pass
 * when it is whole. It runs here against a tiny site served on 127.0.0.1 (loopback only) that is
 * right by default and broken one way per test: a missing or mistyped asset, a wrong header, the
 * site's CSP on a payment page, the local outbox deployed, two builds mixed, the CloudFront address
 * open, a page that never answers.
 */
const root = fileURLToPath(new URL('../', import.meta.url));

/** A route table in the shape the router plugin writes (web/src/routeTree.gen.ts). */
const routeTree = `interface FileRouteTypes {
  fullPaths:
    | '/'
    | '/about'
    | '/dashboard'
    | '/account-settings'
    | '/blog/$slug'
    | '/blog/'
  fileRoutesByTo: FileRoutesByTo
}`;

type Fault =
  | 'missing-asset'
  | 'asset-as-html'
  | 'frame-options'
  | 'no-hsts'
  | 'payment-csp'
  | 'outbox'
  | 'two-builds'
  | 'cloudfront-open'
  | 'hang'
  | 'bad-link-html'
  | 'relative-canonical';

let fault: Fault | undefined;
let site: Server;
let cloudfront: Server;
let siteUrl = '';
let cloudfrontUrl = '';

const headers = (
  extra: Record<string, string> = {},
  csp: ContentSecurityPolicy = siteCsp,
): Record<string, string> => ({
  ...securityHeaders,
  ...(fault === 'frame-options' ? { 'X-Frame-Options': 'SAMEORIGIN' } : {}),
  ...(fault === 'no-hsts'
    ? {}
    : { 'Strict-Transport-Security': `max-age=${strictTransportSecurity.maxAgeSeconds}` }),
  'Content-Security-Policy': cspHeader(csp),
  ...extra,
});

const page = (path: string, entry = '/assets/index-AAAAAAAA.js') => `<!doctype html>
<html lang="en"><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="stylesheet" crossorigin href="/assets/style-CCCCCCCC.css">
<script src="/boot.js" defer data-entry="${entry}"></script>
<link rel="canonical" href="${fault === 'relative-canonical' ? '' : 'https://shop.example'}${path}"/>
<meta property="og:url" content="https://shop.example${path}"/>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
</head><body><div id="root"></div></body></html>`;

const files: Record<string, [string, string]> = {
  '/boot.js': ['text/javascript; charset=utf-8', '(function(){})();'],
  '/favicon.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  '/assets/index-AAAAAAAA.js': [
    'text/javascript; charset=utf-8',
    'import{a}from"./chunk-BBBBBBBB.js";const r=()=>import(`./lazy-EEEEEEEE.js`);',
  ],
  '/assets/index-DDDDDDDD.js': ['text/javascript; charset=utf-8', 'export{};'],
  '/assets/chunk-BBBBBBBB.js': ['text/javascript; charset=utf-8', 'export const a=1;'],
  '/assets/lazy-EEEEEEEE.js': ['text/javascript; charset=utf-8', 'export{};'],
  '/assets/style-CCCCCCCC.css': ['text/css; charset=utf-8', 'body{margin:0}'],
};

function serveSite(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const send = (
    status: number,
    type: string,
    body: string,
    extra: Record<string, string> = {},
    csp: ContentSecurityPolicy = siteCsp,
  ) => {
    response.writeHead(status, headers({ 'Content-Type': type, ...extra }, csp));
    response.end(body);
  };
  if (fault === 'hang' && path === '/about') return; // never answers
  if (path === '/api/services')
    return send(200, 'application/json', JSON.stringify([{ _id: 'svc_1' }]), {
      'Cache-Control': 'public, max-age=60',
    });
  // Square's sandbox, not the local stand-in: the payment pages carry Square's sources locally too.
  if (path === '/api/payments/config')
    return send(200, 'application/json', JSON.stringify({ environment: 'sandbox' }));
  if (path === '/api/posts') return send(200, 'application/json', JSON.stringify([{ slug: 'a-post' }]));
  if (path.startsWith('/api/booking-links/'))
    return fault === 'bad-link-html'
      ? send(404, 'text/html', '<p>Not found</p>')
      : send(404, 'application/json', JSON.stringify({ msg: 'This link is not valid.' }));
  if (path === '/sitemap.xml') return send(200, 'application/xml', '<urlset/>');
  if (path === '/robots.txt') return send(200, 'text/plain', 'Sitemap: https://shop.example/sitemap.xml\n');
  if (path === '/_local/outbox')
    return fault === 'outbox'
      ? send(200, 'text/html', '<h1>Outbox</h1>')
      : send(404, 'text/html', page(path));
  const file = files[path];
  if (file) {
    if (fault === 'missing-asset' && path === '/assets/chunk-BBBBBBBB.js')
      return send(403, 'application/xml', '<Error/>');
    // The SPA fallback answering a script's address with a page: what a missing file looks like behind some CDNs.
    if (fault === 'asset-as-html' && path === '/assets/index-AAAAAAAA.js')
      return send(200, 'text/html', page('/'));
    return send(200, file[0], file[1]);
  }
  // Every other path without an extension is a page (the checked ones come from the route table
  // above and the public pages' list), except the made-up one.
  if (!/\.\w+$/.test(path) && !path.includes('no-such-page')) {
    const payment = path === '/dashboard' || path === '/account-settings';
    const entry = fault === 'two-builds' && path === '/blog/a-post' ? '/assets/index-DDDDDDDD.js' : undefined;
    return send(
      200,
      'text/html; charset=utf-8',
      page(path, entry),
      {},
      payment && fault !== 'payment-csp' ? paymentPageCsp : siteCsp,
    );
  }
  return send(404, 'text/html; charset=utf-8', page(path));
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  site = createServer(serveSite);
  // The distribution's own address: SST's Router answers it 403 when the site has a domain.
  cloudfront = createServer((_request, response) => {
    response.writeHead(fault === 'cloudfront-open' ? 200 : 403, { 'Content-Type': 'text/html' });
    response.end(fault === 'cloudfront-open' ? page('/') : '');
  });
  [siteUrl, cloudfrontUrl] = await Promise.all([listen(site), listen(cloudfront)]);
});

afterAll(async () => {
  site.closeAllConnections();
  cloudfront.closeAllConnections();
  await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => cloudfront.close(r))]);
});

/** The smoke check as against a deployed site with a domain, on the loopback fake; its failed lines. */
async function smoke(withFault?: Fault, options: Partial<SmokeOptions> = {}) {
  fault = withFault;
  const lines: string[] = [];
  const { failed, results } = await runSmoke({
    url: siteUrl,
    local: false,
    domainOnly: true,
    cloudfront: cloudfrontUrl,
    routeTree,
    timeoutMs: 1_000,
    log: (line) => lines.push(line),
    ...options,
  });
  return { failed, results, lines, failures: lines.filter((line) => line.startsWith('✗')) };
}

describe('npm run smoke', () => {
  it('passes a whole site, and visits every page of the route table (dynamic ones with a real post)', async () => {
    const { failed, results, lines } = await smoke();
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(failed).toBe(0);
    const names = results.map((result) => result.name);
    for (const path of ['/', '/about', '/dashboard', '/account-settings', '/blog', '/blog/a-post'])
      expect(names).toContain(`GET ${path}`);
    expect(names).toContain('asset /assets/chunk-BBBBBBBB.js');
    expect(names).toContain('asset /assets/lazy-EEEEEEEE.js');
    expect(lines.at(-1)).toMatch(/^smoke: \d+ checks, 0 failed \(\d+\.\d s\)$/);
  });

  it.each([
    [
      'missing-asset',
      /✗ asset \/assets\/chunk-BBBBBBBB\.js: 403 application\/xml \(named by \/assets\/index-AAAAAAAA\.js\)/,
    ],
    ['asset-as-html', /✗ asset \/assets\/index-AAAAAAAA\.js: content type text\/html/],
    ['frame-options', /✗ GET \/about: X-Frame-Options: SAMEORIGIN \(want DENY\)/],
    [
      'payment-csp',
      /✗ GET \/account-settings: payment page CSP: script-src lacks https:\/\/web\.squarecdn\.com/,
    ],
    [
      'outbox',
      /✗ GET \/_local\/outbox \(deployed: absent\): 200 \(want 404: the local outbox must not be deployed\)/,
    ],
    ['two-builds', /✗ one build: every page names the same entry and styles: \/assets\/index\.js as/],
    [
      'cloudfront-open',
      /✗ no \*\.cloudfront\.net address answers \(127\.0\.0\.1:\d+\): 127\.0\.0\.1:\d+ answered 200/,
    ],
    ['bad-link-html', /✗ GET \/api\/booking-links\/<bad link>: 404 text\/html \(want 404 JSON\)/],
    ['relative-canonical', /✗ GET \/about: canonical\/og:url not absolute: \/about/],
  ] as const)('fails when the site has fault %s, naming it', async (which, line) => {
    const { failed, failures } = await smoke(which);
    expect(failed).toBeGreaterThan(0);
    expect(failures.join('\n')).toMatch(line);
  });

  it('checks HSTS over https only, and the payment CSP is the one security-headers.ts defines', async () => {
    const { failures } = await smoke('no-hsts');
    expect(failures).toEqual([]); // plain http: no HSTS to check
    expect(cspHeader(paymentPageCsp)).toContain('https://web.squarecdn.com');
  });

  it('gives up on a page that never answers within the timeout, asked twice, and fails', async () => {
    const started = Date.now();
    const { failures } = await smoke('hang', { timeoutMs: 500 });
    expect(failures).toContain('✗ GET /about: no answer in 0.5 s, twice');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('on the local stack the outbox must be there, and no CloudFront check applies', async () => {
    const { failures, results } = await smoke(undefined, {
      local: true,
      domainOnly: undefined,
      cloudfront: undefined,
    });
    expect(failures).toEqual(['✗ GET /_local/outbox (local stack: present): 404 (want 200)']);
    expect(results.some((result) => result.name.includes('cloudfront'))).toBe(false);
  });

  it('without posts, a post page is the not-found page', () => {
    expect(pagesToVisit(routeTree, {})).toContainEqual({ path: '/blog/smoke-check', status: 404 });
    expect(pagesToVisit(routeTree, { slug: 'a-post' })).toContainEqual({ path: '/blog/a-post', status: 200 });
  });

  it(
    'the command exits 0 on a whole site, 1 on a broken one (naming the failure), 2 on a bad command line',
    { timeout: 60_000 },
    async () => {
      const run = (...args: string[]) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/smoke.ts', ...args], {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('exit', (code) => resolve({ code, output }));
        });
      // The real route table here (web/src/routeTree.gen.ts): the fake answers every page.
      const args = [siteUrl, '--deployed', '--domain-only', '--cloudfront', cloudfrontUrl, '--timeout', '2'];
      fault = undefined;
      const whole = await run(...args);
      expect(whole.output).toMatch(/smoke: \d+ checks, 0 failed/);
      expect(whole.code).toBe(0);
      fault = 'frame-options';
      const broken = await run(...args);
      expect(broken.code).toBe(1);
      expect(broken.output).toMatch(/✗ GET \/about: .*X-Frame-Options: SAMEORIGIN/);
      expect(broken.output).toMatch(/smoke: \d+ checks, [1-9]\d* failed/);
      const usage = await run();
      expect(usage.code).toBe(2);
      expect(usage.output).toContain('Usage: npm run smoke -- <site URL>');
    },
  );
});
