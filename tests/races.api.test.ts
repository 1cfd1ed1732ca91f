import { LinkToken } from '@app/core/auth/link-token';
import { RateLimit } from '@app/core/rate-limit/index';
import { describe, expect, it } from 'vitest';
import { app } from '../functions/src/api/index';
import { createUser } from './factories';

/**
 * The race suite: every limit and every claim on something scarce, hit by
 * many requests at once. Later issues add theirs (slots, work-order numbers).
 */
let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

/** The status of one POST from `ip`. */
const send = async (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
  (
    await app.request(
      path,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    )
  ).status;

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('races: sign-in limits', { timeout: 90_000 }, () => {
  it('40 concurrent attempts, the right password last: at most 10 passwords checked, the right one refused', async () => {
    const user = await createUser();
    const ip = freshIp();
    const attempts = [
      ...Array.from({ length: 39 }, () => ({ email: user.email, password: 'wrong-password' })),
      { email: user.email, password: user.password },
    ];
    const statuses = await Promise.all(attempts.map((body) => send('/api/users/login', body, ip)));
    const counts = tally(statuses);
    // 400: checked and wrong; 200: checked and right; 429: refused before any check;
    // 503: refused by the bound on concurrent hashes (the first sign-in of a process also hashes its decoy).
    expect((counts[400] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(30);
    expect(
      statuses.every((s) => [200, 400, 429, 503].includes(s)),
      JSON.stringify(counts),
    ).toBe(true);
    // The limit is reached: the right password from this address is refused now.
    expect(await send('/api/users/login', { email: user.email, password: user.password }, ip)).toBe(429);
  });

  it('200 concurrent guesses from one address: at most 10 passwords checked', async () => {
    const user = await createUser();
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        send('/api/users/login', { email: user.email, password: 'wrong-password' }, ip),
      ),
    );
    expect(tally(statuses)[400] ?? 0).toBeLessThanOrEqual(10);
    expect(
      statuses.every((s) => [400, 429, 503].includes(s)),
      JSON.stringify(tally(statuses)),
    ).toBe(true);
  });

  it('40 concurrent wrong current passwords on change-password: at most 10 checked', async () => {
    const user = await createUser();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(
          '/api/users/change-password',
          { currentPassword: 'not-my-password', newPassword: 'new-password-77' },
          freshIp(),
          user.headers,
        ),
      ),
    );
    expect(tally(statuses)[400] ?? 0).toBeLessThanOrEqual(10);
    expect(
      statuses.every((s) => [400, 429, 503].includes(s)),
      JSON.stringify(tally(statuses)),
    ).toBe(true);
  });
});

describe('races: counters and tokens', { timeout: 90_000 }, () => {
  it('a limit of 10 lets exactly 10 of 50 concurrent hits through', async () => {
    const rule = { scope: `race-${crypto.randomUUID().slice(0, 8)}`, limit: 10, windowSeconds: 3600 };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => RateLimit.hit(rule, 'someone')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });

  it('a verification link opened 20 times at once verifies once', async () => {
    const user = await createUser();
    const { token } = await LinkToken.issue({
      purpose: 'verify-email',
      subjectId: user._id,
      ownerPk: `USER#${user._id}`,
      ttlSeconds: 3600,
    });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await app.request(`/api/users/verify-email/${token}`)).status),
    );
    expect(tally(statuses)).toEqual({ 200: 1, 400: 19 });
  });
});
