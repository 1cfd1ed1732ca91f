import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
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
