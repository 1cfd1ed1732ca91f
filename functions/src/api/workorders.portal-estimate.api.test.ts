import { asSystem } from '@app/core/actor';
import { Storage } from '@app/core/storage/index';
import { entity } from '@app/core/workorder/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { answer, estimateFixtures } from '../../../tests/estimate-factories';
import { createUser, json } from '../../../tests/factories';
import { acknowledgmentLink, cameraJpeg, pdfText } from '../../../tests/workorder-factories';
import { readOutbox } from '../local/outbox';
import type { WorkOrderReply } from './workorders';

/**
 * The estimate in the work order portal (issue 33, decision 127): the number and the customer's
 * email show each line with its photos and price; to answer, a one-time code mailed to that email;
 * the answer is the link's own (the same record, hash, recommended work and counters), recorded as
 * `portal_code`. A wrong, run-out, used or stale code changes nothing.
 */

type Caller = Awaited<ReturnType<typeof createUser>>;
type Msg = { msg: string };
type PortalPage = {
  workOrderNumber: string;
  version: string;
  photos: { id: string }[];
  estimate: { lines: { id: string; state: string; total: number; photoIds: string[] }[]; total: number };
};

let admin: Caller;
let camera: Uint8Array;

beforeAll(async () => {
  await Storage.ensureBucket();
  [admin, camera] = await Promise.all([createUser({ role: 'admin' }), cameraJpeg(600, 400)]);
});

const { estimate, addLine } = estimateFixtures(() => ({ admin, camera }));
const read = async (id: string) =>
  json<WorkOrderReply>(await send('GET', `/api/workOrders/${id}`, admin.headers));
const portal = (number: string) => `/api/workOrders/public/${number}`;
const q = (email: string) => `?email=${encodeURIComponent(email)}`;

/** Asks for a code in the portal as `email`; the reply. */
const askCode = (wo: { workOrderNumber: string }, email: string) =>
  send('POST', `${portal(wo.workOrderNumber)}/estimate/code`, {}, { email });

/** The code in the newest portal mail to `email`. */
async function codeMailedTo(email: string): Promise<string> {
  const mails = (await readOutbox()).filter((m) => m.to.includes(email) && /Your code for/.test(m.subject));
  const code = /portal is (\d{6})\./.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('No code was mailed.');
  return code;
}

/** The answer in the portal: the body of the link's answer, with the code. */
const answerInPortal = (
  wo: { workOrderNumber: string; customer: { name: string; email: string } },
  decisions: [string, string][],
  code: string,
  extra = {},
) =>
  send(
    'POST',
    `${portal(wo.workOrderNumber)}/estimate/answer`,
    {},
    answer(wo, decisions, { code, ...extra }),
  );

describe('the portal shows the estimate', () => {
  it('each line with its photos and price for the number and email; anyone else the portal’s 404', async () => {
    const { wo } = await estimate();
    const page = await json<PortalPage>(
      await send('GET', `${portal(wo.workOrderNumber)}/estimate${q(wo.customer.email.toUpperCase())}`),
    );
    // Brake service $140, the two pads $100 and $150, the filter $30: all awaiting; the total without them.
    expect(page.estimate.lines.every((l) => l.state === 'proposed')).toBe(true);
    expect(page.estimate.lines.reduce((sum, l) => sum + l.total, 0)).toBe(420);
    expect(page.estimate.total).toBe(308.98);
    const photoId = page.estimate.lines[0]?.photoIds[0] ?? '';
    expect(page.photos.map((p) => p.id)).toContain(photoId);
    const photo = await send(
      'GET',
      `${portal(wo.workOrderNumber)}/photos/${photoId}${q(wo.customer.email)}&size=small`,
    );
    expect(photo.status).toBe(200);
    const wrong = await send('GET', `${portal(wo.workOrderNumber)}/estimate${q('someone@example.com')}`);
    expect(wrong.status).toBe(404);
    expect((await askCode(wo, 'someone@example.com')).status).toBe(404);
  });
});

describe('the customer answers in the portal with a mailed code', () => {
  it('a wrong code changes nothing; the right one records the answer as the link would, once, and the PDF names it', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const token = await acknowledgmentLink(admin, wo);
    const sent = await askCode(wo, wo.customer.email);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { message, sentTo } = await json<{ message: string; sentTo: string }>(sent);
    expect(sentTo).toBe(`j***@${wo.customer.email.split('@')[1]}`);
    expect(message).toContain(sentTo);
    const code = await codeMailedTo(wo.customer.email);
    const decisions: [string, string][] = [
      [service.id, 'approved'],
      [oem.id, 'declined'],
      [ceramic.id, 'approved'],
      [filter.id, 'deferred'],
    ];

    const wrong = await answerInPortal(wo, decisions, code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect((await json<Msg>(wrong)).msg).toBe(
      'That code is not right. Check the email we sent you and try again.',
    );
    const noTerms = await answerInPortal(wo, decisions, code, { termsAccepted: false });
    expect(noTerms.status).toBe(400);
    const unsigned = await answerInPortal(wo, decisions, code, { signature: null });
    expect(unsigned.status).toBe(400);
    expect((await read(wo._id)).estimate.lines.every((l) => l.state === 'proposed')).toBe(true);

    const done = await answerInPortal(wo, decisions, code);
    expect(done.status, await done.clone().text()).toBe(200);
    const after = await read(wo._id);
    // $291.49 + $140 + $150 = $581.49; tax 6 % $34.89; $616.38.
    expect(after.pricing.totalAmount).toBe(616.38);
    expect(after.acknowledgment).toMatchObject({ isAcknowledged: true, portal: { codeSentTo: sentTo } });
    expect(after.estimate.approval).toMatchObject({ channel: 'portal_code', signed: true, total: 616.38 });
    // Used once: again is 409 and nothing moves; the mailed link is gone with it.
    const again = await answerInPortal(wo, decisions, code);
    expect(again.status).toBe(409);
    expect((await read(wo._id)).estimate.approval?.at).toBe(after.estimate.approval?.at);
    expect((await send('GET', `/api/workOrders/acknowledge/${token}`)).status).toBe(404);
    const pdfRaw = await pdfText(
      new Uint8Array(await (await send('GET', `/api/workOrders/${wo._id}/pdf`, admin.headers)).arrayBuffer()),
    );
    const pdf = pdfRaw.replace(/\s+/g, ' ');
    expect(pdf).toContain('in the work order portal, with a one-time code mailed to them');
    expect(pdf).toContain(`Signed in the work order portal, with a one-time code mailed to ${sentTo}.`);
  });

  it('refuses, changing nothing: no code asked, a code run out, an estimate changed after the code was mailed, nothing to answer', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const decisions: [string, string][] = [
      [service.id, 'declined'],
      [oem.id, 'approved'],
      [ceramic.id, 'declined'],
      [filter.id, 'declined'],
    ];
    const none = await answerInPortal(wo, decisions, '123456');
    expect(none.status).toBe(409);
    expect((await json<Msg>(none)).msg).toBe('Ask for a code first: we email it to you.');

    expect((await askCode(wo, wo.customer.email)).status).toBe(200);
    const code = await codeMailedTo(wo.customer.email);
    await asSystem('test', () =>
      entity.patch(
        { id: wo._id },
        { set: { 'portalCode.expiresAt': new Date(Date.now() - 1000).toISOString() } },
      ),
    );
    const expired = await answerInPortal(wo, decisions, code);
    expect(expired.status).toBe(409);
    expect((await json<Msg>(expired)).msg).toBe('The code has expired. Ask for a new one.');

    expect((await askCode(wo, wo.customer.email)).status).toBe(200);
    const fresh = await codeMailedTo(wo.customer.email);
    // The shop adds a line after the code went: the code is for what the customer was shown.
    await addLine(wo._id, {
      description: 'Wiper blades',
      hours: 0,
      parts: [{ description: 'Blades', quantity: 1, unitPrice: 25 }],
    });
    const stale = await answerInPortal(wo, decisions, fresh);
    expect(stale.status).toBe(409);
    expect((await json<Msg>(stale)).msg).toBe(
      'The estimate changed after we sent the code. Please review it again and ask for a new code.',
    );
    const after = await read(wo._id);
    expect(after.acknowledgment.isAcknowledged).toBe(false);
    expect(after.estimate.lines.every((l) => l.state === 'proposed')).toBe(true);
    expect(after.estimate.approval ?? null).toBeNull();

    // A work order without recommended work waiting: no code is sent.
    await asSystem('test', () => entity.patch({ id: wo._id }, { set: { estimateLines: [] } }));
    const nothing = await askCode(wo, wo.customer.email);
    expect(nothing.status).toBe(409);
    expect((await json<Msg>(nothing)).msg).toBe(
      'This work order has no recommended work waiting for your answer.',
    );
  });

  it('race: eight answers with one code at once: one 200, the others 409, one record', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    expect((await askCode(wo, wo.customer.email)).status).toBe(200);
    const code = await codeMailedTo(wo.customer.email);
    const choices: [string, string][][] = Array.from({ length: 8 }, (_, i) => [
      [service.id, i % 2 ? 'approved' : 'declined'],
      [oem.id, i % 2 ? 'declined' : 'approved'],
      [ceramic.id, i % 2 ? 'approved' : 'declined'],
      [filter.id, i % 3 ? 'deferred' : 'declined'],
    ]);
    const statuses = (await Promise.all(choices.map((c) => answerInPortal(wo, c, code)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const after = await read(wo._id);
    const winner = choices[statuses.indexOf(200)] ?? [];
    expect(after.estimate.lines.map((l) => l.state)).toEqual(winner.map(([, d]) => d));
    expect(after.estimate.approval?.channel).toBe('portal_code');
    const stored = await asSystem('test', () => entity.get({ id: wo._id }, { consistent: true }));
    expect(stored?.estimateTrail).toEqual([]);
    expect(stored?.acknowledgmentHistory).toEqual([]);
  });
});
