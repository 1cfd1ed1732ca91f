import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { batchPut } from './batch';
import { db, tableName } from './client';
import { transactItems } from './entity-tx';
import { batchGetItems, type Key, type KeyReader } from './key-batch';
import { type PatchInput, updateInput } from './expression';
import { type Page, type QueryOptions, queryPage } from './paging';
import {
  indexEntry,
  type IndexKey,
  type PartitionOf,
  partitionKey,
  type PatternDefinition,
  sortCondition,
  type SortOf,
  type SortRange,
} from './patterns';
import type { IndexName } from './table';
import { ifAbsent, isConditionFailed } from './transact';

export { idList, idSet, toggleMember } from './sets';
export {
  type Condition,
  failedConditions,
  ifAbsent,
  isConditionFailed,
  MAX_TRANSACTION_ITEMS,
  onConflict,
  type TransactItem,
  transactWrite,
} from './transact';
export { cond, type Conditions, op, type PatchInput, When } from './expression';
export { inCollection, type PatternDefinition, type SortRange } from './patterns';
export {
  INVALID_CURSOR,
  MAX_PAGE,
  type Page,
  type QueryOptions,
  queryIndexPage,
  READ_BUDGET,
} from './paging';

/**
 * The data-access layer: every kind of item is an entity that declares its
 * name, version, key and index keys once (ElectroDB's idea, without the
 * library: decision 016). Writes add `_type`, `_v` and the key
 * attributes; reads check `_type` and `_v` and parse the item with the
 * entity's schema, so an item of the wrong kind or an unknown version fails
 * loudly instead of flowing on as a lie.
 */
export { batchGetItems, type Key, type KeyReader } from './key-batch';
export { CorruptItemError, indexAttributes, smallCollections } from './entity-parts';
import { CorruptItemError, declaresRev, indexAttributes, smallCollections } from './entity-parts';
export type { IndexKey } from './patterns';

type Raw = Record<string, unknown>;

export type EntityDefinition<Rec extends Raw, K> = {
  name: string;
  version: number;
  /** The stored attributes beyond the keys, `_type` and `_v`. */
  schema: z.ZodType<Rec>;
  /** The base-table key, from the fields that identify one item. */
  key: (id: K) => Key;
  /**
   * The item's entry in each index it belongs to; undefined (or a function
   * that returns undefined) leaves it out of that sparse index.
   */
  indexes?: { [I in IndexName]?: (record: Rec) => IndexKey | undefined };
  /**
   * Set only for a collection small by construction (why, in words): it may
   * be read whole with `readSmallCollection`. Decision 057; the test in
   * small-collections.api.test.ts names every entity that sets it.
   */
  smallCollection?: { why: string; atMost: number };
  /**
   * Access patterns by name (decision 108, `patterns.ts`): each pattern on an
   * index writes the record's entry in it and is read with
   * `entity.query.<name>(composite, range)`; one on the base table is read only.
   */
  patterns?: Record<string, PatternDefinition<Rec>>;
  /**
   * Whether `patch` raises `rev` (decision 052): by default, when the schema
   * has a `rev` attribute.
   */
  revised?: boolean;
};

type Patterns<Rec> = Record<string, PatternDefinition<Rec>>;
type PatternOptions<Rec, P> = Omit<QueryOptions<Rec>, 'index' | 'partition' | 'sort'> & {
  range?: SortRange<SortOf<P>>;
};
/** Where a pattern's entries are, to spread into `queryView`, `queryKeys` or `readSmallCollection`. */
export type PatternRange = Pick<QueryOptions<unknown>, 'index' | 'partition' | 'sort'>;

export type Entity<
  Rec extends Raw,
  K extends Partial<Rec>,
  P extends Patterns<Rec> = Record<never, never>,
> = ReturnType<typeof defineEntity<Rec, K, P>>;

export function defineEntity<
  Rec extends Raw,
  K extends Partial<Rec>,
  const P extends Patterns<Rec> = Record<never, never>,
>(def: EntityDefinition<Rec, K> & { patterns?: P }) {
  if (def.smallCollection) smallCollections.set(def.name, def.smallCollection);
  const keyOfRecord = (record: Rec) => def.key(record as unknown as K);
  const patterns = (def.patterns ?? {}) as P;

  /** Each index's entry of a record: the entity's function, or the pattern on that index. */
  const writers = new Map<IndexName, (record: Rec) => IndexKey | undefined>(
    Object.entries(def.indexes ?? {}) as [IndexName, (record: Rec) => IndexKey | undefined][],
  );
  for (const [name, pattern] of Object.entries(patterns)) {
    if (!pattern.index) continue;
    if (writers.has(pattern.index)) {
      throw new Error(`${def.name}: the ${pattern.index} index has two writers (pattern ${name}).`);
    }
    if (!pattern.sk) throw new Error(`${def.name}: pattern ${name} on an index needs a sort key.`);
    writers.set(pattern.index, (record) => indexEntry(pattern, record));
  }

  /** The record's entry in an index (undefined when it is not in it): for a patch's `index`. */
  function indexKey(index: IndexName, record: Rec): IndexKey | undefined {
    return writers.get(index)?.(record);
  }

  /** The full item as stored: keys, index keys, `_type`, `_v` and the record's attributes. */
  function item(record: Rec): Raw {
    const out: Raw = { ...record, ...keyOfRecord(record), _type: def.name, _v: def.version };
    for (const [index, entry] of writers) {
      const value = entry(record);
      if (!value) continue;
      const names = indexAttributes(index);
      out[names.partitionKey] = value.pk;
      out[names.sortKey] = value.sk;
    }
    return out;
  }

  const raiseRev = def.revised ?? declaresRev(def.schema);
  const patchInput = (input: PatchInput<Rec>, upsert: boolean) =>
    updateInput(input, {
      raiseRev,
      ...(upsert ? { upsert: { type: def.name, version: def.version } } : {}),
    });

  /** Where a pattern's entries are, for the composite attributes and range given. */
  function where<N extends keyof P & string>(
    name: N,
    composite: PartitionOf<P[N]>,
    range?: SortRange<SortOf<P[N]>>,
  ): PatternRange {
    const pattern = patterns[name] as unknown as PatternDefinition<never>;
    const sort = range ? sortCondition(pattern, range as SortRange<Record<string, unknown>>) : undefined;
    return {
      ...(pattern.index ? { index: pattern.index } : {}),
      partition: partitionKey(pattern, composite as Record<string, unknown>),
      ...(sort ? { sort } : {}),
    };
  }

  const query = (options: QueryOptions<Rec>): Promise<Page<Rec>> => queryPage({ ...options, parse, is });
  const byPattern = Object.fromEntries(
    Object.keys(patterns).map((name) => [
      name,
      (composite: never, options: PatternOptions<Rec, unknown>) => {
        const { range, ...rest } = options;
        return query({ ...rest, ...where(name, composite, range as never) });
      },
    ]),
  ) as {
    [N in keyof P & string]: (
      composite: PartitionOf<P[N]>,
      options: PatternOptions<Rec, P[N]>,
    ) => Promise<Page<Rec>>;
  };

  /** The record an item holds; throws CorruptItemError for another kind, another version or a bad shape. */
  function parse(raw: Raw): Rec {
    if (raw._type !== def.name || raw._v !== def.version) {
      throw new CorruptItemError(
        `Expected a ${def.name} v${def.version} item at ${String(raw.pk)}/${String(raw.sk)}, found ${String(raw._type)} v${String(raw._v)}.`,
      );
    }
    const parsed = def.schema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new CorruptItemError(
        `The ${def.name} item at ${String(raw.pk)}/${String(raw.sk)} does not match its schema: ${first?.path.join('.')}: ${first?.message}`,
      );
    }
    return parsed.data;
  }

  /** Whether a raw item (from a shared partition or index) is one of ours. */
  const is = (raw: Raw) => raw._type === def.name;

  async function updateItem(
    id: K,
    input: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>,
  ): Promise<Rec | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({ ...input, TableName: tableName(), Key: def.key(id), ReturnValues: 'ALL_NEW' }),
      );
      return parse(Attributes ?? {});
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  }

  return {
    name: def.name,
    version: def.version,
    key: def.key,
    item,
    parse,
    is,

    /** With `batch`: read in that batch's one BatchGetItem (strongly consistent, db/key-batch.ts). */
    async get(id: K, options: { consistent?: boolean; batch?: KeyReader } = {}): Promise<Rec | undefined> {
      if (options.batch) {
        const [raw] = await options.batch.get([def.key(id)]);
        return raw ? parse(raw) : undefined;
      }
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: def.key(id), ConsistentRead: options.consistent }),
      );
      return Item ? parse(Item) : undefined;
    },

    /** The records under these keys (strongly consistent, any order); missing ones are left out. */
    async getMany(ids: K[], options: { batch?: KeyReader } = {}): Promise<Rec[]> {
      const keys = ids.map((id) => def.key(id));
      const raws = await (options.batch ? options.batch.get(keys) : batchGetItems(keys));
      return raws.filter(is).map(parse);
    },

    /** Whether an item exists under the key, of whatever kind or version (reads only the key). */
    async exists(id: K): Promise<boolean> {
      const { Item } = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: def.key(id),
          ProjectionExpression: 'pk',
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    /** Writes the record, replacing any item under its key. */
    async put(record: Rec): Promise<void> {
      await db().send(new PutCommand({ TableName: tableName(), Item: item(record) }));
    },

    /** Writes the record unless an item exists under its key; false when one did. */
    async createIfAbsent(record: Rec): Promise<boolean> {
      try {
        await db().send(new PutCommand({ TableName: tableName(), Item: item(record), ...ifAbsent }));
        return true;
      } catch (error) {
        if (isConditionFailed(error)) return false;
        throw error;
      }
    },

    indexKey,
    /** Where a pattern's entries are (`{ index, partition, sort }`), for `queryView`, `queryKeys`, `readSmallCollection`. */
    where,

    /**
     * Changes some attributes of one item (ElectroDB's `patch`): `set`, `add`,
     * `remove`, `delete` from a set, and the entry in a sparse `index`, on
     * condition `when`; raises `rev` on a revised entity (unless `keepRev`).
     * The record afterwards, or null when `when` did not hold. Without
     * `when: c => c.itemExists()` it creates an absent item (as UpdateItem does).
     */
    patch(id: K, input: PatchInput<Rec>): Promise<Rec | null> {
      return updateItem(id, patchInput(input, false));
    },

    /**
     * A patch that may create the item (a counter): it also writes `_type`
     * and `_v`, so the item reads back as this entity.
     */
    upsert(id: K, input: PatchInput<Rec>): Promise<Rec | null> {
      return updateItem(id, patchInput(input, true));
    },

    /**
     * An UpdateItem on one item, returning the record as it is afterwards,
     * or null when `ConditionExpression` did not hold. Inside core/src/db
     * only: domain code writes a `patch` (decision 108).
     */
    update: updateItem,

    /**
     * Writes many records, replacing any items under their keys, without
     * conditions: for bulk loads that run alone (the local seed), 25 items a
     * request and a few requests at once. Not atomic: use transactions
     * wherever a condition or all-or-nothing matters.
     */
    async putMany(records: readonly Rec[]): Promise<void> {
      await batchPut(records.map(item));
    },

    async delete(id: K): Promise<void> {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: def.key(id) }));
    },

    /** Transaction items on this entity (see `transactWrite`). */
    tx: transactItems(def.key, item, patchInput),

    /**
     * One page of this entity's items in an index (or the base table), in
     * the index's order, bounded by `limit` and by a read budget
     * (core/src/db/paging.ts); `query.<pattern>(composite, { range, limit,
     * cursor })` reads a named access pattern.
     */
    query: Object.assign(query, byPattern) as [keyof P] extends [never]
      ? typeof query
      : typeof query & typeof byPattern,

    /**
     * One page of a view of this entity: only `view.attributes` are read
     * (a projection), parsed with `view.schema` (e.g. a post without its body).
     */
    queryView<V>(
      view: { attributes: readonly (keyof Rec & string)[]; schema: z.ZodType<V> },
      options: QueryOptions<V>,
    ): Promise<Page<V>> {
      return queryPage<V>({
        ...options,
        projection: view.attributes,
        is,
        parse: (raw) => {
          const parsed = view.schema.safeParse(raw);
          if (parsed.success) return parsed.data;
          throw new CorruptItemError(
            `The ${def.name} item at ${String(raw.pk)}/${String(raw.sk)} does not match its view: ${parsed.error.issues[0]?.message}`,
          );
        },
      });
    },

    /**
     * One page of the base-table keys an index holds, in its order: for a
     * keys-only index (the outbox queue), whose items are then read by key.
     */
    queryKeys(options: QueryOptions<Key>): Promise<Page<Key>> {
      return queryPage<Key>({
        ...options,
        keysOnly: true,
        is: () => true,
        parse: (raw) => ({ pk: String(raw.pk), sk: String(raw.sk) }),
      });
    },

    /**
     * Every item of a collection small by construction (the entity declares
     * `smallCollection`); refused for any other entity, and throws when the
     * collection has outgrown its declared size rather than read on.
     */
    async readSmallCollection(
      options: Omit<QueryOptions<Rec>, 'limit' | 'cursor' | 'budget'>,
    ): Promise<Rec[]> {
      const small = def.smallCollection;
      if (!small) throw new Error(`The ${def.name} collection is not small by construction: page it.`);
      const { items, cursor } = await queryPage({
        ...options,
        limit: small.atMost,
        budget: small.atMost + 1,
        parse,
        is,
      });
      if (cursor) throw new Error(`The ${def.name} collection holds more than its ${small.atMost} items.`);
      return items;
    },
  };
}
