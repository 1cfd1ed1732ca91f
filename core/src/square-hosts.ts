/**
 * Square's environments and API hosts. No imports: the SST program
 * (infra/environment.ts) reads this too, and must not bundle zod or date-fns.
 */

/** Where card payments go: the local stand-in (functions/src/local/square), Square's sandbox, or production. */
export const squareEnvironments = ['local', 'sandbox', 'production'] as const;
export type SquareEnvironment = (typeof squareEnvironments)[number];

/** Square's API hosts; SQUARE_BASE_URL overrides them (the local stack sets it to its stand-in). */
export const squareBaseUrls = {
  sandbox: 'https://connect.squareupsandbox.com',
  production: 'https://connect.squareup.com',
} as const;
