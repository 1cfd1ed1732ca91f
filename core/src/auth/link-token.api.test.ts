import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories';
import { User } from '../user/index';
import { LinkToken } from './link-token';

const issue = (subjectId: string, extra: Partial<Parameters<typeof LinkToken.issue>[0]> = {}) =>
  LinkToken.issue({
    purpose: 'verify-email',
    subjectId,
    ownerPk: `USER#${subjectId}`,
    ttlSeconds: 3600,
    ...extra,
  });

describe('link tokens', () => {
  it('are used together with the change they authorise, or not at all', async () => {
    const user = await createUser();
    const { token } = await issue(user._id);
    // The change fails its own condition (an account that does not exist): nothing is written.
    const stale = await LinkToken.redeemWith('verify-email', token, () => [
      User.tx.markEmailVerified('usr_01JNOSUCHUSER0000000000000'),
    ]);
    expect(stale).toEqual({ ok: false, reason: 'stale' });
    expect(await LinkToken.inspect('verify-email', token)).toMatchObject({ ok: true });

    const used = await LinkToken.redeemWith('verify-email', token, (link) => [
      User.tx.markEmailVerified(link.subjectId),
    ]);
    expect(used).toMatchObject({ ok: true, record: { subjectId: user._id } });
    expect(await LinkToken.redeem('verify-email', token)).toEqual({ ok: false, reason: 'used' });
  });

  it('work exactly once when many use the same token at once', async () => {
    const user = await createUser();
    const { token } = await issue(user._id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => LinkToken.redeem('verify-email', token)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(19).fill('used'));
  });

  it('say why they cannot be used', async () => {
    const user = await createUser();
    const old = await issue(user._id, { now: new Date(Date.now() - 2 * 3600 * 1000) });
    expect(await LinkToken.redeem('verify-email', old.token)).toEqual({ ok: false, reason: 'expired' });
    const other = await issue(user._id, { purpose: 'reset-password' });
    expect(await LinkToken.redeem('verify-email', other.token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await LinkToken.redeem('verify-email', 'x'.repeat(43))).toEqual({ ok: false, reason: 'invalid' });
    expect(await LinkToken.redeem('verify-email', 'not a token')).toEqual({ ok: false, reason: 'invalid' });
  });
});
