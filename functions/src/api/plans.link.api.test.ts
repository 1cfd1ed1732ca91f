import { LinkToken } from '@app/core/auth/link-token';
import { linkTexts } from '@app/core/auth/link-texts';
import { config } from '@app/core/config';
import { Plan } from '@app/core/plan/index';
import { enrolmentRef } from '@app/core/plan/store';
import * as time from '@app/core/time';
import { describe, expect, it } from 'vitest';
import { nextDate, send } from '../../../tests/booking-factories';
import { json } from '../../../tests/factories';
import { customer, enrol, mailsTo, makePlan, visitsOf } from '../../../tests/plan-factories';
import type { EnrolmentReply } from './plans';

/**
 * A plan managed by its mails' "Manage your plan" link (issue 35, decision 133): the plan's page
 * without signing in, and skip / pause / resume / cancel through the signed-in routes' own
 * functions; an unknown, expired or settled link refused 4xx with its message, nothing changed.
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

const state = async (link: string) => (await json<EnrolmentReply>(await send('GET', link, {}))).state;

describe('/api/plans/link/:token', () => {
  it('the enrolment mail’s link shows the plan; skip, pause, resume and cancel by it, each mail with a fresh link', async () => {
    const { plan, c, first, e, link } = await enrolled();
    const page = await send('GET', link, {});
    expect(page.status).toBe(200);
    const shown = await json<EnrolmentReply>(page);
    expect(shown).toMatchObject({ _id: e._id, name: plan.name, vehicle: '2020 Mazda CX-5', state: 'active' });
    expect(shown.next.map((v) => v.date)[0]).toBe(first);

    const skipped = await send('POST', `${link}/skip`, {}, { date: first });
    expect(skipped.status).toBe(200);
    expect((await json<EnrolmentReply>(skipped)).skipped).toEqual([first]);
    expect((await visitsOf(e._id)).find((b) => b.date === first)?.status).toBe('Cancelled');
    // A date that is no visit of the plan: 400 with the signed-in route's message.
    const notAVisit = await send('POST', `${link}/skip`, {}, { date: time.addDays(first, 1) });
    expect(notAVisit.status).toBe(400);
    expect((await json<{ msg: string }>(notAVisit)).msg).toBe(
      'That date is not one of the plan’s upcoming visits.',
    );

    expect((await send('POST', `${link}/pause`, {})).status).toBe(200);
    expect(await state(link)).toBe('paused');
    expect((await visitsOf(e._id)).every((b) => b.status === 'Cancelled')).toBe(true);
    // The paused mail carries a fresh link to the same plan.
    const fresh = `/api/plans/link/${await linkIn(c.email, 'Your plan is paused')}`;
    expect(fresh).not.toBe(link);
    expect((await send('POST', `${fresh}/resume`, {})).status).toBe(200);
    expect(await state(link)).toBe('active');
    expect((await visitsOf(e._id)).some((b) => b.status === 'Pending')).toBe(true);

    const cancelled = await send('POST', `${link}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect((await json<EnrolmentReply>(cancelled)).state).toBe('cancelled');
    expect((await mailsTo(c.email)).map((m) => m.subject)).toContain(`Your plan is cancelled: ${plan.name}`);
    // The plan is settled: its page still shows it, and every action is refused, nothing changed.
    expect(await state(link)).toBe('cancelled');
    const again = await send('POST', `${link}/resume`, {});
    expect(again.status).toBe(409);
    expect((await json<{ msg: string }>(again)).msg).toBe(linkTexts.plan.settled);
    expect(await state(link)).toBe('cancelled');
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

  it('8 pauses at once on one link: one wins, the others are refused 409, the plan paused once', async () => {
    const { c, e, link } = await enrolled();
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
  });
});
