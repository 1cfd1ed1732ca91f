// `npm test`: the web build (once), unit and API tests (vitest), then browser tests (Playwright on Debian's Chromium).
// Without Chromium the browser part is skipped with one line saying how to install it;
// under CI=true that is a failure. Ends with the failed tests, one line each with the first line
// of its error (CI shows only the tail of the output), then "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = '.test-results';
const node = (args, env = {}) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

if (node(['scripts/ensure-install.mjs']) !== 0) process.exit(1);
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let broken = false;
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

// 0. The web build, once for the whole run: the API tests that start the product (`npm start` as a person
// runs it) and every browser test's stack serve this one build (SKIP_BUILD=1 below) instead of making
// their own (on a fresh clone each made one: two builds, about 40 s each on CI's two cores).
// SKIP_BUILD=1 npm test keeps the build already in web/.
if (process.env.SKIP_BUILD !== '1') {
  const started = Date.now();
  if (node(['web/scripts/build.mjs', '--logLevel', 'warn']) !== 0) {
    console.error('The web build failed (above): nothing was tested.');
    process.exit(1);
  }
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// 1. Unit + API tests.
const vitestCode = node([
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const vitest = readJson(`${results}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
}
if (vitestCode !== 0 && (!vitest || vitest.numFailedTests === 0)) broken = true;

// 2. Browser tests.
// Debian's Chromium headless shell, else Debian's Chromium, as e2e/chromium.ts picks them.
const chromium =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const how = `install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH to a Chromium binary)`;
  if (ci) {
    console.error(`Browser tests cannot run: no Chromium at ${chromium}; ${how}`);
    broken = true;
  } else {
    console.log(`Browser tests skipped: no Chromium at ${chromium}; ${how}`);
  }
} else {
  const playwrightCode = node(['node_modules/@playwright/test/cli.js', 'test'], { E2E_SKIP_BUILD: '1' });
  const report = readJson(`${results}/playwright.json`);
  const stats = report?.stats;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.find((result) => result.error)?.error;
        failures.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  if (playwrightCode !== 0 && (!stats || stats.unexpected === 0)) broken = true;
}

if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
