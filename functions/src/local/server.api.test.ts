import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '@app/core/config';
import { Storage } from '@app/core/storage/index';
import { Images } from '@app/core/storage/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesBuilt } from '../api/pages';
import { MAX_URL_LENGTH, URL_TOO_LONG } from '../api/url-limit';
import { cspHeader, earlyFormsScriptHash, securityHeaders, siteCsp } from '../security-headers';
import { Canvas, hex } from './png';
import { createLocalServer } from './server';

/**
 * The local server's security headers (decision 015): the same set on every
 * reply, whatever serves it (the SPA, its assets, the API, images, the local
 * outbox, errors); no HSTS over plain http.
 */
const webDist = mkdtempSync(join(tmpdir(), 'mac-web-dist-'));
let server: ReturnType<typeof createLocalServer>;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
  server = createLocalServer(webDist);
  await Storage.ensureBucket();
  await Images.put('test/headers.png', new Canvas(4, 4).gradient(hex('#000000'), hex('#ffffff')).toPng());
});

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const get = (path: string) => server.request(`http://localhost${path}`);

describe('security headers on the local server', () => {
  it('refuses an over-long page address with 414 { msg }, security headers included (decision 056)', async () => {
    for (const path of [
      `/blog/${'a'.repeat(MAX_URL_LENGTH)}`,
      `/api/services?q=${'a'.repeat(MAX_URL_LENGTH)}`,
    ]) {
      const response = await get(path);
      expect(response.status).toBe(414);
      expect(await response.json()).toEqual({ msg: URL_TOO_LONG });
      expect(response.headers.get('content-security-policy')).toBe(cspHeader(siteCsp));
    }
  });

  const paths = [
    '/',
    '/services',
    '/reset-password/some-token',
    '/assets/app-abc123.js',
    '/api/services',
    '/api/users/me',
    '/api/no-such-thing',
    '/images/test/headers.png',
    '/images/test/missing.png',
    '/_local/outbox',
    // With the local Square stand-in no page loads Square's SDK, so the payment pages keep the site's CSP.
    '/dashboard',
    '/account-settings',
  ];

  it.each(paths)('%s carries the CSP and the other security headers, and no HSTS', async (path) => {
    const response = await get(path);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-security-policy')).toBe(cspHeader(siteCsp));
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(response.headers.get(name), name).toBe(value);
    }
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('the CSP is the strict one: no inline script but the early-forms one (by its hash) or style, no framing, only our own origin for API calls', () => {
    const csp = parseCsp(cspHeader(siteCsp));
    expect(csp['script-src']).toEqual(["'self'", earlyFormsScriptHash]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // Our /images/, Google reviewers' photos and other https image hosts (decision 012), and the page's own
    // object URLs of private photos (decision 080); never http: or data:.
    expect(csp['img-src']).toEqual(["'self'", 'https:', 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-|squarecdn|squareup/);
  });

  it('the local outbox (live reset links) is never cached', async () => {
    const response = await get('/_local/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe("the test card form's tokenization (local only)", () => {
  it('forwards card details to the Square stand-in and its token or field errors back', async () => {
    const tokenize = (body: unknown) =>
      server.request('http://localhost/_local/square/card-nonces', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await tokenize({
      number: '4111 1111 1111 1111',
      expiry: '12/40',
      cvv: '111',
      postalCode: '19380',
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toMatchObject({
      token: expect.stringMatching(/^cnon:/),
      details: { card: { brand: 'VISA', last4: '1111' } },
    });
    const bad = await tokenize({ number: '1234', expiry: '', cvv: '', postalCode: '' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'cardNumber' }, {}, {}, {}] });
  });
});

function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

/**
 * The built site on the local server (decisions 043, 044): pre-rendered pages
 * as their files, other pages of the router's table as the SPA shell, any
 * other path as the not-found page with 404; robots.txt and the sitemap.
 */
describe('pages, 404s, robots.txt and the sitemap on the local server', () => {
  const site = mkdtempSync(join(tmpdir(), 'mac-web-site-'));
  let pages: ReturnType<typeof createLocalServer>;
  const page = (name: string) => `<!doctype html><title>${name}</title><div id="root">${name}</div>`;

  beforeAll(() => {
    writeFileSync(join(site, 'index.html'), page('home'));
    writeFileSync(join(site, 'about.html'), page('about'));
    writeFileSync(join(site, 'shell.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    writeFileSync(join(site, '404.html'), page('Page not found'));
    writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n\nSitemap: /sitemap.xml\n');
    pages = createLocalServer(site);
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const fetchPage = (path: string) => pages.request(`http://localhost${path}`);

  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
  ])('%s is its pre-rendered file', async (path, name) => {
    const response = await fetchPage(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain(`<div id="root">${name}</div>`);
  });

  const shell = {
    status: 200,
    text: '<div id="root"></div>',
    is: '(a page of the router without a file) is the SPA shell, 200',
  };
  const notFound = { status: 404, text: 'Page not found', is: 'is the not-found page with 404' };
  it.each([
    ...['/dashboard', '/admin', '/book/svc_1/details', '/reset-password/abc', '/About'].map((path) => ({
      path,
      ...shell,
    })),
    ...['/nope', '/blog/a/b', '/services/extra', '/missing.png', '/assets/missing.js'].map((path) => ({
      path,
      ...notFound,
    })),
  ])('$path $is', async ({ path, status, text }) => {
    const response = await fetchPage(path);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(text);
  });

  it('/blog/<a post that does not exist> is the SPA shell: 404 from the API (200 before a web build)', async () => {
    const response = await fetchPage('/blog/some-post');
    expect(response.status).toBe(pagesBuilt() ? 404 : 200);
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  it('an unknown API path stays a JSON 404', async () => {
    const response = await fetchPage('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: 'Not found.' });
  });

  it('robots.txt names the sitemap on the public URL', async () => {
    const response = await fetchPage('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${config().publicUrl}/sitemap.xml`);
  });

  it('/sitemap.xml is the API sitemap', async () => {
    const response = await fetchPage('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toContain(`<loc>${config().publicUrl}/services</loc>`);
  });
});
