import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@app/core/db/client';
import { FORM_MESSAGE_DAYS } from '@app/core/db/ttl';
import { migrate, migrationSteps } from './migrations';
import { runSteps } from '@app/core/db/migration';
import { Testimonial } from '@app/core/testimonial/index';
import { createId } from '@app/core/util/id';
import { workOrderSteps } from '@app/core/workorder/migrate';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createTestimonial } from '../../../tests/content-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { handler as cron, MIGRATION_MARGIN_MS } from './cron';

/**
 * The migration runner (decision 063) on a table written by the release
 * before issue 19: items are made the new way, then stripped of what issue
 * 19 added (index keys, `inTotals`, the totals item, TTL), as the old code
 * wrote them.
 */

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

type ListReply = { workOrders: { _id: string; status: string }[]; total: number; cursor: string | null };

const key = (pk: string, sk: string) => ({ pk, sk });

async function strip(pk: string, sk: string, attributes: string[]): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(pk, sk),
      UpdateExpression: `REMOVE ${attributes.map((_, i) => `#a${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
    }),
  );
}

async function raw(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(pk, sk), ConsistentRead: true }),
  );
  return Item;
}

/** A work order as the release before decision 051 left it: no search entry, not counted. */
const makeOld = (id: string) =>
  strip(`WORKORDER#${id}`, 'WORKORDER', ['woSearchPk', 'woSearchSk', 'inTotals']);

/** The table before decision 051 had no totals item. */
const dropTotals = () =>
  db().send(new DeleteCommand({ TableName: tableName(), Key: key('COUNTER', 'WORKORDER_TOTALS') }));

/** Takes `n` work orders of `status` out of the totals, as if the old release had written them. */
const uncount = (n: number, status: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key('COUNTER', 'WORKORDER_TOTALS'),
      UpdateExpression: 'ADD #all :minus, #status :minus',
      ExpressionAttributeNames: { '#all': 'all', '#status': `s_${status}` },
      ExpressionAttributeValues: { ':minus': -n },
    }),
  );

/** Forgets that the steps ran, so the next run looks at every item again. */
async function forgetMarkers(): Promise<void> {
  for (const step of migrationSteps) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key('MIGRATION', step.name) }));
  }
}

async function list(query = ''): Promise<ListReply> {
  const response = await send('GET', `/api/workOrders?limit=100${query}`, admin.headers);
  expect(response.status).toBe(200);
  return json<ListReply>(response);
}

async function setStatus(id: string, status: string): Promise<number> {
  return (await send('PUT', `/api/workOrders/${id}`, admin.headers, { status })).status;
}

/** The totals as the list answers them: all, and each status asked. */
async function totals(statuses: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = { all: (await list()).total };
  for (const status of statuses) out[status] = (await list(`&status=${status}`)).total;
  return out;
}

/** What the totals should say, counted from the work orders themselves. */
async function counted(ids: string[], statuses: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = { all: 0, ...Object.fromEntries(statuses.map((s) => [s, 0])) };
  for (const id of ids) {
    const response = await send('GET', `/api/workOrders/${id}`, admin.headers);
    if (response.status === 404) continue;
    const { status } = await json<{ status: string }>(response);
    out.all = (out.all ?? 0) + 1;
    out[status] = (out[status] ?? 0) + 1;
  }
  return out;
}

describe('work orders written before decision 051', () => {
  it('are listed, totalled and found by search once migrated; a second run changes nothing', async () => {
    const made = [
      await createWorkOrder(admin, { status: 'draft' }),
      await createWorkOrder(admin, { status: 'draft' }),
      await createWorkOrder(admin, { status: 'completed' }),
    ];
    for (const wo of made) await makeOld(wo._id);
    await dropTotals();
    // The defect an upgraded shop would see: an empty list with total 0.
    expect(await list()).toMatchObject({ workOrders: [], total: 0 });

    const report = await migrate();
    expect(report['work-order-search-and-totals']).toEqual({ changed: 3, done: true });
    const page = await list();
    expect(page.workOrders.map((wo) => wo._id).sort()).toEqual(made.map((wo) => wo._id).sort());
    expect(await totals(['draft', 'completed', 'billed'])).toEqual({
      all: 3,
      draft: 2,
      completed: 1,
      billed: 0,
    });
    const found = await list(`&search=${encodeURIComponent(made[2]?.workOrderNumber ?? '')}`);
    expect(found.workOrders.map((wo) => wo._id)).toEqual([made[2]?._id]);

    // Done steps are one read each; and looked at again, nothing needs changing.
    expect(await migrate()).toEqual({});
    await forgetMarkers();
    const again = await migrate();
    expect(Object.values(again).every((step) => step.changed === 0 && step.done)).toBe(true);
    expect(await totals(['draft', 'completed'])).toEqual({ all: 3, draft: 2, completed: 1 });
  });

  it('a live change or delete of one not yet counted changes no totals; the migration counts what is left', async () => {
    const before = await totals(['draft', 'approved']);
    const [moved, deleted, kept] = [
      await createWorkOrder(admin, { status: 'draft' }),
      await createWorkOrder(admin, { status: 'draft' }),
      await createWorkOrder(admin, { status: 'draft' }),
    ];
    for (const wo of [moved, deleted, kept]) await makeOld(wo._id);
    // As three work orders of the old release: not in the totals.
    await uncount(3, 'draft');
    expect(await totals(['draft', 'approved'])).toEqual(before);
    expect(await setStatus(moved._id, 'approved')).toBe(200);
    expect((await send('DELETE', `/api/workOrders/${deleted._id}`, admin.headers)).status).toBe(200);
    expect(await totals(['draft', 'approved'])).toEqual(before);

    await forgetMarkers();
    expect((await migrate())['work-order-search-and-totals']?.changed).toBe(2);
    expect(await totals(['draft', 'approved'])).toEqual({
      all: (before.all ?? 0) + 2,
      draft: (before.draft ?? 0) + 1,
      approved: (before.approved ?? 0) + 1,
    });
  });

  it('status changes racing two migrations at once: every work order counted once, in its final status', async () => {
    const statuses = ['draft', 'approved', 'in_progress', 'completed'];
    const made = await Promise.all(
      Array.from({ length: 12 }, () => createWorkOrder(admin, { status: 'draft' })),
    );
    const ids = made.map((wo) => wo._id);
    for (const id of ids) await makeOld(id);
    await uncount(12, 'draft');
    const base = await totals(statuses);
    await forgetMarkers();

    const changes = made.flatMap((wo, i) => [
      () => setStatus(wo._id, statuses[(i % 3) + 1] ?? 'approved'),
      () => setStatus(wo._id, statuses[((i + 1) % 3) + 1] ?? 'approved'),
    ]);
    const [runs, writes] = await Promise.all([
      Promise.allSettled([migrate({ pageSize: 3 }), migrate({ pageSize: 5 })]),
      Promise.all(changes.map((change) => change())),
    ]);
    // A live write may lose its race with the migration's (409: changed meanwhile); nothing else.
    for (const status of writes) expect([200, 409]).toContain(status);
    // A run that met a work order changing under it stops there; the next run goes on from its place.
    if (runs.some((run) => run.status === 'rejected')) await migrate();
    expect((await raw('MIGRATION', 'work-order-search-and-totals'))?.at).toEqual(expect.any(String));

    const now = await counted(ids, statuses);
    const after = await totals(statuses);
    expect(after.all).toBe((base.all ?? 0) + 12);
    for (const status of statuses) expect((after[status] ?? 0) - (base[status] ?? 0)).toBe(now[status]);
  });

  it('a run cut short by its deadline saves its place; the next run resumes there and finishes', async () => {
    const made = await Promise.all(
      Array.from({ length: 5 }, () => createWorkOrder(admin, { status: 'billed' })),
    );
    const billedBefore = (await totals(['billed'])).billed ?? 0;
    for (const wo of made) await makeOld(wo._id);
    await uncount(5, 'billed');
    await forgetMarkers();
    // Two pages of two, then the clock passes the deadline.
    let tick = 0;
    const cut = await runSteps(workOrderSteps, { pageSize: 2, deadline: 2, clock: () => tick++ });
    expect(cut['work-order-search-and-totals']?.done).toBe(false);
    const marker = await raw('MIGRATION', 'work-order-search-and-totals');
    expect(marker?.cursor).toEqual(expect.any(String));
    expect(marker?.at).toBeUndefined();

    const rest = await runSteps(workOrderSteps, { pageSize: 2 });
    expect(rest['work-order-search-and-totals']?.done).toBe(true);
    expect((await raw('MIGRATION', 'work-order-search-and-totals'))?.at).toEqual(expect.any(String));
    expect((await totals(['billed'])).billed).toBe(billedBefore);
    const listed = (await list('&status=billed')).workOrders.map((wo) => wo._id);
    for (const wo of made) expect(listed).toContain(wo._id);
  });
});

describe('the scheduled job', () => {
  it('runs the steps within its time and leaves the rest to its next run', async () => {
    const wo = await createWorkOrder(admin, { status: 'draft' });
    await makeOld(wo._id);
    await uncount(1, 'draft');
    await forgetMarkers();
    const before = (await list()).total;
    // Less time left than the margin: no page starts; mail and links are still done.
    expect(
      await cron(undefined, { getRemainingTimeInMillis: () => MIGRATION_MARGIN_MS - 1000 }),
    ).toMatchObject({
      ok: true,
    });
    expect(await raw('MIGRATION', migrationSteps[0]?.name ?? '')).toBeUndefined();
    expect((await list()).total).toBe(before);
    await cron(undefined, { getRemainingTimeInMillis: () => 60_000 });
    for (const step of migrationSteps)
      expect((await raw('MIGRATION', step.name))?.at, step.name).toBeTruthy();
    expect((await list()).total).toBe(before + 1);
  });
});

describe('other items written before issue 19', () => {
  it('testimonials join the carousel: flagged ones, else 5-star ones', async () => {
    const flagged = await createTestimonial({ rating: 4, featured: true });
    const five = await createTestimonial({ rating: 5 });
    const three = await createTestimonial({ rating: 3 });
    for (const t of [flagged, five, three]) {
      await strip(`TESTIMONIAL#${t._id}`, 'TESTIMONIAL', ['ownerPk', 'ownerSk']);
    }
    const featuredIds = async () => (await Testimonial.featured()).map((t) => t._id);
    expect(await featuredIds()).not.toContain(flagged._id);

    await forgetMarkers();
    const report = await migrate();
    expect(report['testimonial-featured-index']?.changed).toBeGreaterThanOrEqual(2);
    expect(await featuredIds()).toContain(flagged._id);
    // Unflagged, the 5-star one is a fallback candidate and the 3-star one is in no list.
    expect((await raw(`TESTIMONIAL#${five._id}`, 'TESTIMONIAL'))?.ownerPk).toBe('TESTIMONIALS#FIVE_STAR');
    expect((await raw(`TESTIMONIAL#${three._id}`, 'TESTIMONIAL'))?.ownerPk).toBeUndefined();
  });

  it('services are counted once: a live delete of an uncounted one gives nothing back', async () => {
    const count = async () => Number((await raw('SERVICES', 'COUNT'))?.services ?? 0);
    const [deleted, edited, kept] = [await createService(), await createService(), await createService()];
    for (const service of [deleted, edited, kept])
      await strip(`SERVICE#${service._id}`, 'SERVICE', ['inCount']);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key('SERVICES', 'COUNT'),
        UpdateExpression: 'ADD services :minus',
        ExpressionAttributeValues: { ':minus': -3 },
      }),
    );
    const before = await count();
    expect((await send('DELETE', `/api/services/${deleted._id}`, admin.headers)).status).toBe(200);
    const edit = await send('PUT', `/api/services/${edited._id}`, admin.headers, {
      name: `${edited.name} (edited)`,
      description: edited.description,
      price: 120,
      duration: 45,
    });
    expect(edit.status).toBe(200);
    expect(await count()).toBe(before);

    await forgetMarkers();
    const [one, two] = await Promise.all([migrate(), migrate()]);
    expect((one['service-count']?.changed ?? 0) + (two['service-count']?.changed ?? 0)).toBe(2);
    expect(await count()).toBe(before + 2);
    expect((await raw(`SERVICE#${edited._id}`, 'SERVICE'))?.inCount).toBe(true);
  });

  it('contact and help messages get their TTL from their date; booked guards a week after theirs', async () => {
    const createdAt = '2025-03-01T12:00:00.000Z';
    const contactId = createId('contactMessage');
    const requestId = createId('serviceRequest');
    /** A form message as the release before wrote it: no TTL. */
    const putOld = (type: string, prefix: string, partition: string, item: Record<string, string>) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key(`${prefix}#${item.id}`, prefix),
            collectionPk: partition,
            collectionSk: `${createdAt}#${item.id}`,
            _type: type,
            _v: 1,
            ...item,
            createdAt,
          },
        }),
      );
    await putOld('contactMessage', 'CONTACT', 'CONTACT', {
      id: contactId,
      name: 'Old Sender',
      email: 'old@example.com',
      subject: 'Hello',
      message: 'Written by the release before.',
    });
    await putOld('serviceRequest', 'REQUEST', 'SERVICE_REQUEST', {
      id: requestId,
      name: 'Old Asker',
      email: 'asker@example.com',
      generalIssue: 'Noise',
      detailedDescription: 'Written by the release before.',
      carMake: 'Honda',
      carModel: 'Civic',
      vin: '1HGCV1F34JA000001',
    });
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: ['Monday'], availableTimes: ['09:00'] });
    const date = nextDate('Monday');
    const booked = await postBooking(customer, service._id, date, '09:00');
    expect(booked.status).toBe(201);
    const bookingId = (await json<{ booking: { _id: string } }>(booked)).booking._id;
    const guard = `BOOKED#${service._id}#${date}#09:00`;
    const expiresAt = (await raw(guard, 'BOOKED'))?.expiresAt;
    expect(expiresAt).toEqual(expect.any(Number));
    await strip(guard, 'BOOKED', ['expiresAt']);
    // And as decisions 050 and 024 left them: the open booking out of the desk's index, its job on no
    // technician's day (it held crew guards instead).
    await strip(`BOOKING#${bookingId}`, 'BOOKING', ['openPk', 'openSk']);
    const claim = (await raw(`BOOKING#${bookingId}`, 'BOOKING'))?.claim as {
      technician: number;
      start: string;
    };
    const dayKey = `TECHDAY#${date}#${claim.technician}`;
    expect(Object.keys((await raw(dayKey, 'TECHDAY'))?.jobs ?? {})).toEqual([bookingId]);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key(dayKey, 'TECHDAY') }));

    await forgetMarkers();
    const report = await migrate();
    const ttl = Math.floor(Date.parse(createdAt) / 1000) + FORM_MESSAGE_DAYS * 24 * 3600;
    expect((await raw(`CONTACT#${contactId}`, 'CONTACT'))?.expiresAt).toBe(ttl);
    expect((await raw(`REQUEST#${requestId}`, 'REQUEST'))?.expiresAt).toBe(ttl);
    expect((await raw(guard, 'BOOKED'))?.expiresAt).toBe(expiresAt);
    expect(report['contact-message-ttl']?.changed).toBe(1);
    expect(report['service-request-ttl']?.changed).toBe(1);
    expect(report['booked-guard-ttl']?.changed).toBe(1);
    expect(report['open-bookings-index']?.changed).toBe(1);
    expect(report['technician-days']?.changed).toBe(1);
    expect((await raw(`BOOKING#${bookingId}`, 'BOOKING'))?.openPk).toBe('OPEN');
    expect((await raw(dayKey, 'TECHDAY'))?.jobs).toEqual({
      // At the customer's default address.
      [bookingId]: {
        start: claim.start,
        end: new Date(Date.parse(claim.start) + 60 * 60_000).toISOString(),
        lat: expect.any(Number),
        lng: expect.any(Number),
      },
    });
    // Looked at again, nothing needs changing (the customers' step, decision 061, sets its keys again and counts them).
    await forgetMarkers();
    const again = Object.entries(await migrate()).filter(([name]) => name !== 'customer-search-keys');
    expect(again.filter(([, step]) => step.changed > 0)).toEqual([]);
  });
});
