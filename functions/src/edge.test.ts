import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routerProof } from './api/router-proof';
import {
  NOT_FOUND_HEADER,
  PAGE_KEY_PREFIX,
  pageTableEntries,
  viewerRequestInjection,
  viewerResponseInjection,
} from './edge';
import { pagePathPattern, routePaths } from './site-routes';

/**
 * The Router's viewer-request CloudFront Function, rebuilt as SST 4.17.1 builds it
 * (`createRequestFunction` in its components/aws/router.ts): our injection, then
 * CF_BLOCK_CLOUDFRONT_URL_INJECTION when a domain is set, then CF_ROUTER_INJECTION and the route
 * lookup. The template is read from SST's own source as installed, never retyped: from
 * .sst/platform (written by `sst install`, `npm run typecheck:infra`) when it is there, else from
 * the `sst` binary that carries the platform's sources.
 */
const root = new URL('../../', import.meta.url);
const platformRouter = new URL('.sst/platform/src/components/aws/router.ts', root);

function sstBinaryText(): string {
  const require = createRequire(new URL('package.json', root));
  const pkg = require.resolve(`sst-${process.platform}-${process.arch}/package.json`);
  return readFileSync(new URL('bin/sst', `file://${pkg}`), 'latin1');
}

/** The template literal (with its backticks) that starts at `start`, `${...}` nesting included. */
function templateAt(text: string, start: number): string {
  if (text[start] !== '`') throw new Error('no template literal here');
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') return text.slice(start, i + 1);
    else if (c === '$' && text[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (text.startsWith('/*', i)) i = text.indexOf('*/', i) + 2;
        else if (text[i] === '"') i = text.indexOf('"', i + 1) + 1;
        else {
          if (text[i] === '{') depth += 1;
          if (text[i] === '}') depth -= 1;
          i += 1;
        }
      }
    } else i += 1;
  }
  throw new Error('unterminated template literal');
}

function after(text: string, anchor: string, from = 0): number {
  const at = text.indexOf(anchor, from);
  if (at < 0) throw new Error(`SST's router source has no ${JSON.stringify(anchor)}`);
  return at + anchor.length;
}

/** SST's minify (src/util/minify.ts): String.raw, then esbuild's whitespace and syntax minifying. */
const minify = (strings: TemplateStringsArray, ...values: unknown[]) =>
  transformSync(String.raw(strings, ...values), {
    minifyWhitespace: true,
    minifySyntax: true,
    target: 'es2018',
  }).code;
/** Pulumi's interpolate, once its inputs are known: the cooked strings and the values. */
const interpolate = (strings: TemplateStringsArray, ...values: unknown[]) =>
  strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), '');

type SstRouter = { requestFunction: (injection: string, domain: boolean) => string };

function sstRouter(text: string): SstRouter {
  const limitStart = after(text, 'const CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT = ');
  const limit = Number(new Function(`return ${text.slice(limitStart, text.indexOf(';', limitStart))}`)());
  const block = String(
    new Function(
      `return ${templateAt(text, after(text, 'export const CF_BLOCK_CLOUDFRONT_URL_INJECTION = '))}`,
    )(),
  );
  const routerInjection = String(
    new Function(
      'minify',
      'CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT',
      `return minify${templateAt(text, after(text, 'export const CF_ROUTER_INJECTION = minify'))}`,
    )(minify, limit),
  );
  // The Router's request function: the `interpolate` template followed by the route lookup.
  const lookup = text.indexOf('${CF_ROUTER_INJECTION}\n\n  async function getRoutes()');
  const codeStart = text.lastIndexOf('code: interpolate`', lookup) + 'code: interpolate'.length;
  const code = templateAt(text, codeStart);
  const build = new Function(
    'interpolate',
    'userInjection',
    'blockCloudfrontUrlInjection',
    'CF_ROUTER_INJECTION',
    'kvNamespace',
    `return interpolate${code}`,
  );
  return {
    requestFunction: (injection, domain) =>
      String(build(interpolate, injection, domain ? block : '', routerInjection, 'a1b2')),
  };
}

const routeTree = readFileSync(new URL('web/src/routeTree.gen.ts', root), 'utf8');
// A JWT secret as infra/secrets.ts requires (32 characters at least): the proof's length does not depend on it.
const injection = viewerRequestInjection(routerProof('x'.repeat(64)));
const fromBinary = sstRouter(sstBinaryText());

describe("the Router's viewer-request function", () => {
  it('is rebuilt from the same SST template whether read from .sst/platform or from the sst binary', () => {
    if (!existsSync(platformRouter)) return;
    const fromPlatform = sstRouter(readFileSync(platformRouter, 'utf8'));
    expect(fromPlatform.requestFunction(injection, true)).toBe(fromBinary.requestFunction(injection, true));
  });

  it('stays under 9.5 KB with a domain set (CloudFront refuses a function over 10 KB)', () => {
    const withDomain = Buffer.byteLength(fromBinary.requestFunction(injection, true));
    const withoutDomain = Buffer.byteLength(fromBinary.requestFunction(injection, false));
    console.log(`viewer-request function: ${withDomain} B with a domain, ${withoutDomain} B without`);
    expect(withDomain).toBeGreaterThan(withoutDomain);
    expect(withDomain).toBeLessThan(9500);
  });

  it('does not grow with the pages: the page table is data in the KeyValueStore', () => {
    expect(injection).not.toContain('/about');
    expect(injection).not.toContain('dashboard');
    // A site with 300 more pages, in 30 more sections: the same code, and every value within 1 KB.
    const more = Array.from({ length: 300 }, (_, i) => ` | '/section-${i % 30}/page-${i}/$id'`).join('');
    const bigger = routeTree.replace(/fullPaths:/, `fullPaths:${more}`);
    const entries = pageTableEntries(bigger);
    expect(Object.keys(entries).length).toBeGreaterThan(Object.keys(pageTableEntries(routeTree)).length + 29);
    for (const value of Object.values(entries)) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(1024);
  });
});

/**
 * The rebuilt function run as CloudFront runs it, against a KeyValueStore holding what SST writes
 * for the site (its routes, its files, the shell as the fallback) and the page table: what the
 * page table did before (pages, the SPA shell, 404s) still holds.
 */
describe('the rebuilt function routes', () => {
  const site = 'c3d4';
  const files = ['/index.html', '/about.html', '/services.html', '/404.html', '/shell.html', '/robots.txt'];
  const store = new Map<string, string>([
    ['a1b2:routes', JSON.stringify([`site,${site},,/`, 'url,e5f6,,/api'])],
    [
      `${site}:metadata`,
      JSON.stringify({ custom404: '/shell.html', s3: { domain: 'site.s3', dir: '', routes: [] } }),
    ],
    ['e5f6:metadata', JSON.stringify({ host: 'api.lambda-url' })],
    ...files.map((file) => [`${site}:${file}`, '1'] as [string, string]),
    ...Object.entries(pageTableEntries(routeTree)),
  ]);
  const cf = {
    kvs: () => ({
      get: async (key: string) => {
        if (key.length > 512) throw new Error('key too long');
        const value = store.get(key);
        if (value === undefined) throw new Error('not found');
        return value;
      },
    }),
    updateRequestOrigin: (origin: { domainName: string }) => {
      origins.push(origin.domainName);
    },
  };
  let origins: string[] = [];
  const handlerOf = (code: string) =>
    new Function('cf', `${code.replace('import cf from "cloudfront";', '')}\nreturn handler;`)(cf) as (
      event: unknown,
    ) => Promise<{ uri: string; headers: Record<string, { value: string }>; statusCode?: number }>;
  const handler = handlerOf(fromBinary.requestFunction(injection, true));

  async function route(uri: string, host = 'shop.example') {
    origins = [];
    const request = { uri, headers: { host: { value: host } }, cookies: {}, querystring: {} };
    const result = await handler({ request, viewer: { ip: '203.0.113.9' } });
    return { ...result, origin: origins.at(-1), notFound: Boolean(result.headers?.[NOT_FOUND_HEADER]) };
  }

  it('serves a pre-rendered page as its file, from the site', async () => {
    expect(await route('/about')).toMatchObject({ uri: '/about.html', origin: 'site.s3', notFound: false });
    expect(await route('/')).toMatchObject({ uri: '/index.html', notFound: false });
  });

  it('serves the pages rendered with data by the API', async () => {
    for (const path of ['/services', '/blog', '/blog/winter-tires', '/Testimonials/'])
      expect(await route(path)).toMatchObject({ uri: `/api/pages${path}`, origin: 'api.lambda-url' });
  });

  it("serves the app's other pages as the SPA shell, in any case, with or without a trailing slash", async () => {
    for (const path of [
      '/dashboard',
      '/Account-Settings/',
      '/book/01HZX/details',
      '/reset-password/abc',
      '/admin',
    ])
      expect(await route(path), path).toMatchObject({ uri: '/shell.html', notFound: false });
  });

  it('serves the not-found page, marked for status 404, for a path that is no page', async () => {
    for (const path of [
      '/nope',
      '/blog/a/b',
      '/book',
      '/services/extra',
      '/admin/x',
      '//',
      `/${'a'.repeat(600)}`,
    ])
      expect(await route(path), path).toMatchObject({ uri: '/404.html', notFound: true });
  });

  it('leaves files, the API and images alone, and refuses the CloudFront address when a domain is set', async () => {
    expect(await route('/robots.txt')).toMatchObject({ uri: '/robots.txt', notFound: false });
    expect(await route('/api/services')).toMatchObject({ uri: '/api/services', origin: 'api.lambda-url' });
    expect(await route('/sitemap.xml')).toMatchObject({ uri: '/api/sitemap.xml' });
    expect(await route('/about', 'd111.cloudfront.net')).toMatchObject({ statusCode: 403 });
  });

  it('answers with the same pages as the local server’s table', async () => {
    const isPage = new RegExp(pagePathPattern(routePaths(routeTree)), 'i');
    for (const path of [
      '/login',
      '/tech',
      '/b/tok',
      '/track/t',
      '/verify-email/',
      '/verify-email/x',
      '/x/y',
      '/tech/1',
    ])
      expect((await route(path)).notFound, path).toBe(!isPage.test(path));
  });

  it('has keys of its own in the store, apart from SST’s namespaces', () => {
    for (const key of Object.keys(pageTableEntries(routeTree)))
      expect(key.startsWith(PAGE_KEY_PREFIX)).toBe(true);
    expect(PAGE_KEY_PREFIX).not.toMatch(/^[0-9a-f]{4}:/);
  });

  it('marks the reply 404 in the viewer-response code', () => {
    const event = {
      request: { uri: '/404.html', headers: { [NOT_FOUND_HEADER]: { value: '1' } } },
      response: { headers: {}, statusCode: 200 },
    };
    new Function('event', viewerResponseInjection)(event);
    expect(event.response.statusCode).toBe(404);
  });
});
