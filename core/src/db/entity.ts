import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { VisibleError } from '../error';
import { db, tableName } from './client';
import { type IndexName, table } from './table';

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
};

export type Entity<Rec extends Raw, K extends Partial<Rec>> = ReturnType<typeof defineEntity<Rec, K>>;

/** The attribute names of an index's partition and sort key. */
export const indexAttributes = (index: IndexName) => table.indexes[index];

export function defineEntity<Rec extends Raw, K extends Partial<Rec>>(def: EntityDefinition<Rec, K>) {
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
     * the index's order. See `queryPage`.
     */
    query(options: QueryOptions<Rec>): Promise<Page<Rec>> {
      return queryPage({ ...options, parse, is });
    },

    /** Every item of this entity the query matches, to the end (small collections only). */
    async queryAll(options: Omit<QueryOptions<Rec>, 'limit' | 'cursor'>): Promise<Rec[]> {
      const { items } = await queryPage({ ...options, parse, is });
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

export const ifAbsent = { ConditionExpression: 'attribute_not_exists(pk)' } as const;

export type Condition = {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** One entry of TransactWriteItems, as the document client takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Writes every item or none. Refuses more than DynamoDB's 100 items up front
 * (a transaction cannot be split without losing its all-or-nothing promise).
 * A failed condition throws a TransactionCanceledException whose reasons
 * `failedConditions` reads.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `A transaction holds at most ${MAX_TRANSACTION_ITEMS} items; this one has ${items.length}.`,
    );
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

/** True when a single write's condition did not hold. */
export function isConditionFailed(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled transaction, the positions of the items whose condition
 * failed (in the order they were given); null for any other error, so the
 * caller rethrows it. An empty list means the transaction was cancelled for
 * another reason (a conflict with a concurrent transaction, throttling).
 */
export function failedConditions(error: unknown): number[] | null {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

// ---------------------------------------------------------------------------
// Sets of user ids (votes, likes)

/**
 * Toggles `member` in the string set `attribute` of one item with a single
 * conditional UpdateItem: added when absent (and removed from `alsoRemoveFrom`
 * in the same write, so it can never be in both), removed when present. A
 * write that loses a race with a concurrent one is tried again. `condition`
 * (e.g. `allowLikes = :true`) must hold for either write; `set` adds SET
 * clauses to both (e.g. `updatedAt = :now`); `values` and `names` serve both.
 * Returns the item afterwards, or null when neither write's condition held
 * three times (the item is gone, or `condition` is false): the caller finds
 * out which.
 */
export async function toggleMember<Rec extends Raw, K extends Partial<Rec>>(
  entity: Pick<Entity<Rec, K>, 'update'>,
  id: K,
  options: {
    attribute: string;
    member: string;
    alsoRemoveFrom?: string;
    condition?: string;
    set?: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  },
): Promise<Rec | null> {
  const names = { ...options.names, '#set': options.attribute };
  const values = { ...options.values, ':member': new Set([options.member]), ':memberId': options.member };
  const extra = options.condition ? ` AND (${options.condition})` : '';
  const set = options.set ? ` SET ${options.set}` : '';
  const other = options.alsoRemoveFrom;
  for (let round = 0; round < 3; round += 1) {
    const added = await entity.update(id, {
      UpdateExpression: `ADD #set :member${other ? ' DELETE #other :member' : ''}${set}`,
      ConditionExpression: `attribute_exists(pk) AND NOT contains(#set, :memberId)${extra}`,
      ExpressionAttributeNames: other ? { ...names, '#other': other } : names,
      ExpressionAttributeValues: values,
    });
    if (added) return added;
    const removed = await entity.update(id, {
      UpdateExpression: `DELETE #set :member${set}`,
      ConditionExpression: `attribute_exists(pk) AND contains(#set, :memberId)${extra}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    if (removed) return removed;
  }
  return null;
}

/** A DynamoDB string set (absent when empty: a set cannot be empty) as a sorted list of ids. */
export const idList = (set: Set<string> | undefined): string[] => [...(set ?? [])].sort();

/** A list of ids as a string set, or undefined for none (DynamoDB refuses an empty set). */
export const idSet = (ids: readonly string[]): Set<string> | undefined =>
  ids.length ? new Set(ids) : undefined;

// ---------------------------------------------------------------------------
// Paging

export type QueryOptions<Rec> = {
  /** The index to query; the base table when absent. */
  index?: IndexName;
  /** The partition value (of the index's partition attribute, or `pk`). */
  partition: string;
  /** A condition on the sort key. */
  sort?: { beginsWith: string } | { between: [string, string] } | { lessThan: string };
  descending?: boolean;
  /** At most this many items a page; every matching item when absent. */
  limit?: number;
  /** The opaque cursor of the previous page. */
  cursor?: string | null;
  /** Keeps only the records it accepts; pages still fill up to `limit`. */
  filter?: (record: Rec) => boolean;
  /**
   * The read budget (decision 049): at most this many items are read for the
   * page, kept or not. When it runs out, the page ends where reading stopped,
   * with a cursor, even when it holds fewer than `limit` records.
   */
  budget?: number;
};

export type Page<Rec> = {
  items: Rec[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
};

export const INVALID_CURSOR = 'This page link is not valid. Please start again from the first page.';

const encodeCursor = (key: Raw) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string, keyNames: readonly string[]): Raw {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      Object.keys(key).length === keyNames.length &&
      keyNames.every((name) => typeof (key as Raw)[name] === 'string')
    ) {
      return key as Raw;
    }
  } catch {
    // falls through to the refusal below
  }
  throw new VisibleError('invalid', INVALID_CURSOR);
}

/**
 * One page of a key-condition query. DynamoDB's own `Limit` counts items
 * read, not items kept, so this reads on until `limit` records passed the
 * filter, and one more proves that a next page exists: the cursor (the key
 * of the last record returned) is given only then, so the last page is
 * never an empty one.
 */
async function queryPage<Rec>(
  options: QueryOptions<Rec> & { parse: (raw: Raw) => Rec; is: (raw: Raw) => boolean },
): Promise<Page<Rec>> {
  const names = options.index
    ? indexAttributes(options.index)
    : { partitionKey: table.partitionKey, sortKey: table.sortKey };
  const keyNames = [...new Set([table.partitionKey, table.sortKey, names.partitionKey, names.sortKey])];
  const { limit, filter } = options;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new Error(`A page limit is a whole number of at least 1, not ${limit}.`);
  }
  const { budget } = options;
  if (budget !== undefined && (!Number.isInteger(budget) || budget < 1)) {
    throw new Error(`A read budget is a whole number of at least 1, not ${budget}.`);
  }
  const cursorAt = (raw: Raw) => encodeCursor(Object.fromEntries(keyNames.map((name) => [name, raw[name]])));
  const items: Rec[] = [];
  let last: Raw | undefined;
  let read = 0;
  let startKey: Raw | undefined = options.cursor ? decodeCursor(options.cursor, keyNames) : undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: options.index,
        ScanIndexForward: !options.descending,
        ...keyCondition(names, options),
        ExclusiveStartKey: startKey,
        ...readLimit(limit, items.length, filter !== undefined, budget, read),
      }),
    );
    for (const raw of page.Items ?? []) {
      if (budget !== undefined && read === budget) return { items, cursor: last ? cursorAt(last) : null };
      read += 1;
      const record = options.is(raw) ? options.parse(raw) : undefined;
      const kept = record !== undefined && (!filter || filter(record));
      if (kept && limit !== undefined && items.length === limit && last) {
        return { items, cursor: cursorAt(last) };
      }
      if (kept) items.push(record);
      // A budgeted page resumes after what it read, kept or not.
      if (kept || budget !== undefined) last = raw;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { items, cursor: null };
}

/**
 * DynamoDB's `Limit` for the next request. Unfiltered: exactly what is still
 * needed, plus the one that proves a next page. Filtered: read ahead, since
 * some will be dropped (a request stops at 1 MB anyway). Never past the
 * budget, plus one to learn whether more exists.
 */
function readLimit(
  limit: number | undefined,
  kept: number,
  filtered: boolean,
  budget: number | undefined,
  read: number,
): { Limit?: number } {
  const wanted = limit === undefined ? undefined : filtered ? Math.max(2 * limit, 25) : limit + 1 - kept;
  const left = budget === undefined ? undefined : budget + 1 - read;
  if (wanted === undefined) return left === undefined ? {} : { Limit: left };
  return { Limit: left === undefined ? wanted : Math.min(wanted, left) };
}

function keyCondition(
  names: { partitionKey: string; sortKey: string },
  options: Pick<QueryOptions<unknown>, 'partition' | 'sort'>,
): Pick<
  QueryCommandInput,
  'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
> {
  const ExpressionAttributeNames: Record<string, string> = { '#pk': names.partitionKey };
  const ExpressionAttributeValues: Record<string, unknown> = { ':pk': options.partition };
  let expression = '#pk = :pk';
  const sort = options.sort;
  if (sort) {
    ExpressionAttributeNames['#sk'] = names.sortKey;
    if ('beginsWith' in sort) {
      expression += ' AND begins_with(#sk, :sk)';
      ExpressionAttributeValues[':sk'] = sort.beginsWith;
    } else if ('between' in sort) {
      expression += ' AND #sk BETWEEN :from AND :to';
      ExpressionAttributeValues[':from'] = sort.between[0];
      ExpressionAttributeValues[':to'] = sort.between[1];
    } else {
      expression += ' AND #sk < :before';
      ExpressionAttributeValues[':before'] = sort.lessThan;
    }
  }
  return { KeyConditionExpression: expression, ExpressionAttributeNames, ExpressionAttributeValues };
}
