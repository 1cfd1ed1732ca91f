import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { VisibleError } from '../error';
import { cond, defineEntity, onConflict, op, transactWrite } from './entity';
import { putIfUnchanged } from './revision';

/** A throw-away entity with a named access pattern, a sparse one, and the revision scheme. */
const Gadget = defineEntity({
  name: 'gadget',
  version: 1,
  schema: z.object({
    id: z.string(),
    shop: z.string(),
    day: z.string(),
    time: z.string(),
    status: z.enum(['open', 'shut']),
    count: z.number().int().optional(),
    tags: z.set(z.string()).optional(),
    log: z.array(z.string()).optional(),
    detail: z.object({ cents: z.number().int(), note: z.string().optional() }).optional(),
    jobs: z.record(z.string(), z.string()).optional(),
    rev: z.number().int().optional(),
  }),
  key: ({ id }: { id: string }) => ({ pk: `GADGET#${id}`, sk: 'GADGET' }),
  patterns: {
    byShop: {
      index: 'byOwner',
      pk: { prefix: 'SHOP', composite: ['shop'] },
      sk: { prefix: 'SLOT', composite: ['day', 'time'] },
    },
    openByDay: {
      index: 'byCollection',
      pk: { prefix: 'OPENGADGETS', composite: ['shop'] },
      sk: { composite: ['day', 'time', 'id'] },
      condition: (g) => g.status === 'open',
    },
  },
});
type Gadget = ReturnType<typeof Gadget.parse>;

const unique = () => crypto.randomUUID().slice(0, 8);
const gadget = (shop: string, day: string, time: string, extra: Partial<Gadget> = {}): Gadget => ({
  id: `${shop}-${day}-${time}`,
  shop,
  day,
  time,
  status: 'open',
  ...extra,
});
const ids = (page: { items: Gadget[] }) => page.items.map((g) => `${g.day} ${g.time}`);

describe('named access patterns', () => {
  it('write the index keys from the composite attributes, and leave a sparse index when the condition fails', () => {
    expect(Gadget.item(gadget('s', '2026-01-02', '09:00'))).toMatchObject({
      ownerPk: 'SHOP#s',
      ownerSk: 'SLOT#2026-01-02#09:00',
      collectionPk: 'OPENGADGETS#s',
      collectionSk: '2026-01-02#09:00#s-2026-01-02-09:00',
    });
    const shut = Gadget.item(gadget('s', '2026-01-02', '09:00', { status: 'shut' }));
    expect(shut.collectionPk).toBeUndefined();
    expect(Gadget.indexKey('byCollection', gadget('s', 'd', 't', { status: 'shut' }))).toBeUndefined();
  });

  it('query by name with beginsWith, between, from, upTo and before on the leading sort attributes', async () => {
    const shop = unique();
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    for (const day of days) for (const time of ['09:00', '13:00']) await Gadget.put(gadget(shop, day, time));
    await Gadget.put(gadget(`${shop}x`, '2026-01-02', '09:00')); // another partition sharing the prefix

    const all = await Gadget.query.byShop({ shop }, { limit: 10 });
    expect(all.items).toHaveLength(6);
    type Range = NonNullable<Parameters<typeof Gadget.query.byShop>[1]>['range'];
    const inRange = async (range: Range) => ids(await Gadget.query.byShop({ shop }, { range, limit: 10 }));
    expect(await inRange({ beginsWith: { day: days[1] } })).toEqual(['2026-01-02 09:00', '2026-01-02 13:00']);
    expect(await inRange({ between: [{ day: days[1] }, { day: days[2] }] })).toEqual([
      '2026-01-02 09:00',
      '2026-01-02 13:00',
      '2026-01-03 09:00',
      '2026-01-03 13:00',
    ]);
    expect(await inRange({ from: { day: days[2] } })).toEqual(['2026-01-03 09:00', '2026-01-03 13:00']);
    expect(await inRange({ upTo: { day: days[0] } })).toEqual(['2026-01-01 09:00', '2026-01-01 13:00']);
    expect(await inRange({ before: { day: days[0], time: '13:00' } })).toEqual(['2026-01-01 09:00']);

    // Bounded paging as any query: a cursor resumes where the page ended.
    const first = await Gadget.query.byShop({ shop }, { limit: 4, descending: true });
    expect(first.cursor).not.toBeNull();
    const second = await Gadget.query.byShop({ shop }, { limit: 4, descending: true, cursor: first.cursor });
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).reverse());

    // `where` spreads into the other readers.
    expect(Gadget.where('openByDay', { shop }, { beginsWith: {} })).toEqual({
      index: 'byCollection',
      partition: `OPENGADGETS#${shop}`,
    });
    const keys = await Gadget.queryKeys({ ...Gadget.where('openByDay', { shop }), limit: 10 });
    expect(keys.items).toHaveLength(6);
  });
});

describe('patch', () => {
  it('sets, adds, removes and appends, typed from the schema, and raises rev on a revised entity', async () => {
    const shop = unique();
    const g = gadget(shop, '2026-02-01', '10:00', { log: ['made'], detail: { cents: 500, note: 'n' } });
    await Gadget.put(g);
    const after = await Gadget.patch(
      { id: g.id },
      {
        set: { status: 'shut', 'detail.cents': op.plus(-200), log: op.append(['shut']) },
        add: { count: 2, tags: new Set(['a']) },
        remove: ['detail.note'],
        index: { byCollection: null },
        when: (c) => c.and(c.itemExists(), c.eq('status', 'open')),
      },
    );
    expect(after).toMatchObject({
      status: 'shut',
      count: 2,
      tags: new Set(['a']),
      log: ['made', 'shut'],
      detail: { cents: 300 },
      rev: 1,
    });
    expect(after?.detail?.note).toBeUndefined();
    // Out of the sparse index, as the patch said.
    expect((await Gadget.query.openByDay({ shop }, { limit: 5 })).items).toEqual([]);
    // The condition no longer holds: nothing changes, null.
    expect(
      await Gadget.patch({ id: g.id }, { set: { time: '11:00' }, when: cond.eq('status', 'open') }),
    ).toBeNull();
    expect((await Gadget.get({ id: g.id }, { consistent: true }))?.time).toBe('10:00');
  });

  it('writes map keys of any character, list entries, comparisons on size and other attributes, and keeps rev when told', async () => {
    const g = gadget(unique(), '2026-02-02', '10:00', { jobs: {}, log: ['a', 'b', 'c'], count: 3 });
    await Gadget.put(g);
    const key = 'job.with #dots:and spaces';
    const one = await Gadget.patch(
      { id: g.id },
      {
        setPaths: [[['jobs', key], 'x']],
        remove: ['log[1]'],
        keepRev: true,
        when: cond.lt(cond.size('log'), 4),
      },
    );
    expect(one).toMatchObject({ jobs: { [key]: 'x' }, log: ['a', 'c'] });
    expect(one?.rev).toBeUndefined();
    expect(
      await Gadget.patch({ id: g.id }, { set: { count: 9 }, when: cond.gt('count', cond.size('log')) }),
    ).toMatchObject({ count: 9 });
    expect(
      await Gadget.patch({ id: g.id }, { set: { count: 1 }, when: cond.oneOf('status', ['shut']) }),
    ).toBeNull();
    expect(
      await Gadget.patch(
        { id: g.id },
        {
          remove: [['jobs', key]],
          when: cond.and(cond.exists(['jobs', key]), cond.not(cond.contains('log', 'b'))),
        },
      ),
    ).toMatchObject({ jobs: {} });
  });

  it('upsert creates a counter that reads back as the entity', async () => {
    const Counter = defineEntity({
      name: 'patchCounter',
      version: 3,
      schema: z.object({ name: z.string(), last: z.number().int() }),
      key: ({ name }: { name: string }) => ({ pk: `PCOUNTER#${name}`, sk: 'PCOUNTER' }),
    });
    const name = unique();
    expect(await Counter.upsert({ name }, { add: { last: 1 }, set: { name } })).toEqual({ name, last: 1 });
    expect(await Counter.upsert({ name }, { add: { last: 1 }, set: { name } })).toEqual({ name, last: 2 });
    // Without a condition a patch creates the item too, but without `_type`: it does not read back.
    await expect(Counter.patch({ name: unique() }, { add: { last: 1 } })).rejects.toThrow(
      /Expected a patchCounter/,
    );
  });

  it('is a transaction item, and a put from a read before it is refused (one revision scheme)', async () => {
    const g = gadget(unique(), '2026-02-03', '10:00');
    await Gadget.put(g);
    const read = (await Gadget.get({ id: g.id }, { consistent: true }))!;
    await transactWrite([Gadget.tx.patch({ id: g.id }, { set: { time: '12:00' }, when: cond.itemExists() })]);
    expect((await Gadget.get({ id: g.id }, { consistent: true }))?.rev).toBe(1);
    const stale = transactWrite([putIfUnchanged(Gadget, { ...read, status: 'shut' }, read)]);
    await expect(onConflict('Changed meanwhile.', () => stale)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Changed meanwhile.',
    });
  });
});

describe('conditions on puts, deletes and checks', () => {
  it('take the same builders', async () => {
    const g = gadget(unique(), '2026-02-04', '10:00');
    await transactWrite([Gadget.tx.put(g, { when: cond.itemAbsent() })]);
    await expect(transactWrite([Gadget.tx.put(g, { when: cond.itemAbsent() })])).rejects.toThrow();
    await expect(
      transactWrite([
        Gadget.tx.check({ id: g.id }, cond.eq('status', 'shut')),
        Gadget.tx.delete({ id: g.id }),
      ]),
    ).rejects.toThrow();
    await transactWrite([
      Gadget.tx.delete({ id: g.id }, cond.and(cond.itemExists(), cond.beginsWith('day', '2026'))),
    ]);
    expect(await Gadget.get({ id: g.id }, { consistent: true })).toBeUndefined();
  });
});

describe('onConflict', () => {
  it('turns a failed condition into a 409 with the message, or into what the answer function says, and passes other errors', async () => {
    const g = gadget(unique(), '2026-02-05', '10:00');
    await Gadget.put(g);
    // A single write.
    await expect(
      onConflict('Taken.', () => transactWrite([Gadget.tx.put(g, { ifAbsent: true })])),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'Taken.' });
    // The failed positions, answered with a 404 for the first item.
    const items = [
      Gadget.tx.put({ ...g, id: `${g.id}-new` }),
      Gadget.tx.check({ id: 'absent' }, cond.itemExists()),
    ];
    await expect(
      onConflict(
        (failed) => (failed.includes(1) ? new VisibleError('not_found', 'Gone.') : 'Other.'),
        () => transactWrite(items),
      ),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'Gone.' });
    // Nothing to say: the original error.
    await expect(
      onConflict(
        () => undefined,
        () => transactWrite(items),
      ),
    ).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    await expect(onConflict('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await onConflict('x', () => Promise.resolve(7))).toBe(7);
  });

  it('holds under a race: of many parallel claims on one condition exactly one wins, the rest get the 409', async () => {
    const g = gadget(unique(), '2026-02-06', '10:00', { count: 0 });
    await Gadget.put(g);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        onConflict('Already claimed.', () =>
          transactWrite([
            Gadget.tx.patch(
              { id: g.id },
              { set: { status: 'shut', count: i }, when: cond.eq('status', 'open') },
            ),
          ]),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        kind: 'conflict',
        message: 'Already claimed.',
      });
    }
  });
});
