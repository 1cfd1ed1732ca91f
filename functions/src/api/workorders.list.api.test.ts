import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@app/core/db/client';
import { INVALID_CURSOR, queryIndexPage } from '@app/core/db/entity';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';
import { createWorkOrder, createWorkOrders } from '../../../tests/workorder-factories';
import type { WorkOrderReply } from './workorders';

/**
 * The work-order list bounded (issue 19 §2, decisions 049 and 051): cursor
 * pages, totals from the counters written with each change, the search over
 * the narrow index with a read budget.
 */
type ListReply = { workOrders: WorkOrderReply[]; total: number; hasMore: boolean; cursor: string | null };

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

const asAdmin = (path: string, method = 'GET', body?: unknown) => send(method, path, admin.headers, body);
const list = async (query: string) => {
  const response = await asAdmin(`/api/workOrders?${query}`);
  expect(response.status).toBe(200);
  return json<ListReply>(response);
};
const totals = async () => {
  const [all, draft, approved, billed] = await Promise.all(
    ['', 'status=draft', 'status=approved', 'status=billed'].map(
      async (q) => (await list(`limit=1&${q}`)).total,
    ),
  );
  return { all: all ?? 0, draft: draft ?? 0, approved: approved ?? 0, billed: billed ?? 0 };
};

describe('the work-order list, bounded', () => {
  it('pages by cursor, newest first, each work order once, and the last page has no cursor', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const made = await createWorkOrders(admin, 7, (i) => ({
      customer: { name: `Pager ${tag} ${i}`, email: `p${i}-${tag}@example.com`, phone: '(610) 555-0100' },
    }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ListReply = await list(`search=pager%20${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.hasMore).toBe(page.cursor !== null);
      seen.push(...page.workOrders.map((w) => w._id));
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((w) => w._id).reverse());

    // Unfiltered, the first page's cursor leads on without repeating it.
    const first = await list('limit=2');
    expect(first.cursor).not.toBeNull();
    const second = await list(`limit=2&cursor=${first.cursor}`);
    expect(second.workOrders.map((w) => w._id)).not.toContain(first.workOrders[0]?._id);
    expect(second.total).toBe(first.total);
  });

  it('keeps total and the per-status totals exact across create, status change, full edit and delete', async () => {
    const before = await totals();
    const a = await createWorkOrder(admin, { status: 'draft' });
    const b = await createWorkOrder(admin, { status: 'approved' });
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 2,
      draft: before.draft + 1,
      approved: before.approved + 1,
    });

    expect((await asAdmin(`/api/workOrders/${a._id}`, 'PUT', { status: 'billed' })).status).toBe(200);
    // The same status again changes nothing.
    expect((await asAdmin(`/api/workOrders/${a._id}`, 'PUT', { status: 'billed' })).status).toBe(200);
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 2,
      approved: before.approved + 1,
      billed: before.billed + 1,
    });

    const full = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${b._id}`));
    const edited = await asAdmin(`/api/workOrders/${b._id}`, 'PUT', { ...full, status: 'draft' });
    expect(edited.status).toBe(200);
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 2,
      draft: before.draft + 1,
      billed: before.billed + 1,
    });

    expect((await asAdmin(`/api/workOrders/${a._id}`, 'DELETE')).status).toBe(200);
    expect((await asAdmin(`/api/workOrders/${b._id}`, 'DELETE')).status).toBe(200);
    expect(await totals()).toEqual(before);
    // A delete that fails (already gone) changes nothing.
    expect((await asAdmin(`/api/workOrders/${a._id}`, 'DELETE')).status).toBe(404);
    expect(await totals()).toEqual(before);
  });

  it('the status filter pages by cursor and its total is that status count', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    for (let i = 0; i < 3; i += 1)
      await createWorkOrder(admin, {
        status: 'completed',
        customer: { name: `Done ${tag}`, email: `d${i}-${tag}@example.com`, phone: '(610) 555-0100' },
      });
    const page = await list('status=completed&limit=2');
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.workOrders.every((w) => w.status === 'completed')).toBe(true);
    const next = await list(`status=completed&limit=2&cursor=${page.cursor}`);
    expect(next.workOrders.every((w) => w.status === 'completed')).toBe(true);
    expect(next.workOrders.map((w) => w._id)).not.toContain(page.workOrders[1]?._id);
  });

  it('searches the narrow index, which carries the keys, searchText and status only', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const wo = await createWorkOrder(admin, {
      customer: { name: `Narrow ${tag}`, email: `n-${tag}@example.com`, phone: '(610) 555-0100' },
    });
    const found = await list(`search=narrow%20${tag}`);
    expect(found).toMatchObject({ total: 1, hasMore: false, cursor: null });
    expect(found.workOrders[0]).toMatchObject({ _id: wo._id, laborItems: expect.any(Array) });

    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'workOrderSearch',
        KeyConditionExpression: 'woSearchPk = :pk',
        ExpressionAttributeValues: { ':pk': 'WORKORDER' },
        Limit: 5,
      }),
    );
    expect(Items.length).toBeGreaterThan(0);
    for (const item of Items) {
      expect(Object.keys(item).sort()).toEqual([
        'pk',
        'searchText',
        'sk',
        'status',
        'woSearchPk',
        'woSearchSk',
      ]);
    }
  });

  it('stops at the read budget and answers a cursor where it stopped', async () => {
    for (let i = 0; i < 4; i += 1) await createWorkOrder(admin);
    const query = {
      index: 'workOrderSearch' as const,
      partition: 'WORKORDER',
      descending: true,
      limit: 10,
      budget: 3,
    };
    const none = await queryIndexPage({ ...query, accept: () => false });
    expect(none).toMatchObject({ items: [], read: 3 });
    expect(none.cursor).not.toBeNull();
    const rest = await queryIndexPage({ ...query, budget: 1000, cursor: none.cursor, accept: () => true });
    const all = await queryIndexPage({ ...query, budget: 1000, limit: 1000, accept: () => true });
    expect(rest.items.map((i) => i.pk)).toEqual(all.items.slice(3, 13).map((i) => i.pk));
  });

  it('refuses a cursor that does not decode with 400 { msg }', async () => {
    for (const cursor of ['nonsense', 'eyJ4IjoxfQ', 'x'.repeat(3000)]) {
      const response = await asAdmin(`/api/workOrders?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toMatch(
        cursor.length > 2000 ? /cursor/ : new RegExp(INVALID_CURSOR.slice(0, 20)),
      );
    }
  });
});
