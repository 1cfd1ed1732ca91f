import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The unit test files, split by what they need. Most are pure rules: they share one module registry
 * per worker (`isolate: false`) instead of importing the same modules again for each file (the unit
 * run took about a minute of re-imports for some 140 files; now about 25 s). A file that mocks or
 * spies on a module, stubs a global, moves the clock or sets `process.env` (which core's `config()`
 * reads once per registry) changes what later files would see, so it runs isolated, as every file
 * did before. Read from the files themselves: a new test lands on the right side without a list to keep.
 */
const changesModules =
  /\bvi\.(mock|doMock|hoisted|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\b|process\.env\b/;
const testFiles = (roots: string[], kind: 'unit' | 'api') =>
  roots
    .flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => join(root, file)),
    )
    .filter(
      (file) =>
        file.endsWith('.test.ts') &&
        file.endsWith('.api.test.ts') === (kind === 'api') &&
        !file.includes('node_modules'),
    );
const bySharing = (files: string[]) => {
  const isolated = files.filter((file) => changesModules.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
};
const unit = bySharing(testFiles(['core/src', 'web/src', 'functions/src', 'scripts'], 'unit'));
const api = testFiles(['core/src', 'functions/src', 'scripts', 'tests'], 'api');

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
        test: { name: 'unit', include: unit.shared, environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unit.isolated, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: api,
          // One set of stand-ins for the run; each test file gets its own table (tests/api-setup.ts).
          // They stay isolated: a file's work still under way when it ends (a mail's delivery, a
          // job's next step) would otherwise write into the next file's table.
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
