import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { applyLocalEnv, connectHost, localDefaults, localJwtSecret, setting } from './env';
import { assertPortFree } from './ports';
import { writeStackFile } from './stack-file';
import { type StandIns, startStandIns } from './stand-ins';
import { SQUARE_WEBHOOK_PATH } from '@app/core/config';

/**
 * What `npm start` and `npm run dev` share: check the port, start the
 * stand-ins, point the config at them, create the table and bucket, seed the
 * demo data, and stop everything on Ctrl-C.
 */
export async function bootLocalStack(options: {
  port: number;
  host: string;
}): Promise<{ standIns: StandIns; publicUrl: string }> {
  const dataDir = resolve(setting('DATA_DIR'));
  await assertPortFree(options.port, options.host);

  console.log(`Starting the local stack (data in ${dataDir}) ...`);
  const publicUrl = `http://${publicHost(options.host)}:${options.port}`;
  // The Square stand-in posts its payment webhooks to this app (decision 070).
  const squareWebhook = { url: `${publicUrl}${SQUARE_WEBHOOK_PATH}`, deliver: true };
  const standIns = await startStandIns({ dataDir, squareWebhook });
  try {
    applyLocalEnv({ standIns, publicUrl, jwtSecret: localJwtSecret(dataDir) });

    // Imported only now: the config module reads the environment set just above.
    const { ensureTable } = await import('@app/core/db/setup');
    const { rawDb } = await import('@app/core/db/client');
    const { config } = await import('@app/core/config');
    const { Storage } = await import('@app/core/storage/index');
    const { seed } = await import('./seed');

    await ensureTable(rawDb(), config().tableName);
    // A data dir from an earlier release: its items get the index keys, counters and TTL added since (decision 063).
    const migrated = await (await import('../lambda/migrations')).migrate();
    const changed = Object.entries(migrated).filter(([, step]) => step.changed > 0);
    if (changed.length > 0) {
      console.log(`Migrated: ${changed.map(([name, step]) => `${name} (${step.changed})`).join(', ')}.`);
    }
    await Storage.ensureBucket();
    const seeded = await seed({
      adminEmail: setting('ADMIN_EMAIL'),
      adminPassword: setting('ADMIN_PASSWORD'),
    });
    console.log(`Demo data: ${seeded}.`);
    writeStackFile(dataDir, { endpoints: standIns.endpoints, publicUrl });
    runScheduledJob();
    return { standIns, publicUrl };
  } catch (error) {
    await standIns.stop();
    throw error;
  }
}

/** How often the local stack runs the scheduled job (on AWS: infra/cron.ts). */
const LOCAL_CRON_MS = 60_000;

/**
 * The scheduled job runs on the local stack too (the same handler as the
 * Lambda's, looping over the same job list: functions/src/lambda/jobs.ts),
 * so mail whose first send failed goes out here as on AWS. The
 * demo services' time slots move with the calendar: topped up once a day.
 */
function runScheduledJob(): void {
  let toppedUpOn = new Date().toDateString();
  const tick = async () => {
    const { handler } = await import('../lambda/cron');
    await handler().catch((error) =>
      console.error(JSON.stringify({ level: 'error', job: 'cron', error: String(error) })),
    );
    if (new Date().toDateString() === toppedUpOn) return;
    toppedUpOn = new Date().toDateString();
    const { topUpSlots } = await import('./seed');
    await topUpSlots().catch((error) =>
      console.error(JSON.stringify({ level: 'error', job: 'slot top-up', error: String(error) })),
    );
  };
  setInterval(() => void tick(), LOCAL_CRON_MS).unref();
}

/** The host name of the site's URL (links in mail, the banner): `localhost` unless HOST names another address. */
function publicHost(host: string): string {
  const reached = connectHost(host);
  return reached === '127.0.0.1' ? 'localhost' : reached;
}

/**
 * Idle keep-alive connections stay open for ten minutes instead of Node's 5 s.
 * Clients that pool connections and ignore the server's `Keep-Alive: timeout`
 * hint (Playwright's request context, some proxies) otherwise reuse a socket
 * just as the server closes it, and get ECONNRESET. A local server can afford
 * idle sockets; `server.close()` still closes them at once.
 */
export function keepIdleConnections(server: ServerType): void {
  const http = server as Server;
  http.keepAliveTimeout = 10 * 60_000;
  // Node wants the header timeout above the keep-alive one.
  http.headersTimeout = http.keepAliveTimeout + 1_000;
}

/** Runs `cleanup` once on Ctrl-C / SIGTERM, when the parent process is gone, or when called; then exits with `code`. */
export function onShutdown(cleanup: () => Promise<void>): (code: number) => Promise<void> {
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await cleanup().catch((error) => console.error(error));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // The launcher (scripts/start.mjs, npm) went away without a signal: stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 500).unref();
  return shutdown;
}

/** The local admin's password as the banner shows it: the default itself, or where a chosen one came from. */
export function adminPasswordHint(): string {
  return process.env.ADMIN_PASSWORD ? '(password from ADMIN_PASSWORD)' : localDefaults.ADMIN_PASSWORD;
}

export function banner(publicUrl: string, extra: string[] = []): string {
  return [
    '',
    `  Mobile Auto Care is running at ${publicUrl}`,
    `  API:            ${publicUrl}/api/services`,
    `  Local outbox:   ${publicUrl}/_local/outbox`,
    `  Admin sign-in:  ${setting('ADMIN_EMAIL')} / ${adminPasswordHint()}`,
    ...extra,
    '',
    '  Press Ctrl-C to stop.',
  ].join('\n');
}
