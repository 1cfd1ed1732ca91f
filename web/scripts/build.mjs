// `npm run build -w web` (and `npm start`, and the deploy's one web build, infra/web.ts):
//  1. the browser's bundle into web/dist (vite build);
//  2. the same app built for Node into a folder of its own, web/.pages-builds/<id> (vite build
//     --ssr src/entry-server.tsx), with every dependency inside, so the API server can render
//     pages with their data from it (decision 072; on AWS it is copied into the API function);
//  3. the public pages pre-rendered into web/dist, and the page template into that folder
//     (./prerender.mjs, decision 043);
//  4. web/.pages pointed at the new folder (decision 085).
// `--logLevel warn` (npm start) keeps Vite quiet. WEB_BUILD_OUT=<folder> puts dist/, .pages and
// .pages-builds/ there instead of in web/ (a test builds for production beside the local build).
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

// Always a production build, whatever the caller's NODE_ENV (a test runner's "test" would give
// the renderer React's development JSX runtime).
process.env.NODE_ENV = 'production';
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--logLevel');
const logLevel = at >= 0 ? process.argv[at + 1] : 'info';

const out = process.env.WEB_BUILD_OUT ? resolve(process.env.WEB_BUILD_OUT) : web;
const dist = join(out, 'dist');

await build({ root: web, logLevel, build: { outDir: dist } });
// Each build's renderer has a folder of its own that nothing changes once it is made; web/.pages is
// a link to the newest. The link is replaced by a rename, which is atomic: a server reading
// web/.pages meanwhile (npm start's) sees the old build or the new one, never half of one or none,
// and the deploy copies the folder its own build printed (below), whatever runs after it.
const builds = join(out, '.pages-builds');
const id = `${Date.now().toString(36)}-${process.pid}`;
const next = join(builds, id);
mkdirSync(builds, { recursive: true });
await build({
  root: web,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: { ssr: 'src/entry-server.tsx', outDir: next, emptyOutDir: true },
});
// The renderer is ES modules: said so beside it, Node loads it as such at once. On AWS the nearest
// package.json would otherwise be the one SST writes for the function (no "type"), and Node would
// parse the 1.5 MB renderer twice on every cold start (decision 085).
writeFileSync(join(next, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
process.env.PAGES_BUILD_DIR = next;
process.env.WEB_DIST_DIR = dist;
await import('./prerender.mjs');

const current = join(out, '.pages');
const isLink = (path) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return undefined;
  }
};
// A web/.pages folder from before this scheme is moved aside once (a rename cannot replace a folder).
if (isLink(current) === false) renameSync(current, join(builds, `${id}-before`));
const link = join(out, `.pages.${id}`);
symlinkSync(join('.pages-builds', id), link, 'dir');
renameSync(link, current);
// The previous build stays (a server may still be loading its chunks); older ones go.
const kept = readdirSync(builds)
  .filter((name) => name !== id)
  .sort((a, b) => parseInt(b, 36) - parseInt(a, 36));
for (const old of kept.slice(1)) rmSync(join(builds, old), { recursive: true, force: true });
// infra/web.ts reads this line: the folder the deploy copies into the API function (from the root).
console.log(`Page renderer: ${relative(join(web, '..'), next).split('\\').join('/')}`);
