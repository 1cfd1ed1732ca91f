import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { VisibleError } from '../error';
import { db, rawDb, tableName } from './client';
import {
  CorruptItemError,
  defineEntity,
  failedConditions,
  MAX_TRANSACTION_ITEMS,
  smallCollections,
  toggleMember,
  transactWrite,
} from './entity';
import { createTableInput, ensureTable } from './setup';
import { table } from './table';

/** A throw-away entity in this file's table, in its own collection partition per test. */
const widgetDefinition = {
  name: 'widget',
  version: 2,
  schema: z.object({
    id: z.string(),
    group: z.string(),
    n: z.number().int(),
    fans: z.set(z.string()).optional(),
    foes: z.set(z.string()).optional(),
    open: z.boolean(),
  }),
  key: ({ id }: { id: string }) => ({ pk: `WIDGET#${id}`, sk: 'WIDGET' }),
  indexes: {
    byCollection: (w: { group: string; n: number; id: string }) => ({
      pk: `WIDGETS#${w.group}`,
      sk: `${String(w.n).padStart(4, '0')}#${w.id}`,
    }),
  },
};
const Widget = defineEntity(widgetDefinition);

const unique = () => crypto.randomUUID().slice(0, 8);
const widget = (group: string, n: number, extra: Partial<ReturnType<typeof Widget.parse>> = {}) => ({
  id: `${group}-${n}`,
  group,
  n,
  open: true,
  ...extra,
});

async function putRaw(item: Record<string, unknown>) {
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
}

describe('entities', () => {
  it('write their type, version, keys and index keys, and read back what they wrote', async () => {
    const group = unique();
    await Widget.put(widget(group, 1));
    expect(await Widget.get({ id: `${group}-1` })).toEqual(widget(group, 1));
    expect(Widget.item(widget(group, 1))).toMatchObject({
      pk: `WIDGET#${group}-1`,
      sk: 'WIDGET',
      collectionPk: `WIDGETS#${group}`,
      collectionSk: `0001#${group}-1`,
      _type: 'widget',
      _v: 2,
    });
  });

  it('fail loudly on an item of another kind, another version or a wrong shape', async () => {
    const id = unique();
    const key = Widget.key({ id });
    await putRaw({ ...key, _type: 'gadget', _v: 2, id, group: 'g', n: 1, open: true });
    await expect(Widget.get({ id })).rejects.toThrow(CorruptItemError);
    await putRaw({ ...key, _type: 'widget', _v: 1, id, group: 'g', n: 1, open: true });
    await expect(Widget.get({ id })).rejects.toThrow(/widget v2 .* found widget v1/);
    await putRaw({ ...key, _type: 'widget', _v: 2, id, group: 'g', n: 'one', open: true });
    await expect(Widget.get({ id })).rejects.toThrow(/does not match its schema: n/);
  });

  it('create an item only when its key is free', async () => {
    const group = unique();
    expect(await Widget.createIfAbsent(widget(group, 1))).toBe(true);
    expect(await Widget.createIfAbsent(widget(group, 1, { n: 1, open: false }))).toBe(false);
    expect((await Widget.get({ id: `${group}-1` }))?.open).toBe(true);
  });
});

describe('transactions', () => {
  it('write all or nothing, and say which condition failed', async () => {
    const group = unique();
    await Widget.put(widget(group, 2));
    const error = await transactWrite([
      Widget.tx.put(widget(group, 1), { ifAbsent: true }),
      Widget.tx.put(widget(group, 2, { open: false }), { ifAbsent: true }),
    ]).catch((caught: unknown) => caught);
    expect(failedConditions(error)).toEqual([1]);
    expect(await Widget.get({ id: `${group}-1` })).toBeUndefined();
    expect((await Widget.get({ id: `${group}-2` }))?.open).toBe(true);
  });

  it('refuse more than DynamoDB’s 100 items before sending anything', async () => {
    const group = unique();
    const items = Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, n) =>
      Widget.tx.put(widget(group, n)),
    );
    await expect(transactWrite(items)).rejects.toThrow(/at most 100 items; this one has 101/);
    expect(await Widget.get({ id: `${group}-0` })).toBeUndefined();
  });

  it('are not mistaken for a failed condition when something else went wrong', () => {
    expect(failedConditions(new Error('network'))).toBeNull();
    expect(failedConditions(Object.assign(new Error('x'), { name: 'TransactionCanceledException' }))).toEqual(
      [],
    );
  });
});

describe('paging', () => {
  async function fill(group: string, count: number) {
    for (let start = 0; start < count; start += 25) {
      await transactWrite(
        Array.from({ length: Math.min(25, count - start) }, (_, i) =>
          Widget.tx.put(widget(group, start + i)),
        ),
      );
    }
  }

  async function allPages(options: Parameters<typeof Widget.query>[0]) {
    const pages: number[][] = [];
    let cursor: string | null | undefined;
    do {
      const page = await Widget.query({ ...options, cursor });
      pages.push(page.items.map((w) => w.n));
      cursor = page.cursor;
    } while (cursor);
    return pages;
  }

  it('gives pages of the limit in index order, and no cursor (and no empty page) at the end', async () => {
    const group = unique();
    await fill(group, 25);
    const pages = await allPages({ index: 'byCollection', partition: `WIDGETS#${group}`, limit: 10 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, n) => n));

    const exact = await allPages({ index: 'byCollection', partition: `WIDGETS#${group}`, limit: 5 });
    expect(exact.map((p) => p.length)).toEqual([5, 5, 5, 5, 5]);
    const newestFirst = await allPages({
      index: 'byCollection',
      partition: `WIDGETS#${group}`,
      limit: 20,
      descending: true,
    });
    expect(newestFirst[0]?.slice(0, 3)).toEqual([24, 23, 22]);
  });

  it('fills filtered pages up to their limit', async () => {
    const group = unique();
    await fill(group, 60);
    const pages = await allPages({
      index: 'byCollection',
      partition: `WIDGETS#${group}`,
      limit: 4,
      filter: (w) => w.n % 7 === 0,
    });
    expect(pages).toEqual([[0, 7, 14, 21], [28, 35, 42, 49], [56]]);
  });

  it('refuses a cursor it did not make with a 400-kind error', async () => {
    for (const forged of [
      'nope',
      Buffer.from('{"pk":1}').toString('base64url'),
      Buffer.from('[]').toString('base64url'),
    ]) {
      const error = await Widget.query({
        index: 'byCollection',
        partition: 'WIDGETS#x',
        limit: 5,
        cursor: forged,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(VisibleError);
      expect((error as VisibleError).kind).toBe('invalid');
    }
  });
});

describe('set membership', () => {
  it('toggles one member with one write, never leaving it in both sets, under concurrency', async () => {
    const group = unique();
    await Widget.put(widget(group, 1));
    const id = { id: `${group}-1` };
    const users = Array.from({ length: 20 }, (_, i) => `usr_${i}`);
    await Promise.all(users.map((member) => toggleMember(Widget, id, { attribute: 'fans', member })));
    expect([...((await Widget.get(id))?.fans ?? [])].sort()).toEqual([...users].sort());

    // One user flips between the two sets many times at once: never in both.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        toggleMember(Widget, id, {
          attribute: i % 2 ? 'fans' : 'foes',
          member: 'usr_x',
          alsoRemoveFrom: i % 2 ? 'foes' : 'fans',
        }),
      ),
    );
    const after = await Widget.get(id);
    expect(after?.fans?.has('usr_x') && after?.foes?.has('usr_x')).toBeFalsy();
  });

  it('returns null when its condition is false or the item is gone', async () => {
    const group = unique();
    await Widget.put(widget(group, 1, { open: false }));
    const closed = await toggleMember(
      Widget,
      { id: `${group}-1` },
      {
        attribute: 'fans',
        member: 'usr_1',
        condition: '#open = :true',
        names: { '#open': 'open' },
        values: { ':true': true },
      },
    );
    expect(closed).toBeNull();
    expect(
      await toggleMember(Widget, { id: `${group}-none` }, { attribute: 'fans', member: 'usr_1' }),
    ).toBeNull();
  });
});

describe('the table', () => {
  it('gains the indexes an older table lacks', async () => {
    const name = `older-${unique()}`;
    const input = createTableInput(name);
    await rawDb().send(
      new CreateTableCommand({
        ...input,
        AttributeDefinitions: input.AttributeDefinitions?.filter((a) =>
          ['pk', 'sk', 'collectionPk', 'collectionSk'].includes(String(a.AttributeName)),
        ),
        GlobalSecondaryIndexes: input.GlobalSecondaryIndexes?.filter((i) => i.IndexName === 'byCollection'),
      }),
    );
    try {
      expect(await ensureTable(rawDb(), name)).toBe('existed');
      const { Table } = await rawDb().send(new DescribeTableCommand({ TableName: name }));
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
        Object.keys(table.indexes).sort(),
      );
      // An index that names its attributes carries just those (INCLUDE), the others everything.
      const search = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'workOrderSearch');
      expect(search?.Projection).toMatchObject({ ProjectionType: 'INCLUDE' });
      expect([...(search?.Projection?.NonKeyAttributes ?? [])].sort()).toEqual(['searchText', 'status']);
    } finally {
      await rawDb().send(new DeleteTableCommand({ TableName: name }));
    }
  });
});

describe('the table, continued', () => {
  it('makes again an index whose projection changed (decision 067: the open bookings carry the address)', async () => {
    const name = `projection-${unique()}`;
    const input = createTableInput(name);
    await rawDb().send(
      new CreateTableCommand({
        ...input,
        GlobalSecondaryIndexes: input.GlobalSecondaryIndexes?.map((i) =>
          i.IndexName === 'openBookings'
            ? { ...i, Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['_type', '_v', 'id'] } }
            : i,
        ),
      }),
    );
    try {
      expect(await ensureTable(rawDb(), name)).toBe('existed');
      const { Table } = await rawDb().send(new DescribeTableCommand({ TableName: name }));
      const open = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'openBookings');
      expect(open?.Projection?.NonKeyAttributes).toContain('serviceAddress');
      expect(Table?.GlobalSecondaryIndexes).toHaveLength(Object.keys(table.indexes).length);
    } finally {
      await rawDb().send(new DeleteTableCommand({ TableName: name }));
    }
  });
});

describe('read budget', () => {
  it('ends a filtered page where its budget ran out, with a cursor that resumes there', async () => {
    const group = unique();
    for (let start = 0; start < 50; start += 25) {
      await transactWrite(
        Array.from({ length: 25 }, (_, i) =>
          Widget.tx.put(widget(group, start + i, { open: start + i > 40 })),
        ),
      );
    }
    const options = {
      index: 'byCollection' as const,
      partition: `WIDGETS#${group}`,
      limit: 5,
      budget: 20,
      filter: (w: { open: boolean }) => w.open,
    };
    const first = await Widget.query(options);
    expect(first.items).toEqual([]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await Widget.query({ ...options, cursor: first.cursor });
    expect(second.items).toEqual([]);
    const third = await Widget.query({ ...options, cursor: second.cursor });
    expect(third.items.map((w) => w.n)).toEqual([41, 42, 43, 44, 45]);
    const fourth = await Widget.query({ ...options, cursor: third.cursor });
    expect(fourth).toEqual({
      items: [46, 47, 48, 49].map((n) => widget(group, n, { open: true })),
      cursor: null,
    });
  });

  it('reads a view of only the attributes it names', async () => {
    const group = unique();
    await Widget.put(widget(group, 7, { fans: new Set(['usr_1']) }));
    const { items } = await Widget.queryView(
      { attributes: ['id', 'n'], schema: z.looseObject({ id: z.string(), n: z.number() }) },
      { index: 'byCollection', partition: `WIDGETS#${group}`, limit: 5 },
    );
    expect(items).toMatchObject([{ id: `${group}-7`, n: 7 }]);
    expect(Object.keys(items[0] ?? {})).not.toContain('fans');
    expect(Object.keys(items[0] ?? {})).not.toContain('open');
  });

  it('refuses to read a collection whole unless it is small by construction', async () => {
    await expect(
      Widget.readSmallCollection({ index: 'byCollection', partition: 'WIDGETS#x' }),
    ).rejects.toThrow(/not small by construction/);
    const Tiny = defineEntity({
      ...widgetDefinition,
      name: 'tiny',
      smallCollection: { why: 'test', atMost: 3 },
    });
    const group = unique();
    await Tiny.putMany([1, 2, 3].map((n) => widget(group, n)));
    expect(
      await Tiny.readSmallCollection({ index: 'byCollection', partition: `WIDGETS#${group}` }),
    ).toHaveLength(3);
    await Tiny.put(widget(group, 4));
    await expect(
      Tiny.readSmallCollection({ index: 'byCollection', partition: `WIDGETS#${group}` }),
    ).rejects.toThrow(/more than its 3 items/);
    smallCollections.delete('tiny');
  });
});
