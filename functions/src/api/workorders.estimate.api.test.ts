import { asSystem } from '@app/core/actor';
import { config } from '@app/core/config';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@app/core/db/client';
import { Storage } from '@app/core/storage/index';
import { Estimate } from '@app/core/workorder/index';
import { entity } from '@app/core/workorder/store';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, bookedForCompletion, send } from '../../../tests/booking-factories';
import { createService, createUser, json } from '../../../tests/factories';
import { answer, estimateFixtures, signature } from '../../../tests/estimate-factories';
import { acknowledgmentLink, cameraJpeg, pdfText, postPhoto } from '../../../tests/workorder-factories';
import type { WorkOrderReply } from './workorders';

/**
 * Estimates approved line by line (issue 33, decision 125): staff turn findings into proposed
 * lines and price them; the customer approves, declines, defers and picks options, then signs;
 * the signature binds a hash of exactly the approved set; completion charges that total.
 * The base work order is the factory's: $291.49 before 6 % tax, $308.98 in all.
 */

type Caller = Awaited<ReturnType<typeof createUser>>;
type AckPage = {
  version: string;
  estimate: {
    lines: { id: string; state: string; total: number; previousTotal: number | null; photoIds: string[] }[];
    total: number;
    tripFee: number;
    approval: { digest: string; total: number } | null;
  };
};

let admin: Caller;
let technician: Caller;
let camera: Uint8Array;

beforeAll(async () => {
  await Storage.ensureBucket();
  [admin, technician, camera] = await Promise.all([
    createUser({ role: 'admin' }),
    createUser({ role: 'technician' }),
    cameraJpeg(600, 400),
  ]);
});

const settings = { ...config() };
afterEach(() => {
  config().estimateTolerance = settings.estimateTolerance;
});

const asAdmin = (path: string, method = 'GET', body?: unknown) => send(method, path, admin.headers, body);
const read = async (id: string) => json<WorkOrderReply>(await asAdmin(`/api/workOrders/${id}`));
const { inspected, addLine, estimate } = estimateFixtures(() => ({ admin, camera }));

/**
 * The customer signs `wo`'s estimate through a fresh link, answering `lines` in order with
 * `decisions`: the answer accepted.
 */
async function sign(
  wo: { _id: string; customer: { name: string; email: string } },
  lines: { id: string }[],
  decisions: string[],
) {
  const token = await acknowledgmentLink(admin, wo);
  const answered = lines.map((line, i): [string, string] => [line.id, decisions[i] ?? '']);
  const signed = await send('POST', `/api/workOrders/acknowledge/${token}`, {}, answer(wo, answered));
  expect(signed.status, await signed.clone().text()).toBe(200);
}

describe('staff write the estimate', () => {
  it('one tap: a finding marked "needs attention" becomes a proposed line with its note and photos', async () => {
    const wo = await inspected();
    const reply = await json<WorkOrderReply>(
      await asAdmin(`/api/workOrders/${wo._id}/estimate/findings`, 'POST', { category: 'brakes' }),
    );
    expect(reply.estimate.lines).toEqual([
      expect.objectContaining({
        description: 'Brakes',
        note: 'Front pads at 2 mm.',
        category: 'brakes',
        state: 'proposed',
        photoIds: reply.photos.map((p) => p.id),
        total: 0,
      }),
    ]);
    expect(reply.photos).toHaveLength(1);
    // A good item, an item not inspected: 400, nothing written.
    for (const category of ['lights', 'tyres']) {
      const refused = await asAdmin(`/api/workOrders/${wo._id}/estimate/findings`, 'POST', { category });
      expect(refused.status).toBe(400);
    }
    expect((await read(wo._id)).estimate.lines).toHaveLength(1);
    // Not the job's technician: 403; nobody: 401.
    const path = `/api/workOrders/${wo._id}/estimate/findings`;
    expect((await send('POST', path, technician.headers, { category: 'brakes' })).status).toBe(403);
    expect((await send('POST', path, {}, { category: 'brakes' })).status).toBe(401);
  });

  it('the line from a finding carries exactly its item’s photos, not the general ones nor another item’s (decision 129)', async () => {
    const wo = await inspected();
    expect((await postPhoto(wo._id, admin.headers, camera)).status).toBe(201);
    const lights = await postPhoto(wo._id, admin.headers, camera, undefined, 'lights');
    const photos = (await json<WorkOrderReply>(lights)).photos;
    expect(photos.map((p) => p.category ?? null)).toEqual(['brakes', null, 'lights']);
    const reply = await json<WorkOrderReply>(
      await asAdmin(`/api/workOrders/${wo._id}/estimate/findings`, 'POST', { category: 'brakes' }),
    );
    expect(reply.estimate.lines[0]?.photoIds).toEqual([photos[0]?.id]);
  });

  it('prices by hand in dollars or from the catalogue at the service’s own price; proposed lines are not in the total', async () => {
    const wo = await inspected();
    const service = await createService({ price: 89 });
    const reply = await addLine(wo._id, {
      description: 'Detail',
      hours: 0.5,
      parts: [{ description: '', quantity: 1, unitPrice: 1, serviceId: service._id }],
    });
    const line = reply.estimate.lines[0];
    // Half an hour at the shop's rate ($75) and the catalogue's $89, whatever price was sent.
    expect(line?.parts[0]).toMatchObject({
      unitPrice: 89,
      description: service.name,
      serviceId: service._id,
    });
    expect(line?.total).toBe(37.5 + 89);
    expect(reply.pricing.totalAmount).toBe(308.98);
    const refused = await send('POST', `/api/workOrders/${wo._id}/estimate/lines`, admin.headers, {
      description: 'Bad',
      hours: 0.3,
    });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ msg: 'Hours must be in steps of 0.25.' });
  });
});

describe('the customer decides by link', () => {
  it('approves one, declines another, picks an option and signs: the total, the record and its hash, the work kept', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const vehicleId = 'veh_01JDZ0000000000000000000AA';
    const booked = await bookedForCompletion('cnon:card-nonce-ok', 500);
    await asSystem('test', () =>
      entity.patch({ id: wo._id }, { set: { vehicleId, relatedBooking: booked.bookingId } }),
    );
    const sentBefore = await asSystem('test', () => Estimate.figuresOf(new Date().toISOString().slice(0, 7)));
    const token = await acknowledgmentLink(admin, wo);
    const page = await json<AckPage>(await send('GET', `/api/workOrders/acknowledge/${token}`));
    expect(page.estimate.lines.map((l) => [l.state, l.total])).toEqual([
      ['proposed', 140],
      ['proposed', 100],
      ['proposed', 150],
      ['proposed', 30],
    ]);
    expect(page.estimate.total).toBe(308.98);
    const done = await send(
      'POST',
      `/api/workOrders/acknowledge/${token}`,
      {},
      answer(
        wo,
        [
          [service.id, 'deferred'],
          [oem.id, 'declined'],
          [ceramic.id, 'approved'],
          [filter.id, 'declined'],
        ],
        { version: page.version },
      ),
    );
    expect(done.status, await done.clone().text()).toBe(200);
    const after = await read(wo._id);
    // $291.49 + $150 = $441.49; tax 6 % $26.49; $467.98.
    expect(after.pricing).toMatchObject({ subtotal: 441.49, taxAmount: 26.49, totalAmount: 467.98 });
    expect(after.acknowledgment.isAcknowledged).toBe(true);
    expect(after.estimate.lines.map((l) => l.state)).toEqual([
      'deferred',
      'declined',
      'approved',
      'declined',
    ]);
    const approval = after.estimate.approval;
    expect(approval).toMatchObject({
      channel: 'link',
      by: wo.customer.name,
      signed: true,
      total: 467.98,
      approved: [{ id: ceramic.id, description: 'Ceramic pads', total: 150 }],
    });
    expect(approval?.digest).toMatch(/^[0-9a-f]{64}$/);
    // The PDF: the approved and declined sections, the option's group and the answer's record.
    const pdf = await pdfText(
      new Uint8Array(await (await asAdmin(`/api/workOrders/${wo._id}/pdf`)).arrayBuffer()),
    );
    expect(pdf).toContain('ESTIMATE: APPROVED');
    expect(pdf).toContain('ESTIMATE: DECLINED OR LATER');
    expect(pdf).toContain('Ceramic pads');
    expect(pdf).toContain('Brake pads');
    expect(pdf).toContain(approval?.digest ?? 'no digest');
    // Deferred and declined work stays on the vehicle; the option not picked does not.
    const recs = await Promise.all(
      [service.id, filter.id, oem.id].map(async (lineId) => ({
        lineId,
        rec: await findRec(vehicleId, lineId),
      })),
    );
    expect(recs.map((r) => [r.lineId, r.rec?.decision ?? null])).toEqual([
      [service.id, 'deferred'],
      [filter.id, 'declined'],
      [oem.id, null],
    ]);
    // The counters moved in the same transaction: one more sent, one more decided, $420 proposed, $150 approved.
    const figures = await asSystem('test', () => Estimate.figuresOf(new Date().toISOString().slice(0, 7)));
    expect(figures.sent - sentBefore.sent).toBeGreaterThanOrEqual(1);
    expect(figures.proposedCents - sentBefore.proposedCents).toBeGreaterThanOrEqual(420_00);
    expect(figures.approvedCents - sentBefore.approvedCents).toBeGreaterThanOrEqual(150_00);
  });

  it('refuses, changing nothing: terms not accepted, a line left unanswered, two options of one group', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const token = await acknowledgmentLink(admin, wo);
    const all: [string, string][] = [
      [service.id, 'approved'],
      [oem.id, 'declined'],
      [ceramic.id, 'approved'],
      [filter.id, 'approved'],
    ];
    const cases: [Record<string, unknown>, string][] = [
      [answer(wo, all, { termsAccepted: false }), 'Read and accept the terms before signing.'],
      [answer(wo, all.slice(0, 3)), 'Approve, decline or defer "Cabin filter".'],
      [
        answer(wo, [...all.slice(0, 1), [oem.id, 'approved'], ...all.slice(2)]),
        'Pick one option of "Brake pads".',
      ],
      [answer(wo, [...all, ['eln_01JDZ0000000000000000000AA', 'approved']]), 'Estimate line not found.'],
    ];
    for (const [body, msg] of cases) {
      const refused = await send('POST', `/api/workOrders/acknowledge/${token}`, {}, body);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ msg });
    }
    const after = await read(wo._id);
    expect(after.estimate.lines.every((l) => l.state === 'proposed')).toBe(true);
    expect(after.acknowledgment.isAcknowledged).toBe(false);
  });

  it('a line re-priced after approval asks again: proposed with the price the customer saw, the acknowledgment undone', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    await sign(wo, [service, oem, ceramic, filter], ['approved', 'declined', 'approved', 'declined']);
    const first = await read(wo._id);
    expect(first.pricing.totalAmount).toBe(616.38); // ($291.49 + $140 + $150) × 1.06
    const repriced = await asAdmin(`/api/workOrders/${wo._id}/estimate/lines/${service.id}`, 'PUT', {
      description: 'Brake service',
      hours: 2,
      hourlyRate: 80,
      parts: [{ description: 'Hardware kit', quantity: 1, unitPrice: 60 }],
    });
    const after = await json<WorkOrderReply>(repriced);
    expect(after.estimate.lines[0]).toMatchObject({ state: 'proposed', total: 220, previousTotal: 140 });
    expect(after.pricing.totalAmount).toBe(467.98);
    expect(after.acknowledgment).toMatchObject({ isAcknowledged: false, state: 'pending' });
    expect(after.acknowledgment.history).toHaveLength(1);
    // The new link shows what changed; answering only that line signs the new approved set.
    const again = await acknowledgmentLink(admin, wo);
    const page = await json<AckPage>(await send('GET', `/api/workOrders/acknowledge/${again}`));
    expect(page.estimate.lines[0]).toMatchObject({ state: 'proposed', total: 220, previousTotal: 140 });
    const signed = await send(
      'POST',
      `/api/workOrders/acknowledge/${again}`,
      {},
      answer(wo, [[service.id, 'approved']]),
    );
    expect(signed.status, await signed.clone().text()).toBe(200);
    const last = await read(wo._id);
    expect(last.pricing.totalAmount).toBe(701.18); // ($291.49 + $220 + $150) × 1.06
    expect(last.estimate.approval?.digest).not.toBe(first.estimate.approval?.digest);
  });

  it('race: eight answers of one link at once: one 200, every other 409 saying so, one record; a later re-use 400', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const token = await acknowledgmentLink(admin, wo);
    const choices: [string, string][][] = Array.from({ length: 8 }, (_, i) => [
      [service.id, i % 2 ? 'approved' : 'declined'],
      [oem.id, i % 2 ? 'declined' : 'approved'],
      [ceramic.id, i % 2 ? 'approved' : 'declined'],
      [filter.id, 'deferred'],
    ]);
    const replies = await Promise.all(
      choices.map((c) => send('POST', `/api/workOrders/acknowledge/${token}`, {}, answer(wo, c))),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const losers = await Promise.all(
      replies.filter((r) => r.status === 409).map((r) => json<{ msg: string }>(r)),
    );
    expect(new Set(losers.map((l) => l.msg))).toEqual(
      new Set([
        'Another answer on this link was recorded at the same moment, so yours was not. Reload the page to see the work order as acknowledged.',
      ]),
    );
    // One record: one answer, one acknowledgment, one confirmation to the customer.
    const { readOutbox } = await import('../local/outbox');
    const confirmations = (await readOutbox()).filter(
      (m) => m.to.includes(wo.customer.email) && m.subject.endsWith('acknowledged'),
    );
    expect(confirmations).toHaveLength(1);
    // Afterwards, not racing: the spec's reply (doc 2 §8), 400 "already acknowledged".
    const later = await send(
      'POST',
      `/api/workOrders/acknowledge/${token}`,
      {},
      answer(wo, choices[0] ?? []),
    );
    expect(later.status).toBe(400);
    expect(await json(later)).toMatchObject({
      msg: 'This work order has already been acknowledged.',
      alreadyAcknowledged: true,
    });
    const after = await read(wo._id);
    expect(after.acknowledgment.history).toEqual([]);
    const winner = choices[statuses.indexOf(200)] ?? [];
    expect(after.estimate.lines.map((l) => l.state)).toEqual(winner.map(([, d]) => d));
    expect(after.estimate.approval?.approved.map((l) => l.id).sort()).toEqual(
      winner
        .filter(([, d]) => d === 'approved')
        .map(([id]) => id)
        .sort(),
    );
  });
});

describe('race: an answer during a staff edit', () => {
  it('either the answer or the edit comes first, never a signature over lines it did not see', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { wo, service, oem, ceramic, filter } = await estimate();
      const token = await acknowledgmentLink(admin, wo);
      const page = await json<AckPage>(await send('GET', `/api/workOrders/acknowledge/${token}`));
      const decisions: [string, string][] = [
        [service.id, 'approved'],
        [oem.id, 'declined'],
        [ceramic.id, 'approved'],
        [filter.id, 'declined'],
      ];
      const [answered, edited] = await Promise.all([
        send(
          'POST',
          `/api/workOrders/acknowledge/${token}`,
          {},
          answer(wo, decisions, { version: page.version }),
        ),
        asAdmin(`/api/workOrders/${wo._id}/estimate/lines/${filter.id}`, 'PUT', {
          description: 'Cabin filter',
          hours: 0,
          parts: [{ description: 'Filter', quantity: 1, unitPrice: 45 }],
        }),
      ]);
      expect(edited.status === 200 || answered.status === 200).toBe(true);
      const after = await read(wo._id);
      const line = after.estimate.lines.find((l) => l.id === filter.id);
      if (answered.status === 200 && edited.status === 200) {
        // The answer came first: the edit re-proposed the filter at $45, and the acknowledgment is undone.
        expect(line).toMatchObject({ state: 'proposed', total: 45, previousTotal: 30 });
        expect(after.acknowledgment.isAcknowledged).toBe(false);
      } else if (answered.status === 200) {
        expect(line).toMatchObject({ state: 'declined', total: 30 });
      } else {
        // The edit came first: the answer, over a version no longer current, changed nothing.
        expect([400, 409]).toContain(answered.status);
        expect(after.estimate.approval).toBeNull();
        expect(line).toMatchObject({ state: 'proposed', total: 45 });
      }
    }
  });
});

describe('in person and by phone', () => {
  it('the technician’s phone shows the lines; the customer answers and signs there; two phones at once: one wins (409)', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const page = await json<AckPage>(await asAdmin(`/api/workOrders/${wo._id}/for-signing`));
    expect(page.estimate.lines).toHaveLength(4);
    const body = (decision: string) => ({
      acknowledgedBy: { name: 'Jordan Fixit' },
      signature: signature(),
      userAgent: 'vitest',
      version: page.version,
      termsAccepted: true,
      decisions: [
        { lineId: service.id, decision },
        { lineId: oem.id, decision: 'declined' },
        { lineId: ceramic.id, decision: 'approved' },
        { lineId: filter.id, decision: 'declined' },
      ],
    });
    const replies = await Promise.all(
      ['approved', 'declined', 'deferred', 'approved'].map((d) =>
        asAdmin(`/api/workOrders/${wo._id}/acknowledge-in-person`, 'POST', body(d)),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 400)).toBe(true);
    const after = await read(wo._id);
    expect(after.estimate.approval).toMatchObject({ channel: 'in_person', signed: true });
    expect(after.acknowledgment.inPerson).not.toBeNull();
  });

  it('staff record a call: when, the number called, who answered; unsigned, the same record and hash', async () => {
    const { wo, service, oem, ceramic, filter } = await estimate();
    const calledAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const body = {
      calledAt,
      number: '(610) 555-0199',
      person: 'Jordan Fixit',
      decisions: [
        { lineId: service.id, decision: 'approved' },
        { lineId: oem.id, decision: 'approved' },
        { lineId: ceramic.id, decision: 'declined' },
        { lineId: filter.id, decision: 'deferred' },
      ],
    };
    const recorded = await asAdmin(`/api/workOrders/${wo._id}/estimate/phone-approval`, 'POST', body);
    expect(recorded.status, await recorded.clone().text()).toBe(200);
    const { workOrder } = await json<{ workOrder: WorkOrderReply }>(recorded);
    expect(workOrder.estimate.approval).toMatchObject({
      channel: 'phone',
      signed: false,
      phone: { calledAt, number: '(610) 555-0199', person: 'Jordan Fixit' },
      total: 563.38, // ($291.49 + $140 + $100) × 1.06
    });
    // Nothing left to answer: a second call is refused.
    expect((await asAdmin(`/api/workOrders/${wo._id}/estimate/phone-approval`, 'POST', body)).status).toBe(
      409,
    );
  });
});

describe('completion charges the approved total', () => {
  it('charges the approved lines only (with tax and trip fee); above the approval by more than the setting, refused', async () => {
    const booked = await bookedForCompletion('cnon:card-nonce-ok', 900);
    const { wo, service, oem, ceramic, filter } = await estimate({ relatedBooking: booked.bookingId });
    await sign(wo, [service, oem, ceramic, filter], ['declined', 'approved', 'declined', 'declined']);
    const approved = (await read(wo._id)).pricing.totalAmount;
    expect(approved).toBe(414.98); // ($291.49 + $100) × 1.06
    // Staff add $20 of parts to the base afterwards: above the approval, refused while the setting is 0.
    const { _id: _ignored, ...form } = await read(wo._id);
    void _ignored;
    const raised = await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', {
      ...form,
      partItems: [...form.partItems, { partNumber: '', description: 'Clips', quantity: 1, unitPrice: 20 }],
    });
    expect(raised.status, await raised.clone().text()).toBe(200);
    const complete = () =>
      send('PATCH', `/api/bookings/${booked.bookingId}/status`, admin.headers, {
        status: 'Completed',
        charge: 'workOrder',
        ...AHEAD_OF_ITS_DAY,
      });
    const refused = await complete();
    expect(refused.status).toBe(409);
    expect((await json<{ msg: string }>(refused)).msg).toContain('above the $414.98 the customer approved');
    // Within 10 %: charged, the total with the clips, and no proposed or declined line.
    config().estimateTolerance = 0.1;
    const done = await complete();
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await booked.payment())?.amount).toBe(436.18); // ($291.49 + $100 + $20) × 1.06
  });
});

/** The recommended work kept on a vehicle for one line (its partition, read as the test's own query). */
async function findRec(vehicleId: string, lineId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rec)',
      ExpressionAttributeValues: { ':pk': `VEHICLE#${vehicleId}`, ':rec': 'REC#' },
    }),
  );
  return Items.find((item) => item.lineId === lineId) as { decision: string; photoIds: string[] } | undefined;
}
