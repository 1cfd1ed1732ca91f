import { beforeAll, describe, expect, it } from 'vitest';
import { awsUnitEnv } from '../../../tests/aws-env';

beforeAll(() => {
  Object.assign(process.env, {
    ...awsUnitEnv,
    MAIL_FROM: 'no-reply@example.com',
    BUSINESS_EMAIL: 'shop@example.com',
    PUBLIC_URL: 'http://localhost',
    PASSWORD_COST_LOG2: '12',
  });
});

describe('password hashing under load', () => {
  it(
    'runs a bounded number of hashes; calls past a short queue get a fast 503 with Retry-After',
    { timeout: 60_000 },
    async () => {
      const { HASH_CONCURRENCY, HASH_QUEUE, hashPassword, verifyPassword } = await import('./password');
      const { VisibleError } = await import('../error');
      // The order in which the calls settle: a refusal must come before any hash is done (refused at once).
      const order: ('hashed' | 'refused')[] = [];
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          hashPassword(`password-${i}`).then(
            (hash) => {
              order.push('hashed');
              return hash;
            },
            (error: unknown) => {
              order.push('refused');
              throw error;
            },
          ),
        ),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE);
      expect(refused).toHaveLength(40 - HASH_CONCURRENCY - HASH_QUEUE);
      for (const r of refused) {
        const error = (r as PromiseRejectedResult).reason as InstanceType<typeof VisibleError>;
        expect(error).toBeInstanceOf(VisibleError);
        expect(error.kind).toBe('unavailable');
        expect(error.extra.retryAfterSeconds).toBeGreaterThan(0);
      }
      // The slots come back: later calls work, and hashes verify.
      const hash = await hashPassword('fine-password');
      expect(await verifyPassword('fine-password', hash)).toBe(true);
      // Fast: every refusal settled before the first hash finished, so none waited on one.
      expect(order.indexOf('hashed')).toBe(40 - HASH_CONCURRENCY - HASH_QUEUE);
    },
  );
});
