import { resolve } from 'node:path';
import { applyLocalEnv, localJwtSecret, setting } from './env';
import { assertPortFree } from './ports';
import { writeStackFile } from './stack-file';
import { type StandIns, startStandIns } from './stand-ins';

/**
 * What `npm start` and `npm run dev` share: check the port, start the
 * stand-ins, point the config at them, create the table and bucket, seed the
 * demo data, and stop everything on Ctrl-C.
 */
export async function bootLocalStack(options: {
  port: number;
}): Promise<{ standIns: StandIns; publicUrl: string }> {
  const dataDir = resolve(setting('DATA_DIR'));
  await assertPortFree(options.port);

  console.log(`Starting the local stack (data in ${dataDir}) ...`);
  const standIns = await startStandIns({ dataDir });
  try {
    const publicUrl = `http://localhost:${options.port}`;
    applyLocalEnv({ standIns, publicUrl, jwtSecret: localJwtSecret(dataDir) });

    // Imported only now: the config module reads the environment set just above.
    const { ensureTable } = await import('@app/core/db/setup');
    const { rawDb } = await import('@app/core/db/client');
    const { config } = await import('@app/core/config');
    const { Storage } = await import('@app/core/storage/index');
    const { seed } = await import('./seed');

    await ensureTable(rawDb(), config().tableName);
    await Storage.ensureBucket();
    const seeded = await seed({
      adminEmail: setting('ADMIN_EMAIL'),
      adminPassword: setting('ADMIN_PASSWORD'),
    });
    console.log(`Demo data: ${seeded}.`);
    writeStackFile(dataDir, { endpoints: standIns.endpoints, publicUrl });
    return { standIns, publicUrl };
  } catch (error) {
    await standIns.stop();
    throw error;
  }
}

/** Runs `cleanup` once on Ctrl-C / SIGTERM (or when called), then exits with `code`. */
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
  return shutdown;
}

export function banner(publicUrl: string, extra: string[] = []): string {
  return [
    '',
    `  Mobile Auto Care is running at ${publicUrl}`,
    `  API:            ${publicUrl}/api/services`,
    `  Local outbox:   ${publicUrl}/_local/outbox`,
    `  Admin sign-in:  ${setting('ADMIN_EMAIL')} (password from ADMIN_PASSWORD)`,
    ...extra,
    '',
    '  Press Ctrl-C to stop.',
  ].join('\n');
}
