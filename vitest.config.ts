import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests, split by what they need. Most are pure rules: they share one module registry per
 * worker (`isolate: false`), which cuts the unit run from about a minute of re-importing the same
 * modules for each of some 140 files to under 20 s. A file that mocks a module, stubs a global, moves
 * the clock or sets `process.env` (which core's `config()` reads once per module registry) changes
 * what later files would import, so it runs isolated, as every file did before. Read from the files
 * themselves, so a new test lands on the right side without a list to keep.
 */
const unitRoots = ['core/src', 'web/src', 'functions/src', 'scripts'];
const changesModules =
  /\bvi\.(mock|doMock|hoisted|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\b|process\.env\b/;
const unitFiles = unitRoots.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.test.ts') && !file.endsWith('.api.test.ts') && !file.includes('node_modules'),
    )
    .map((file) => join(root, file)),
);
const isolatedUnitFiles = unitFiles.filter((file) => changesModules.test(readFileSync(file, 'utf8')));
const sharedUnitFiles = unitFiles.filter((file) => !isolatedUnitFiles.includes(file));

export default defineConfig({
  test: {
    // The tests run on Node 22 (Lambda's runtime, .ci/run); should an older Node run them, the SDK's
    // notice about its Node floor is noise in tests.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // At least two files at once (decision 113). Vitest's default is one fewer than the cores, which is
    // one on CI's 2-core machine; the API tests spend much of their time waiting for DynamoDB Local and
    // the stand-ins, and every file has its own table and bucket, so two at once cut their time by a third.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: sharedUnitFiles, environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: isolatedUnitFiles, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'core/src/**/*.api.test.ts',
            'functions/src/**/*.api.test.ts',
            'scripts/**/*.api.test.ts',
            'tests/**/*.api.test.ts',
          ],
          // One set of stand-ins for the run; each test file gets its own table (tests/api-setup.ts).
          globalSetup: ['tests/stand-ins.global.ts'],
          setupFiles: ['tests/api-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
