import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { banner, bootLocalStack, keepIdleConnections, onShutdown } from './boot';
import { answerClientErrors } from './client-errors';
import { setting } from './env';

/**
 * `npm start`: the whole product on local stand-ins, on one port.
 * Data lives in DATA_DIR (default .data/), so a second start finds it again.
 */
const webDist = resolve(fileURLToPath(import.meta.url), '../../../../web/dist');

async function main() {
  const port = Number(setting('PORT'));
  const host = setting('HOST');
  const { standIns, publicUrl } = await bootLocalStack({ port, host });
  let server: ServerType | undefined;
  const shutdown = onShutdown(async () => {
    server?.close();
    await standIns.stop();
  });
  try {
    const { createLocalServer } = await import('./server');
    const app = createLocalServer(webDist);
    server = serve({ fetch: app.fetch, port, hostname: host }, () => console.log(banner(publicUrl)));
    keepIdleConnections(server);
    answerClientErrors(server);
    server.on('error', (error) => {
      console.error(error.message);
      void shutdown(1);
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
