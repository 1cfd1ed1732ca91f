// `npm run build -w web` (and `npm start`, and the deploy's StaticSite build):
//  1. the browser's bundle into web/dist (vite build);
//  2. the same app built for Node into web/.pages (vite build --ssr src/entry-server.tsx), with
//     every dependency inside, so the API server can render pages with their data from it
//     (decision 072; on AWS it is copied into the API function);
//  3. the public pages pre-rendered into web/dist, and the page template into web/.pages
//     (./prerender.mjs, decision 043).
// `--logLevel warn` (npm start) keeps Vite quiet.
import { renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--logLevel');
const logLevel = at >= 0 ? process.argv[at + 1] : 'info';

await build({ root: web, logLevel });
// Built beside the one in use and swapped in at the end: a server reading web/.pages meanwhile
// (npm start's, or the deploy copying it) sees the old build or the new one, never half of one.
const next = join(web, '.pages.next');
await build({
  root: web,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: { ssr: 'src/entry-server.tsx', outDir: next, emptyOutDir: true },
});
process.env.PAGES_BUILD_DIR = next;
await import('./prerender.mjs');
rmSync(join(web, '.pages'), { recursive: true, force: true });
renameSync(next, join(web, '.pages'));
