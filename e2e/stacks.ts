import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser tests' product stacks (decision 113): one per Playwright worker, each started as
 * `npm start` starts it, on its own port (E2E_PORT + the worker's index) and data directory, so two
 * workers never share a table, a mailbox or a clock setting. Set once in the runner's environment,
 * so the worker processes (which load playwright.config.ts again) find the same ones.
 */
process.env.E2E_PORT ||= '3217';
process.env.E2E_WORKERS ||= '2';
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'mac-e2e-'));

/** How many workers, hence stacks: E2E_WORKERS (2 by default, for a 2-core machine). */
export const workers = Math.max(1, Number(process.env.E2E_WORKERS));

/** The stack of the worker with this `parallelIndex` (0 … workers − 1). */
export function stackOf(index: number): { port: number; url: string; dataDir: string } {
  const port = Number(process.env.E2E_PORT) + index;
  return {
    port,
    url: `http://localhost:${port}`,
    dataDir: join(process.env.E2E_DATA_DIR!, `stack-${index}`),
  };
}
