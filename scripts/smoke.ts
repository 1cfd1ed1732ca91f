/**
 * The smoke check after a deploy (issue 31, decision 088):
 *
 *   npm run smoke -- https://example.com [--cloudfront d1234abcd.cloudfront.net]
 *   npm run smoke -- http://localhost:3000            # the local stack (npm start)
 *
 * It asks the site what a visitor's browser would, and prints one line per check:
 * - every page of the router's table (web/src/routeTree.gen.ts, read as the server reads it:
 *   functions/src/site-routes.ts), the dynamic ones with a real service and post where there are
 *   some, and a path that is no page (404);
 * - every script, stylesheet and icon those pages name (`src`, `href`, boot.js's `data-entry`) and
 *   the modules the entry scripts import: each must answer 200 with its content type, and all pages
 *   must name the same build (the API's rendered pages and the static ones: audit R3);
 * - the security headers of functions/src/security-headers.ts on every page and API reply, the
 *   payment pages' CSP on /dashboard and /account-settings (audit K9), HSTS over https;
 * - /api/services, a bad booking link (a JSON 404 with `msg`), /sitemap.xml and /robots.txt;
 * - /_local/outbox: 404 on a deployed site (the local stack's outbox must never ship), 200 on the
 *   local stack;
 * - with a domain: that the distribution's own *.cloudfront.net address does not serve the site.
 *
 * "Local" is a loopback host (localhost, 127.x, ::1) or `--local`; `--deployed` forces the deployed
 * checks (tests use it against a loopback server). Every request has a timeout (`--timeout`, seconds,
 * default 10; one that times out is asked once more) and the whole check a deadline (`--deadline`,
 * default 120). Exit code 1 on any failure.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type ContentSecurityPolicy,
  cspHeader,
  isPaymentPage,
  paymentPageCsp,
  paymentPagePaths,
  securityHeaders,
  siteCsp,
  strictTransportSecurity,
} from '../functions/src/security-headers';
import { routePaths } from '../functions/src/site-routes';
import { publicPages } from '../core/src/public-pages';

export type SmokeOptions = {
  /** The site's address, e.g. https://example.com. */
  url: string;
  /** Local stack (true), deployed site (false); undefined: local when the host is a loopback one. */
  local?: boolean;
  /** The site has a domain, so the CloudFront address must not answer; undefined: derived from the URL. */
  domainOnly?: boolean;
  /** The distribution's own address (d1234abcd.cloudfront.net, or a URL), checked when `domainOnly`. */
  cloudfront?: string;
  /** Per-request timeout and the whole check's deadline, in milliseconds. */
  timeoutMs?: number;
  deadlineMs?: number;
  /** The router's generated table (its source text); defaults to web/src/routeTree.gen.ts. */
  routeTree?: string;
  /** Where each line goes (default: stdout). */
  log?: (line: string) => void;
};

export type CheckResult = { name: string; ok: boolean; detail: string; skipped?: boolean };

const routeTreeFile = fileURLToPath(new URL('../web/src/routeTree.gen.ts', import.meta.url));

/** A path segment no page, post, service or token has: for the dynamic pages and the not-found page. */
const PLACEHOLDER = 'smoke-check';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The content type an asset must have, by extension; anything else must at least not be HTML. */
const assetTypes: Record<string, RegExp> = {
  js: /^(text|application)\/javascript\b/i,
  mjs: /^(text|application)\/javascript\b/i,
  css: /^text\/css\b/i,
  svg: /^image\/svg\+xml\b/i,
  png: /^image\/png\b/i,
  jpg: /^image\/jpeg\b/i,
  jpeg: /^image\/jpeg\b/i,
  webp: /^image\/webp\b/i,
  avif: /^image\/avif\b/i,
  ico: /^image\/(x-icon|vnd\.microsoft\.icon)\b/i,
  woff2: /^font\/woff2\b/i,
  json: /^application\/(manifest\+)?json\b/i,
  webmanifest: /^application\/(manifest\+)?json\b/i,
};

/** The `rel`s of a `<link>` whose `href` the page loads. */
const loadedLinks = new Set([
  'stylesheet',
  'modulepreload',
  'preload',
  'icon',
  'apple-touch-icon',
  'manifest',
]);

type Answer = { status: number; headers: Headers; body: string };
type Reply = Answer | { error: string };

/** The attributes of one tag's text (`<script src="/a.js" defer>`), names in lower case. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(
    /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** What an HTML page loads (scripts, styles, icons, preloads) and its canonical and og:url addresses. */
export function pageAssets(html: string): { assets: string[]; entries: string[]; canonical: string[] } {
  const assets: string[] = [];
  const entries: string[] = [];
  const canonical: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link|meta)\b[^>]*>/gi)) {
    const attrs = attributes(tag.replace(/^<\w+/, ''));
    if (/^<script/i.test(tag)) {
      const src = attrs.get('src');
      if (src) assets.push(src);
      const entry = attrs.get('data-entry');
      if (entry) assets.push(entry);
      if (attrs.get('type') === 'module' && src) entries.push(src);
      if (entry) entries.push(entry);
    } else if (/^<link/i.test(tag)) {
      const rels = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attrs.get('href');
      if (!href) continue;
      if (rels.includes('canonical')) canonical.push(href);
      else if (rels.some((rel) => loadedLinks.has(rel))) assets.push(href);
    } else if (attrs.get('property') === 'og:url' && attrs.get('content') !== undefined) {
      canonical.push(attrs.get('content')!);
    }
  }
  return { assets, entries, canonical };
}

/** The relative modules a (minified) ES module imports, statically or with a literal dynamic import. */
export function moduleImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    found.add(match[1]!);
  }
  return [...found];
}

/** A policy header as directive -> sources. */
function parseCsp(header: string): Map<string, Set<string>> {
  const policy = new Map<string, Set<string>>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), new Set(sources));
  }
  return policy;
}

/** '' when `header` is exactly `expected` (as sets of sources per directive), else what differs. */
export function cspDifference(header: string | null, expected: ContentSecurityPolicy): string {
  if (!header) return 'no Content-Security-Policy';
  const got = parseCsp(header);
  const want = parseCsp(cspHeader(expected));
  const problems: string[] = [];
  for (const [name, sources] of want) {
    const have = got.get(name);
    if (!have) {
      problems.push(`${name} missing`);
      continue;
    }
    const missing = [...sources].filter((source) => !have.has(source));
    const extra = [...have].filter((source) => !sources.has(source));
    if (missing.length) problems.push(`${name} lacks ${missing.join(' ')}`);
    if (extra.length) problems.push(`${name} also allows ${extra.join(' ')}`);
  }
  for (const name of got.keys()) if (!want.has(name)) problems.push(`unexpected ${name}`);
  return problems.join('; ');
}

/** The security headers' problems ('' when none): functions/src/security-headers.ts, and HSTS over https. */
export function headerProblems(headers: Headers, https: boolean): string {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(securityHeaders)) {
    const got = headers.get(name);
    if (got === null) problems.push(`no ${name}`);
    else if (got.trim().toLowerCase() !== value.toLowerCase())
      problems.push(`${name}: ${got} (want ${value})`);
  }
  if (https) {
    const hsts = headers.get('strict-transport-security') ?? '';
    const maxAge = /max-age=(\d+)/i.exec(hsts)?.[1];
    const subDomains = /includesubdomains/i.test(hsts);
    if (
      Number(maxAge) !== strictTransportSecurity.maxAgeSeconds ||
      subDomains !== strictTransportSecurity.includeSubDomains
    )
      problems.push(`Strict-Transport-Security: ${hsts || '(none)'}`);
  }
  return problems.join('; ');
}

/**
 * The pages to visit: the router's table, dynamic segments filled with a real id where one is given.
 * A post's page is rendered by the API with the post (decision 072): without a post to show, the
 * made-up slug must be the not-found page (404), which still proves the renderer answers.
 */
export function pagesToVisit(
  routeTree: string,
  ids: { serviceId?: string; slug?: string },
): { path: string; status: 200 | 404 }[] {
  const pages = new Map<string, 200 | 404>();
  for (const route of routePaths(routeTree)) {
    let status: 200 | 404 = 200;
    const path = route
      .split('/')
      .map((segment) => {
        if (segment === '$serviceId') return ids.serviceId ?? PLACEHOLDER;
        if (segment === '$slug') {
          if (!ids.slug) status = 404;
          return ids.slug ?? PLACEHOLDER;
        }
        return segment.startsWith('$') ? PLACEHOLDER : segment;
      })
      .join('/');
    // '/blog/' and '/blog' are one page (the router's index routes); the bare form is the one linked.
    pages.set(path.length > 1 ? path.replace(/\/+$/, '') : path, status);
  }
  return [...pages].map(([path, status]) => ({ path, status }));
}

/** The parsed JSON of `text`, or undefined. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A hashed build file's name without its hash (`/assets/index-Cbq-TsXS.js` -> `/assets/index.js`). */
function buildStem(path: string): string | undefined {
  const match = /^(\/assets\/.+)-[A-Za-z0-9_-]{8}\.(\w+)$/.exec(path);
  return match ? `${match[1]}.${match[2]}` : undefined;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

export async function runSmoke(options: SmokeOptions): Promise<{ results: CheckResult[]; failed: number }> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const site = new URL(options.url);
  if (!/^https?:$/.test(site.protocol)) throw new Error(`Not a web address: ${options.url}`);
  const origin = site.origin;
  const local = options.local ?? LOOPBACK.test(site.hostname);
  const https = site.protocol === 'https:';
  const onCloudfront = /\.cloudfront\.net$/i.test(site.hostname);
  const domainOnly = options.domainOnly ?? (!local && !onCloudfront);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = AbortSignal.timeout(options.deadlineMs ?? 120_000);
  const results: CheckResult[] = [];

  const report = (name: string, problem: string, detail = '', skipped = false) => {
    const result: CheckResult = { name, ok: problem === '', detail: problem || detail, skipped };
    results.push(result);
    const mark = skipped ? '-' : result.ok ? '✓' : '✗';
    log(`${mark} ${name}${result.detail ? `: ${result.detail}` : ''}`);
    return result.ok;
  };

  async function fetchOnce(url: string): Promise<Answer | { error: string; timedOut?: boolean }> {
    if (deadline.aborted) return { error: 'not tried: the deadline passed' };
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), deadline]),
      });
      return { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError' && !deadline.aborted)
        return { error: `no answer in ${timeoutMs / 1000} s`, timedOut: true };
      const reason =
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? 'the deadline passed'
            : ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      return { error: reason };
    }
  }

  /** One GET; a request that times out is asked once more (a cold function's first page may be slow). */
  async function get(url: string): Promise<Reply> {
    const first = await fetchOnce(url);
    if (!('error' in first && first.timedOut)) return first;
    const again = await fetchOnce(url);
    return 'error' in again && again.timedOut ? { error: `${again.error}, twice` } : again;
  }

  const answered = (reply: Reply): reply is Answer => 'status' in reply;
  const contentType = (reply: Reply) => (answered(reply) ? (reply.headers.get('content-type') ?? '') : '');
  const describe = (reply: Reply) =>
    answered(reply) ? `${reply.status} ${contentType(reply) || '(no type)'}` : reply.error;

  log(
    `Smoke check of ${origin} (${local ? 'local stack' : 'deployed site'}${domainOnly ? ', domain only' : ''})`,
  );

  // The API first: the pages' dynamic segments use a real service and post.
  const services = await get(`${origin}/api/services`);
  let serviceId: string | undefined;
  {
    let problem: string;
    let count = 0;
    if (!answered(services)) problem = services.error;
    else if (services.status !== 200 || !/json/i.test(contentType(services))) problem = describe(services);
    else {
      const list = parseJson(services.body);
      if (!Array.isArray(list)) problem = 'not a JSON list';
      else {
        count = list.length;
        serviceId = (list[0] as { _id?: string } | undefined)?._id;
        const cache = services.headers.get('cache-control') ?? '';
        problem =
          headerProblems(services.headers, https) ||
          (/max-age=\d+/.test(cache)
            ? ''
            : `Cache-Control: ${cache || '(none)'} (want a max-age: the CDN keeps it)`);
      }
    }
    report('GET /api/services', problem, `200, ${count} services`);
  }

  let slug: string | undefined;
  const posts = await get(`${origin}/api/posts`);
  if (answered(posts) && posts.status === 200) {
    const list = parseJson(posts.body);
    slug = (Array.isArray(list) ? (list[0] as { slug?: string } | undefined) : undefined)?.slug;
  }

  // Which CSP the payment pages must carry: Square's on a deployed site always (AWS never runs the
  // stand-in), locally only when the stack talks to Square's sandbox or production.
  let paymentCsp = !local;
  if (local) {
    const payments = await get(`${origin}/api/payments/config`);
    if (answered(payments) && payments.status === 200) {
      paymentCsp =
        (parseJson(payments.body) as { environment?: string } | undefined)?.environment !== 'local';
    }
  }

  // Pages.
  const routeTree = options.routeTree ?? readFileSync(routeTreeFile, 'utf8');
  const pages = pagesToVisit(routeTree, { serviceId, slug });
  // The pre-rendered public pages and the payment pages, even if the router's table ever stopped listing one.
  for (const path of [...publicPages, ...paymentPagePaths])
    if (!pages.some((page) => page.path === path)) pages.push({ path, status: 200 });
  const notFoundPath = `/${PLACEHOLDER}-no-such-page`;
  pages.push({ path: notFoundPath, status: 404 });
  const visited = await pool(pages, 4, async ({ path, status }) => ({
    path,
    want: status,
    reply: await get(`${origin}${path}`),
  }));
  const assets = new Map<string, string>(); // asset path -> the first page naming it
  const entries = new Set<string>();
  const named = new Map<string, Set<string>>(); // build stem -> the hashed names pages use
  for (const { path, want, reply } of visited) {
    const notFound = want === 404;
    const name = notFound ? `GET ${path} (no such page)` : `GET ${path}`;
    if (!answered(reply)) {
      report(name, reply.error);
      continue;
    }
    const problems: string[] = [];
    if (reply.status !== want || !/^text\/html\b/i.test(contentType(reply)))
      problems.push(`${describe(reply)} (want ${want} text/html)`);
    const headers = headerProblems(reply.headers, https);
    if (headers) problems.push(headers);
    const payment = !notFound && isPaymentPage(path) && paymentCsp;
    const csp = cspDifference(
      reply.headers.get('content-security-policy'),
      payment ? paymentPageCsp : siteCsp,
    );
    if (csp) problems.push(`${payment ? 'payment page ' : ''}CSP: ${csp}`);
    const page = pageAssets(reply.body);
    if (!local && !notFound) {
      const relative = page.canonical.filter((href) => !/^https:\/\//.test(href));
      if (relative.length) problems.push(`canonical/og:url not absolute: ${relative.join(' ')}`);
    }
    for (const asset of page.assets) {
      const url = new URL(asset, `${origin}${path}`);
      if (url.origin !== origin) continue; // the CSP allows only our own scripts and styles
      if (!assets.has(url.pathname)) assets.set(url.pathname, path);
      const stem = buildStem(url.pathname);
      if (stem) named.set(stem, (named.get(stem) ?? new Set()).add(url.pathname));
    }
    for (const entry of page.entries) {
      const url = new URL(entry, `${origin}${path}`);
      if (url.origin === origin) entries.add(url.pathname);
    }
    report(
      name,
      problems.join('; '),
      `${reply.status}${payment ? ', payment CSP' : ''}, ${page.assets.length} assets`,
    );
  }
  if (!visited.some(({ reply }) => answered(reply) && reply.status === 200)) {
    report('pages', 'no page answered 200: is this the site?');
  }

  // One build: every page (the API's rendered ones and the static ones) names the same files.
  const mixed = [...named].filter(([, names]) => names.size > 1);
  report(
    'one build: every page names the same entry and styles',
    mixed.map(([stem, names]) => `${stem} as ${[...names].join(' and ')}`).join('; '),
    `${named.size} hashed files`,
  );

  // Assets: the ones the pages name, then the modules the entry scripts import (one level).
  const fetchAsset = async (path: string) => ({ path, reply: await get(`${origin}${path}`) });
  const checkAsset = (path: string, reply: Reply, namedBy: string) => {
    const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
    const type = contentType(reply);
    const rule = assetTypes[extension];
    let problem = '';
    if (!answered(reply)) problem = reply.error;
    else if (reply.status !== 200) problem = `${describe(reply)} (named by ${namedBy})`;
    else if (rule ? !rule.test(type) : /^text\/html\b/i.test(type))
      problem = `content type ${type || '(none)'} (named by ${namedBy})`;
    report(`asset ${path}`, problem, answered(reply) ? `200 ${type}` : '');
    return problem === '';
  };
  const fetched = await pool([...assets.keys()], 6, fetchAsset);
  const imports = new Map<string, string>();
  for (const { path, reply } of fetched) {
    const ok = checkAsset(path, reply, assets.get(path)!);
    if (ok && entries.has(path) && answered(reply)) {
      for (const module of moduleImports(reply.body)) {
        const target = new URL(module, `${origin}${path}`).pathname;
        if (!assets.has(target) && !imports.has(target)) imports.set(target, path);
      }
    }
  }
  for (const { path, reply } of await pool([...imports.keys()], 6, fetchAsset)) {
    checkAsset(path, reply, imports.get(path)!);
  }

  // A bad booking link: a JSON 404 with a message a person reads.
  {
    const reply = await get(`${origin}/api/booking-links/${PLACEHOLDER}-not-a-link`);
    let problem: string;
    if (!answered(reply)) problem = reply.error;
    else if (reply.status !== 404 || !/json/i.test(contentType(reply)))
      problem = `${describe(reply)} (want 404 JSON)`;
    else {
      const msg = (parseJson(reply.body) as { msg?: unknown } | undefined)?.msg;
      problem =
        typeof msg === 'string' && msg ? headerProblems(reply.headers, https) : 'no `msg` in the reply';
    }
    report('GET /api/booking-links/<bad link>', problem, '404 JSON with msg');
  }

  // The sitemap and robots.txt (the Router sends /sitemap.xml to the API).
  for (const [path, type] of [
    ['/sitemap.xml', /xml/i],
    ['/robots.txt', /^text\/plain\b/i],
  ] as const) {
    const reply = await get(`${origin}${path}`);
    let problem = '';
    if (!answered(reply)) problem = reply.error;
    else if (reply.status !== 200 || !type.test(contentType(reply))) problem = describe(reply);
    else if (path === '/robots.txt' && !local && !/^Sitemap:\s*https:\/\//im.test(reply.body))
      problem = 'no absolute Sitemap line';
    report(`GET ${path}`, problem, answered(reply) ? describe(reply) : '');
  }

  // The local stack's outbox (live reset links): part of the local stack, never of a deployed site.
  {
    const reply = await get(`${origin}/_local/outbox`);
    const want = local ? 200 : 404;
    const problem = !answered(reply)
      ? reply.error
      : reply.status !== want
        ? `${reply.status} (want ${want}${local ? '' : ': the local outbox must not be deployed'})`
        : '';
    report(
      `GET /_local/outbox (${local ? 'local stack: present' : 'deployed: absent'})`,
      problem,
      answered(reply) ? String(reply.status) : '',
    );
  }

  // Plain http is sent to https.
  if (https && !local) {
    const reply = await get(`http://${site.host}/`);
    const location = answered(reply) ? (reply.headers.get('location') ?? '') : '';
    const problem = !answered(reply)
      ? reply.error
      : reply.status >= 300 && reply.status < 400 && location.startsWith('https://')
        ? ''
        : `${reply.status} ${location}`.trim();
    report('http:// redirects to https://', problem, answered(reply) ? `${reply.status} ${location}` : '');
  }

  // With a domain, the distribution's own address must not serve the site (SST answers it 403).
  if (domainOnly) {
    if (onCloudfront) {
      report(
        'no *.cloudfront.net address answers',
        `${site.hostname} answered: check the site at its domain instead`,
      );
    } else if (!options.cloudfront) {
      report(
        'no *.cloudfront.net address answers',
        options.domainOnly
          ? "give the distribution's address with --cloudfront d1234abcd.cloudfront.net"
          : '',
        'not checked: give --cloudfront <d1234abcd.cloudfront.net> (docs/deploy.md, "The smoke check")',
        !options.domainOnly,
      );
    } else {
      const target = /^https?:\/\//.test(options.cloudfront)
        ? options.cloudfront
        : `https://${options.cloudfront}`;
      const reply = await get(new URL('/', target).href);
      const problem = !answered(reply)
        ? ''
        : reply.status < 400
          ? `${new URL(target).host} answered ${reply.status}`
          : '';
      report(
        `no *.cloudfront.net address answers (${new URL(target).host})`,
        problem,
        answered(reply) ? `${reply.status}` : `no answer (${reply.error})`,
      );
    }
  }

  const failed = results.filter((result) => !result.ok).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log('');
  log(`smoke: ${results.length} checks, ${failed} failed (${seconds} s)`);
  return { results, failed };
}

/** The command line: `npm run smoke -- <site URL> [--local|--deployed] [--domain-only] [--cloudfront host]`. */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      local: { type: 'boolean' },
      deployed: { type: 'boolean' },
      'domain-only': { type: 'boolean' },
      cloudfront: { type: 'string' },
      timeout: { type: 'string' },
      deadline: { type: 'string' },
    },
  });
  const url = positionals[0];
  if (!url || positionals.length > 1 || (values.local && values.deployed)) {
    console.error(
      'Usage: npm run smoke -- <site URL> [--local | --deployed] [--domain-only] [--cloudfront d1234abcd.cloudfront.net] [--timeout 10] [--deadline 120]',
    );
    process.exit(2);
  }
  const { failed } = await runSmoke({
    url,
    local: values.local ? true : values.deployed ? false : undefined,
    domainOnly: values['domain-only'] ? true : undefined,
    cloudfront: values.cloudfront,
    timeoutMs: values.timeout ? Number(values.timeout) * 1000 : undefined,
    deadlineMs: values.deadline ? Number(values.deadline) * 1000 : undefined,
  });
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
