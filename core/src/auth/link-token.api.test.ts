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

describe('refusing a link (the one mapping)', () => {
  const replies: LinkToken.Replies = {
    invalid: { kind: 'not_found', msg: 'No such link.' },
    used: { kind: 'invalid', msg: 'Already used.', extra: { used: true } },
    settled: { kind: 'invalid', msg: 'Already answered.' },
  };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('throws the flow’s reply, and its reply for invalid for a refusal it does not list', () => {
    expect(refusal(() => LinkToken.refuse('used', replies))).toMatchObject({
      kind: 'invalid',
      message: 'Already used.',
      extra: { used: true },
    });
    expect(refusal(() => LinkToken.refuse('stale', replies))).toMatchObject({
      kind: 'not_found',
      message: 'No such link.',
    });
  });

  it('opens a link only while it is its subject’s current one and the subject waits for it', async () => {
    const user = await createUser();
    const { token } = await issue(user._id);
    const { token: other } = await issue(user._id);
    const subjects = new Map<string, { id: string; link: string; answered: boolean }>();
    const load = async (id: string) => subjects.get(id);
    const current = await LinkToken.inspect('verify-email', token);
    if (!current.ok) throw new Error('the link should be usable');
    subjects.set(user._id, { id: user._id, link: current.record.tokenHash, answered: false });
    const options = {
      load,
      linkOf: (s: { link: string }) => s.link,
      check: (s: { answered: boolean }) => (s.answered ? ('settled' as const) : null),
      replies,
    };

    const opened = await LinkToken.open('verify-email', token, options);
    expect(opened.subject.id).toBe(user._id);
    // Another link for the same subject is not its current one: refused like an unknown link.
    await expect(LinkToken.open('verify-email', other, options)).rejects.toMatchObject({ kind: 'not_found' });
    subjects.set(user._id, { id: user._id, link: current.record.tokenHash, answered: true });
    await expect(LinkToken.open('verify-email', token, options)).rejects.toMatchObject({
      message: 'Already answered.',
    });
    await LinkToken.redeem('verify-email', token);
    await expect(LinkToken.open('verify-email', token, options)).rejects.toMatchObject({
      message: 'Already used.',
    });
  });
});
