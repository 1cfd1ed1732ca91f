import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against
 * the product started exactly as `npm start` starts it, on its own port and a
 * fresh data directory, so they never touch a developer's .data/.
 */
const port = Number(process.env.E2E_PORT || 3217);
// Set once in the runner's environment, so worker processes (which load this file again) reuse it.
// The user fixtures (e2e/fixtures.ts) find the product's table through DATA_DIR/stack.json there.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'mac-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/services`,
    // The whole day is daytime for the browser tests, which run at any hour: "On my way" is sent without
    // the question (decision 097), which tech-day.spec.ts answers from a stubbed reply and the API tests prove.
    env: { PORT: String(port), DATA_DIR: dataDir, DAYTIME_START: '00:00', DAYTIME_END: '24:00' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
