// The last step of `npm run build -w web` (decision 043): pre-renders the
// public pages into web/dist as static HTML that the browser hydrates.
//
// Before it: `vite build` (the browser's bundle; dist/index.html, the
// template; dist/.vite/manifest.json, which names the home page's entry) and
// `vite build --ssr src/entry-server.tsx` (the same app for Node, in
// web/.pages.next, which build.mjs then swaps in as web/.pages). Writes:
//   dist/shell.html   the template as built: the SPA shell for client-only routes
//   dist/index.html   `/` pre-rendered, started by the home page's own entry (decision 048);
//                     dist/<page>.html for every other public page
//   dist/404.html     the not-found page (the servers answer unknown paths with it, status 404)
//   .pages/template.html  the page template the API renders the pages with data into (decision 072)
// The files are flat (about.html, not about/index.html): the CDN (SST's
// Router) looks up `/about` as `/about.html`, and a folder `blog/` would
// capture `/blog/<slug>`.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR ?? join(web, 'dist');
const ssrDir = process.env.PAGES_BUILD_DIR ?? join(web, '.pages');
process.env.NODE_ENV ??= 'production';
const { render, renderHome, publicPages, fillTemplate, headTagsOf } = await import(
  join(ssrDir, 'entry-server.js')
);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no empty <div id="root">');
writeFileSync(join(dist, 'shell.html'), template);

// The built template loads the app at once (for shell.html). A pre-rendered page loads its
// entry through /boot.js instead, after its first paint (decision 047): the entry becomes that
// script's data. The home page's entry is its own, without the router (decision 048).
// (The build writes no modulepreload links: vite.config.ts.)
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const appEntry = template.match(entryTag)?.[1];
if (!appEntry) throw new Error('dist/index.html has no module script for the app');
const manifestDir = join(dist, '.vite');
const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8'));
const homeFile = manifest['src/home/start.tsx']?.file;
if (!homeFile) throw new Error('the build manifest names no entry for src/home/start.tsx');
rmSync(manifestDir, { recursive: true, force: true });
const homeEntry = `/${homeFile}`;
// Forms before the app is ready (decision 053): a small inline script, early in <head>, holds a
// submit made before hydration (never sent natively, as a GET with the fields in the address) and
// notes what is typed. The CSP allows it by its hash only: the build stops if the hash is not there.
const earlyForms = readFileSync(join(web, 'inline', 'early-forms.js'), 'utf8')
  .replace(/^(\/\/.*\n)+/, '')
  .trim();
const earlyFormsHash = `'sha256-${createHash('sha256').update(earlyForms).digest('base64')}'`;
const csp = readFileSync(join(web, '..', 'functions', 'src', 'security-headers.ts'), 'utf8');
if (!csp.includes(earlyFormsHash))
  throw new Error(
    `functions/src/security-headers.ts must allow web/inline/early-forms.js: ${earlyFormsHash}`,
  );
const loadAfterPaint = (html, entry) =>
  html
    .replace(entryTag, '')
    // Right after the charset (which must come within the first 1024 bytes), before the stylesheet.
    .replace(/<meta charset="[^"]*"\s*\/?>/, (charset) => `${charset}<script>${earlyForms}</script>`)
    .replace('</head>', `<script src="/boot.js" defer data-entry="${entry}"></script></head>`);

/** The template with the page's head tags and its HTML in #root. */
const page = (rendered, entry = appEntry) => fillTemplate(loadAfterPaint(template, entry), rendered);

const fileFor = (path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

for (const path of publicPages) {
  const { html, status } = await render(path);
  if (status !== 200) throw new Error(`pre-rendering ${path}: the router found no page (status ${status})`);
  // The home page: the router's head tags, and the body its own entry hydrates.
  const rendered = path === '/' ? `${headTagsOf(html)}${renderHome()}` : html;
  writeFileSync(join(dist, fileFor(path)), page(rendered, path === '/' ? homeEntry : appEntry));
}
const notFound = await render('/this-page-does-not-exist');
if (notFound.status !== 404) throw new Error('pre-rendering the not-found page: the router found a page');
writeFileSync(join(dist, '404.html'), page(notFound.html));

// robots.txt names the sitemap by its full address: the site's, when the build knows it (on AWS,
// infra/web.ts). The local server writes its own address at request time (decision 044).
const siteUrl = (process.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
if (siteUrl) {
  const robots = join(dist, 'robots.txt');
  writeFileSync(
    robots,
    readFileSync(robots, 'utf8').replace(/^Sitemap:\s*\/(\S*)\s*$/m, `Sitemap: ${siteUrl}/$1`),
  );
}

// The template of the pages the API server renders with their data (decision 072), beside its code.
writeFileSync(join(ssrDir, 'template.html'), loadAfterPaint(template, appEntry));
console.log(`Pre-rendered ${publicPages.length} pages and 404.html into web/dist (decision 043).`);
