import { LinkToken } from '@app/core/auth/link-token';
import { linkTexts } from '@app/core/auth/link-texts';
import { config } from '@app/core/config';
import { queryIndexPage } from '@app/core/db/entity';
import { Plan } from '@app/core/plan/index';
import { enrolmentRef } from '@app/core/plan/store';
import * as time from '@app/core/time';
import { describe, expect, it } from 'vitest';
import { nextDate, send } from '../../../tests/booking-factories';
import { json } from '../../../tests/factories';
import { customer, enrol, mailsTo, makePlan, visitsOf } from '../../../tests/plan-factories';
import type { EnrolmentReply } from './plans';

/**
 * A plan managed by its mails' "Manage your plan" link (issue 35, decisions 133, 134): the plan's page
 * without signing in, and skip / pause / resume / cancel through the signed-in routes' own
 * functions, each using the link and handing on the next one; a used link shows the plan read-only
 * and asks for a new one by mail; an unknown, used, expired or settled link refused 4xx with its
 * message, nothing changed.
 */

/** The "Manage your plan" link's token in the newest mail with `subject` to the customer. */
async function linkIn(email: string, subject: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.subject.startsWith(subject)).at(-1);
  const token = mail?.text.match(/\/plan\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`No plan link in “${subject}”.`);
  return token;
}

async function enrolled() {
  const { plan } = await makePlan({ recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH' });
  const c = await customer();
  const first = nextDate('Thursday');
  const e = await json<EnrolmentReply>(await enrol(c, plan._id, first));
  return { plan, c, first, e, link: `/api/plans/link/${await linkIn(c.email, 'You are enrolled')}` };
}

type ByLinkReply = EnrolmentReply & { token: string };
type PageReply = EnrolmentReply & { used: boolean };

const state = async (link: string) => (await json<EnrolmentReply>(await send('GET', link, {}))).state;

/** An action by `link`: 200, and the next link (the reply's token), which differs from the one used. */
async function acted(link: string, action: string, body?: object) {
  const reply = await send('POST', `${link}/${action}`, {}, body);
  expect(reply.status).toBe(200);
  const changed = await json<ByLinkReply>(reply);
  const next = `/api/plans/link/${changed.token}`;
  expect(next).not.toBe(link);
  return { changed, next };
}

/** Every action on a used link: 400 with the used link's message; the plan as it was. */
async function refusedAsUsed(link: string, userId: string, id: string, first: string) {
  const before = await Plan.enrolment.get({ userId, id }, { consistent: true });
  for (const [action, body] of [['skip', { date: first }], ['pause'], ['resume'], ['cancel']] as const) {
    const reply = await send('POST', `${link}/${action}`, {}, body);
    expect(reply.status).toBe(400);
    expect(await json<{ msg: string; reason: string }>(reply)).toMatchObject({
      msg: linkTexts.plan.used,
      reason: 'used',
    });
  }
  expect(await Plan.enrolment.get({ userId, id }, { consistent: true })).toEqual(before);
}

/** The customer's `manage-plan` tokens stored (used or not): the owner index of the enrolment's key. */
async function tokensOf(userId: string, id: string) {
  const { items } = await queryIndexPage({
    index: 'byOwner',
    partition: Plan.enrolment.key({ userId, id }).pk,
    limit: 100,
    budget: 500,
    accept: (raw) => String(raw.ownerSk).startsWith('TOKEN#manage-plan#'),
  });
  return items;
}

// Enrolling places a year's visits ahead (about 10 s on a busy 2-core machine): the chains of actions need room.
describe('/api/plans/link/:token', { timeout: 60_000 }, () => {
  it('each action by link uses it and hands on a new one that works; the old one is refused on every action and its page says used', async () => {
    const { plan, c, first, e, link } = await enrolled();
    const page = await send('GET', link, {});
    expect(page.status).toBe(200);
    const shown = await json<PageReply>(page);
    expect(shown).toMatchObject({ _id: e._id, name: plan.name, vehicle: '2020 Mazda CX-5', state: 'active' });
    expect(shown.used).toBe(false);
    expect(shown.next.map((v) => v.date)[0]).toBe(first);

    const skip = await acted(link, 'skip', { date: first });
    expect(skip.changed.skipped).toEqual([first]);
    expect((await visitsOf(e._id)).find((b) => b.date === first)?.status).toBe('Cancelled');
    // The used link: its page shows the plan read-only, every action is refused, nothing changed.
    const usedPage = await json<PageReply>(await send('GET', link, {}));
    expect(usedPage).toMatchObject({ _id: e._id, used: true, skipped: [first] });
    await refusedAsUsed(link, c._id, e._id, first);

    // A date that is no visit of the plan: 400 with the signed-in route's message, the link not used.
    const notAVisit = await send('POST', `${skip.next}/skip`, {}, { date: time.addDays(first, 1) });
    expect(notAVisit.status).toBe(400);
    expect((await json<{ msg: string }>(notAVisit)).msg).toBe(
      'That date is not one of the plan’s upcoming visits.',
    );

    const pause = await acted(skip.next, 'pause');
    expect(await state(pause.next)).toBe('paused');
    expect((await visitsOf(e._id)).every((b) => b.status === 'Cancelled')).toBe(true);
    // The paused mail carries the link the reply handed on, not an older one.
    expect(`/api/plans/link/${await linkIn(c.email, 'Your plan is paused')}`).toBe(pause.next);

    const resume = await acted(pause.next, 'resume');
    expect(await state(resume.next)).toBe('active');
    expect((await visitsOf(e._id)).some((b) => b.status === 'Pending')).toBe(true);

    const cancel = await acted(resume.next, 'cancel');
    expect(cancel.changed.state).toBe('cancelled');
    expect((await mailsTo(c.email)).map((m) => m.subject)).toContain(`Your plan is cancelled: ${plan.name}`);
    // The plan is settled: its page still shows it, and every action is refused, nothing changed.
    expect(await state(cancel.next)).toBe('cancelled');
    const again = await send('POST', `${cancel.next}/resume`, {});
    expect(again.status).toBe(409);
    expect((await json<{ msg: string }>(again)).msg).toBe(linkTexts.plan.settled);
    expect(await state(cancel.next)).toBe('cancelled');
    // Four actions, four links used, each with its successor: the enrolment's, and the four handed on.
    const tokens = await tokensOf(c._id, e._id);
    expect(tokens.filter((t) => t.usedAt)).toHaveLength(4);
    expect(tokens).toHaveLength(5);
  });

  it('a used or expired link mails the customer a new link that works; unknown 404, a cancelled plan 409', async () => {
    const { c, e, first, link } = await enrolled();
    const { next } = await acted(link, 'skip', { date: first });
    const before = (await mailsTo(c.email)).length;
    const resent = await send('POST', `${link}/resend`, {});
    expect(resent.status).toBe(200);
    expect((await json<{ msg: string }>(resent)).msg).toBe(linkTexts.plan.resent);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.to).toEqual([c.email]);
    const fresh = `/api/plans/link/${await linkIn(c.email, 'A new link to your plan')}`;
    expect([link, next]).not.toContain(fresh);
    expect((await json<PageReply>(await send('GET', fresh, {}))).used).toBe(false);
    const { next: after } = await acted(fresh, 'pause');

    const stored = await Plan.enrolment.get({ userId: c._id, id: e._id }, { consistent: true });
    const { token } = await LinkToken.issue('manage-plan', {
      subjectId: enrolmentRef(stored!),
      owner: Plan.enrolment.key(stored!),
      now: new Date(Date.now() - (config().planLinkDays + 1) * 86_400_000),
    });
    expect((await send('POST', `/api/plans/link/${token}/resend`, {})).status).toBe(200);
    const unknown = await send('POST', `/api/plans/link/${'x'.repeat(43)}/resend`, {});
    expect(unknown.status).toBe(404);
    expect((await json<{ msg: string }>(unknown)).msg).toBe(linkTexts.plan.invalid);

    await acted(after, 'cancel');
    const settled = await send('POST', `${link}/resend`, {});
    expect(settled.status).toBe(409);
    expect((await json<{ msg: string }>(settled)).msg).toBe(linkTexts.plan.settled);
  });

  it('an unknown or expired link is refused with its message, and changes nothing', async () => {
    const { c, e } = await enrolled();
    const unknown = await send('POST', `/api/plans/link/${'x'.repeat(43)}/pause`, {});
    expect(unknown.status).toBe(404);
    expect((await json<{ msg: string }>(unknown)).msg).toBe(linkTexts.plan.invalid);
    expect((await send('GET', '/api/plans/link/short', {})).status).toBe(404);

    const stored = await Plan.enrolment.get({ userId: c._id, id: e._id }, { consistent: true });
    const { token } = await LinkToken.issue('manage-plan', {
      subjectId: enrolmentRef(stored!),
      owner: Plan.enrolment.key(stored!),
      now: new Date(Date.now() - (config().planLinkDays + 1) * 86_400_000),
    });
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/pause'],
      ['POST', '/cancel'],
    ] as const) {
      const expired = await send(method, `/api/plans/link/${token}${path}`, {});
      expect(expired.status).toBe(400);
      expect((await json<{ msg: string }>(expired)).msg).toBe(linkTexts.plan.expired);
    }
    const after = await Plan.enrolment.get({ userId: c._id, id: e._id }, { consistent: true });
    expect(after).toMatchObject({ state: 'active', rev: stored!.rev });
  });

  it('8 actions at once on one link: one wins, the others are refused 409, the plan changed once, one new link', async () => {
    const { c, e, link } = await enrolled();
    const issued = (await tokensOf(c._id, e._id)).length;
    const before = await Plan.enrolment.get({ userId: c._id, id: e._id }, { consistent: true });
    const replies = await Promise.all(Array.from({ length: 8 }, () => send('POST', `${link}/pause`, {})));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((r) => r.status === 409)) {
      expect((await json<{ msg: string }>(r)).msg).toEqual(expect.any(String));
    }
    expect(await state(link)).toBe('paused');
    const paused = (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Your plan is paused'));
    expect(paused).toHaveLength(1);
    expect((await visitsOf(e._id)).every((b) => b.status === 'Cancelled')).toBe(true);
    const after = await Plan.enrolment.get({ userId: c._id, id: e._id }, { consistent: true });
    expect(after?.rev).toBe((before?.rev ?? 0) + 1);
    expect((await tokensOf(c._id, e._id)).length).toBe(issued + 1);
  });
});
