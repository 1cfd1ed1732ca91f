import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build, as the deploy runs it (infra/web.ts, decision 085): once, with the site's
 * address. Made in a folder of its own (WEB_BUILD_OUT), so the local build (npm start's) is left
 * alone. Both what the site uploads (dist/) and what the API function carries (the renderer's
 * folder the build prints) come from it, and they agree.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = 'https://shop.example';
let out = '';
let printed = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'web-build-'));
  const run = spawnSync(process.execPath, ['web/scripts/build.mjs', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_OUT: out, VITE_SITE_URL: SITE },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the build failed:\n${run.stdout}\n${run.stderr}`);
  printed = run.stdout;
}, 300_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

const renderer = () => join(root, /^Page renderer: (\S+)$/m.exec(printed)?.[1] ?? 'none');
const linksOf = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
});

/**
 * The renderer run as the API runs it, in a Node process of its own (vitest would transform its
 * 1.5 MB): the four pages it renders, with the API's answers stubbed, enough for each page.
 */
function renderInNode(folder: string, paths: string[]): { path: string; status: number; html: string }[] {
  const script = `
    const { renderWithData } = await import(${JSON.stringify(pathToFileURL(join(folder, 'entry-server.js')).href)});
    const post = ${JSON.stringify(post)};
    const answer = async (input) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://api.test').pathname;
      const body = path === '/api/posts/' + post.slug ? post : path.startsWith('/api/services') ? [] : { items: [], nextCursor: null };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const pages = [];
    for (const path of ${JSON.stringify(paths)}) pages.push({ path, ...(await renderWithData(path, answer)) });
    process.stdout.write(JSON.stringify(pages));
    process.exit(0);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`rendering failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const post = {
  _id: 'pst_01',
  title: 'Winter tires',
  slug: 'winter-tires',
  summary: 'When to switch.',
  content: 'Switch when it is **cold**.',
  heroImage: '/images/blog/winter.png',
  allowComments: false,
  likes: [],
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

describe('the production build (one build, the site address known)', () => {
  it('gives every pre-rendered page absolute canonical and og:url addresses', () => {
    const pages = readdirSync(join(out, 'dist')).filter(
      (file) => file.endsWith('.html') && !['shell.html', '404.html'].includes(file),
    );
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      const links = linksOf(readFileSync(join(out, 'dist', file), 'utf8'));
      expect(links, file).toEqual({ canonical: `${SITE}${path}`, ogUrl: `${SITE}${path}` });
    }
    expect(readFileSync(join(out, 'dist', 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("gives the API's pages (services, testimonials, the blog, a post) absolute addresses too", () => {
    const paths = ['/services', '/testimonials', '/blog', `/blog/${post.slug}`];
    for (const { path, status, html } of renderInNode(renderer(), paths)) {
      expect(status, path).toBe(200);
      expect(linksOf(html), path).toEqual({ canonical: `${SITE}${path}`, ogUrl: `${SITE}${path}` });
      if (path === `/blog/${post.slug}`)
        expect(html).toContain(`<meta property="og:image" content="${SITE}${post.heroImage}"/>`);
    }
  }, 60_000);

  it("names, in the renderer's template, the scripts and styles that the site's files hold", () => {
    const template = readFileSync(join(renderer(), 'template.html'), 'utf8');
    const assets = [...template.matchAll(/(?:data-entry|href|src)="(\/assets\/[^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) expect(existsSync(join(out, 'dist', asset)), asset).toBe(true);
  });

  it("declares the renderer's folder ES modules, and links .pages to that folder", () => {
    expect(JSON.parse(readFileSync(join(renderer(), 'package.json'), 'utf8'))).toEqual({ type: 'module' });
    expect(join(out, readlinkSync(join(out, '.pages')))).toBe(renderer());
    expect(relative(root, renderer())).toMatch(/\.pages-builds\/[0-9a-z]+-\d+$/);
  });
});
