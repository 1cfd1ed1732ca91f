import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories';
import { User } from '../user/index';
import { LinkToken } from './link-token';

const issue = (
  subjectId: string,
  extra: Partial<LinkToken.IssueOptions> = {},
  flow: LinkToken.FlowName = 'verify-email',
) => LinkToken.issue(flow, { subjectId, owner: { pk: `TEST#${subjectId}` }, ...extra });

describe('link tokens', () => {
  it('are used together with the change they authorise, or not at all', async () => {
    const user = await createUser();
    const { token } = await issue(user._id);
    // The change fails its own condition (an account that does not exist): nothing is written.
    const stale = await LinkToken.use('verify-email', token, [
      User.tx.markEmailVerified('usr_01JNOSUCHUSER0000000000000'),
    ]);
    expect(stale).toEqual({ ok: false, reason: 'stale' });
    expect(await LinkToken.view('verify-email', token)).toMatchObject({ ok: true });

    const used = await LinkToken.use('verify-email', token, (link) => [
      User.tx.markEmailVerified(link.subjectId),
    ]);
    expect(used).toMatchObject({ ok: true, record: { subjectId: user._id } });
    expect(await LinkToken.use('verify-email', token, [])).toEqual({ ok: false, reason: 'used' });
  });

  it('work exactly once when many use the same token at once', async () => {
    const user = await createUser();
    const { token } = await issue(user._id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => LinkToken.use('verify-email', token, [])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(19).fill('used'));
  });

  it('say why they cannot be used', async () => {
    const user = await createUser();
    const old = await issue(user._id, { now: new Date(Date.now() - 25 * 3600 * 1000) });
    expect(await LinkToken.use('verify-email', old.token, [])).toEqual({ ok: false, reason: 'expired' });
    const other = await issue(user._id, {}, 'reset-password');
    expect(await LinkToken.use('verify-email', other.token, [])).toEqual({ ok: false, reason: 'invalid' });
    expect(await LinkToken.use('verify-email', 'x'.repeat(43), [])).toEqual({ ok: false, reason: 'invalid' });
    expect(await LinkToken.use('verify-email', 'not a token', [])).toEqual({ ok: false, reason: 'invalid' });
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
    const { token } = await issue(user._id, {}, 'acknowledge-work-order');
    const { token: other } = await issue(user._id, {}, 'acknowledge-work-order');
    const subjects = new Map<string, { id: string; link: string; answered: boolean }>();
    const load = async (id: string) => subjects.get(id);
    const current = await LinkToken.view('acknowledge-work-order', token);
    if (!current.ok) throw new Error('the link should be usable');
    subjects.set(user._id, { id: user._id, link: current.record.tokenHash, answered: false });
    // The acknowledgment's replies (the flow table): an unknown or replaced link is 404, an answered one 400.
    const options = {
      subject: {
        load,
        linkOf: (s: { link: string }) => s.link,
        check: (s: { answered: boolean }) => (s.answered ? ('settled' as const) : null),
      },
    };
    const answered = LinkToken.flows['acknowledge-work-order'].replies.settled.msg;

    const opened = await LinkToken.view('acknowledge-work-order', token, options);
    expect(opened.subject.id).toBe(user._id);
    // Another link for the same subject is not its current one: refused like an unknown link.
    await expect(LinkToken.view('acknowledge-work-order', other, options)).rejects.toMatchObject({
      kind: 'not_found',
    });
    subjects.set(user._id, { id: user._id, link: current.record.tokenHash, answered: true });
    await expect(LinkToken.view('acknowledge-work-order', token, options)).rejects.toMatchObject({
      message: answered,
    });
    await LinkToken.use('acknowledge-work-order', token, []);
    await expect(LinkToken.view('acknowledge-work-order', token, options)).rejects.toMatchObject({
      message: LinkToken.flows['acknowledge-work-order'].replies.used.msg,
    });
  });
});
