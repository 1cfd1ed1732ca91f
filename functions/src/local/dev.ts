import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { banner, bootLocalStack, keepIdleConnections, onShutdown } from './boot';
import { answerClientErrors } from './client-errors';
import { connectHost, setting } from './env';
import { assertPortFree } from './ports';

/**
 * `npm run dev`: the same local stack, the API (and the local images under
 * /images/) on PORT+1, and Vite's dev server with hot reload on PORT,
 * proxying /api, /_local and /images to it.
 */
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

async function main() {
  const port = Number(setting('PORT'));
  const host = setting('HOST');
  const apiPort = port + 1;
  await assertPortFree(apiPort, host);
  const { standIns, publicUrl } = await bootLocalStack({ port, host });
  const vite = spawn(
    process.execPath,
    [
      resolve(repoRoot, 'node_modules/vite/bin/vite.js'),
      'web',
      '--host',
      host,
      '--port',
      String(port),
      '--strictPort',
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, API_URL: `http://${connectHost(host)}:${apiPort}` },
    },
  );
  const { app, apiRouting } = await import('../api/index');
  const { localImages } = await import('./images');
  const { outbox } = await import('./outbox');
  const { localSquare } = await import('./square/route');
  const { localSms } = await import('./sms/route');
  const { Hono } = await import('hono');
  const apiServer = new Hono(apiRouting)
    .route('/images', localImages)
    .route('/_local/outbox', outbox)
    .route('/_local/square', localSquare)
    .route('/_local/sms', localSms)
    .route('/', app);
  const server = serve({ fetch: apiServer.fetch, port: apiPort, hostname: host }, () =>
    console.log(
      banner(publicUrl, [`  API server:     http://${connectHost(host)}:${apiPort} (proxied by Vite)`]),
    ),
  );
  keepIdleConnections(server);
  answerClientErrors(server);
  const shutdown = onShutdown(async () => {
    vite.kill('SIGTERM');
    server.close();
    await standIns.stop();
  });
  vite.on('exit', (code) => void shutdown(code ?? 0));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
