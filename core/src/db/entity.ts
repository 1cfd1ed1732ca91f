import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { db, tableName } from './client';
import { type Page, type QueryOptions, queryPage } from './paging';
import { type IndexName, table } from './table';
import { type Condition, ifAbsent, isConditionFailed, type TransactItem } from './transact';

export { idList, idSet, toggleMember } from './sets';
export {
  type Condition,
  failedConditions,
  ifAbsent,
  isConditionFailed,
  MAX_TRANSACTION_ITEMS,
  type TransactItem,
  transactWrite,
} from './transact';
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
export type Key = { pk: string; sk: string };
/** An index entry: the partition and sort value under that index's own attribute names. */
export type IndexKey = { pk: string; sk: string };

type Raw = Record<string, unknown>;

export class CorruptItemError extends Error {
  override readonly name = 'CorruptItemError';
}

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
};

/** The entities that may be read whole, by name (filled as they are defined). */
export const smallCollections = new Map<string, { why: string; atMost: number }>();

export type Entity<Rec extends Raw, K extends Partial<Rec>> = ReturnType<typeof defineEntity<Rec, K>>;

/** The attribute names of an index's partition and sort key. */
export const indexAttributes = (index: IndexName) => table.indexes[index];

export function defineEntity<Rec extends Raw, K extends Partial<Rec>>(def: EntityDefinition<Rec, K>) {
  if (def.smallCollection) smallCollections.set(def.name, def.smallCollection);
  const keyOfRecord = (record: Rec) => def.key(record as unknown as K);

  /** The full item as stored: keys, index keys, `_type`, `_v` and the record's attributes. */
  function item(record: Rec): Raw {
    const out: Raw = { ...record, ...keyOfRecord(record), _type: def.name, _v: def.version };
    for (const [index, entry] of Object.entries(def.indexes ?? {}) as [
      IndexName,
      (record: Rec) => IndexKey | undefined,
    ][]) {
      const value = entry(record);
      if (!value) continue;
      const names = indexAttributes(index);
      out[names.partitionKey] = value.pk;
      out[names.sortKey] = value.sk;
    }
    return out;
  }

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

  return {
    name: def.name,
    version: def.version,
    key: def.key,
    item,
    parse,
    is,

    async get(id: K, options: { consistent?: boolean } = {}): Promise<Rec | undefined> {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: def.key(id), ConsistentRead: options.consistent }),
      );
      return Item ? parse(Item) : undefined;
    },

    /** The records under these keys (strongly consistent, any order); missing ones are left out. */
    async getMany(ids: K[]): Promise<Rec[]> {
      const raws = await batchGetItems(ids.map((id) => def.key(id)));
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

    /**
     * An UpdateItem on one item, returning the record as it is afterwards,
     * or null when `ConditionExpression` did not hold.
     */
    async update(
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
    },

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
    tx: {
      put: (record: Rec, options: { ifAbsent?: boolean } = {}): TransactItem => ({
        Put: { TableName: tableName(), Item: item(record), ...(options.ifAbsent ? ifAbsent : {}) },
      }),
      update: (
        id: K,
        input: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>,
      ): TransactItem => ({
        Update: {
          ...input,
          TableName: tableName(),
          Key: def.key(id),
          UpdateExpression: input.UpdateExpression ?? '',
        },
      }),
      delete: (id: K, condition?: Condition): TransactItem => ({
        Delete: { TableName: tableName(), Key: def.key(id), ...condition },
      }),
      check: (
        id: K,
        condition: Required<Pick<Condition, 'ConditionExpression'>> & Condition,
      ): TransactItem => ({
        ConditionCheck: { TableName: tableName(), Key: def.key(id), ...condition },
      }),
    },

    /**
     * One page of this entity's items in an index (or the base table), in
     * the index's order, bounded by `limit` and by a read budget
     * (core/src/db/paging.ts).
     */
    query(options: QueryOptions<Rec>): Promise<Page<Rec>> {
      return queryPage({ ...options, parse, is });
    },

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

// ---------------------------------------------------------------------------
// Bulk writes

async function batchPut(items: Raw[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) =>
    items.slice(i * 25, i * 25 + 25),
  );
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
        if (round > 8)
          throw new Error(`${pending.length} items were still unprocessed after ${round} rounds.`);
        const { UnprocessedItems } = await db().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        );
        pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

// ---------------------------------------------------------------------------
// Conditions and transactions

/**
 * Items by key, 100 a request (BatchGetItem), unprocessed keys tried again
 * with a backoff; `projection` reads only those attributes (the items then
 * come back raw, not parsed by an entity).
 */
export async function batchGetItems(keys: Key[], projection?: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 100);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round > 8) throw new Error(`${pending.length} keys were still unprocessed after ${round} rounds.`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: true,
              ...(projection ? { ProjectionExpression: projection } : {}),
            },
          },
        }),
      );
      out.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return out;
}
