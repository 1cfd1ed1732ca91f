import { defineConfig } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from './e2e/chromium';
import { stackOf, workers } from './e2e/stacks';

/** `npm test` built the web app before the run (scripts/test.mjs): no stack builds it again. */
const prebuilt = process.env.E2E_SKIP_BUILD === '1';

/**
 * Browser tests drive Debian's Chromium (its headless shell when installed; never a downloaded browser) against
 * the product started exactly as `npm start` starts it, on its own port and a
 * fresh data directory, so they never touch a developer's .data/. Each worker
 * has a stack of its own (e2e/stacks.ts, decision 113): E2E_WORKERS of them on
 * E2E_PORT, E2E_PORT + 1, …; a spec file runs whole in one worker, its tests
 * in order. The user fixtures (e2e/fixtures.ts) point each worker's baseURL and
 * table at its stack.
 */

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL: stackOf(0).url,
    // A trace records every action of every test and is thrown away when the test passes. On CI only the
    // output is kept, so there it is not recorded: 15 % less CPU for the same tests (decision 135).
    // Locally a failed test keeps its trace (npx playwright show-trace).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumArgs,
    },
  },
  // One stack per worker, started at once: Playwright sets its web servers up one after the other,
  // waiting for each one's `url`, so only the last names its url and e2e/stacks-ready.ts waits for
  // every stack before the first test, instead of each stack's start waiting for the one before.
  // Without a build made beforehand the first builds
  // the web app as `npm start` does and names its url too, so the others start on its finished build;
  // under `npm test` (E2E_SKIP_BUILD=1) the run has built it already and every stack skips the build.
  globalSetup: './e2e/stacks-ready.ts',
  webServer: Array.from({ length: workers }, (_, index) => {
    const { port, url, dataDir } = stackOf(index);
    const waitedFor = index === workers - 1 || (index === 0 && !prebuilt);
    return {
      command: 'npm start',
      ...(waitedFor ? { url: `${url}/api/services` } : {}),
      // The whole day is daytime for the browser tests, which run at any hour: "On my way" is sent without
      // the question (decision 097), which tech-day.spec.ts answers from a stubbed reply and the API tests prove.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        DAYTIME_START: '00:00',
        DAYTIME_END: '24:00',
        ...(index > 0 || prebuilt ? { SKIP_BUILD: '1' } : {}),
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    };
  }),
});
