import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node 20 is what this machine has; the SDK's notice about its future Node 22 floor is noise in tests.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
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
