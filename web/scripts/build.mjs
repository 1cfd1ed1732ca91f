// `npm run build -w web` (and `npm start`, and the deploy's StaticSite build):
//  1. the browser's bundle into web/dist (vite build);
//  2. the same app built for Node into web/.ssr (vite build --ssr src/entry-server.tsx);
//  3. the public pages pre-rendered into web/dist (./prerender.mjs, decision 043).
// `--logLevel warn` (npm start) keeps Vite quiet.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--logLevel');
const logLevel = at >= 0 ? process.argv[at + 1] : 'info';

await build({ root: web, logLevel });
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: '.ssr', emptyOutDir: true },
});
await import('./prerender.mjs');
