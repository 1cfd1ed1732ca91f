import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../error';
import { db, tableName } from './client';
import { type IndexName, table } from './table';

/**
 * Paged reads with a read budget and a resume cursor (decisions 049 and 057).
 * Every page is bounded twice: by `limit` (records returned) and by `budget`
 * (items read, kept or not), so a filtered page over a long range stops
 * early and hands back a cursor where it stopped.
 */

type Raw = Record<string, unknown>;

export type SortCondition =
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { lessThan: string }
  | { atLeast: string };

export type QueryOptions<Rec> = {
  /** The index to query; the base table when absent. */
  index?: IndexName;
  /** The partition value (of the index's partition attribute, or `pk`). */
  partition: string;
  /** A condition on the sort key. */
  sort?: SortCondition;
  descending?: boolean;
  /** At most this many records a page. */
  limit: number;
  /** The opaque cursor of the previous page. */
  cursor?: string | null;
  /** Keeps only the records it accepts; pages fill up to `limit` within the read budget. */
  filter?: (record: Rec) => boolean;
  /** At most this many items read for one page (default `READ_BUDGET`). */
  budget?: number;
  /** Reads only these attributes (plus keys, `_type` and `_v`); the entity's `parse` must accept them. */
  projection?: readonly string[];
  /** A strongly consistent read (the base table only): sees every write acknowledged before it. */
  consistent?: boolean;
};

export type Page<Rec> = {
  items: Rec[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
};

/** The one message for a cursor that does not decode (answered as 400 `{ msg }`). */
export const INVALID_CURSOR = 'This page link is not valid. Please start again from the first page.';

/**
 * The items one page may read by default: at the table's largest items
 * (bookings, work orders: 1 to 2 KB) about 1 MB, DynamoDB's own page size.
 */
export const READ_BUDGET = 500;

/** The largest page a caller may ask for (decision 049's `?limit` ceiling). */
export const MAX_PAGE = 100;

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

/** The attribute names of an index's partition and sort key (the base table's when absent). */
export const keyNamesOf = (index?: IndexName) =>
  index ? table.indexes[index] : { partitionKey: table.partitionKey, sortKey: table.sortKey };

/**
 * One page of a key-condition query. DynamoDB's own `Limit` counts items
 * read, not items kept, so this reads on until `limit` records passed the
 * filter, and one more proves that a next page exists: the cursor (the key
 * of the last record returned) is given only then, so the last page is
 * never an empty one. When `budget` items were read first, the page ends
 * there, short, with a cursor at the last item read.
 */
export async function queryPage<Rec>(
  options: QueryOptions<Rec> & { parse: (raw: Raw) => Rec; is: (raw: Raw) => boolean; keysOnly?: boolean },
): Promise<Page<Rec>> {
  const names = keyNamesOf(options.index);
  const keyNames = [...new Set([table.partitionKey, table.sortKey, names.partitionKey, names.sortKey])];
  const { limit, filter } = options;
  const budget = options.budget ?? READ_BUDGET;
  for (const [what, n] of [
    ['page limit', limit],
    ['read budget', budget],
  ] as const) {
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`A ${what} is a whole number of at least 1, not ${n}.`);
  }
  const cursorAt = (raw: Raw | undefined) =>
    encodeCursor(Object.fromEntries(keyNames.map((name) => [name, raw?.[name]])));
  const items: Rec[] = [];
  let kept: Raw | undefined;
  let read = 0;
  let startKey: Raw | undefined = options.cursor ? decodeCursor(options.cursor, keyNames) : undefined;
  do {
    // Unfiltered: exactly what is still needed, plus the one that proves a next page.
    // Filtered: read ahead, since some will be dropped. Never past the budget.
    const wanted = filter ? Math.max(2 * limit, 25) : limit + 1 - items.length;
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: options.index,
        ScanIndexForward: !options.descending,
        ...withProjection(
          keyCondition(names, options),
          keyNames,
          options.keysOnly ? 'keys' : options.projection,
        ),
        ExclusiveStartKey: startKey,
        Limit: Math.min(wanted, budget - read),
        ...(options.consistent && !options.index ? { ConsistentRead: true } : {}),
      }),
    );
    const raws = page.Items ?? [];
    for (const [position, raw] of raws.entries()) {
      read += 1;
      const record = options.is(raw) ? options.parse(raw) : undefined;
      if (record !== undefined && (!filter || filter(record))) {
        if (items.length === limit) return { items, cursor: cursorAt(kept) };
        items.push(record);
        kept = raw;
      }
      if (read >= budget) {
        const more = position < raws.length - 1 || page.LastEvaluatedKey !== undefined;
        return { items, cursor: more ? cursorAt(raw) : null };
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { items, cursor: null };
}

/** Reads only the keys, `_type`, `_v` and the named attributes; or, for 'keys', only the keys. */
function withProjection(
  input: ReturnType<typeof keyCondition>,
  keyNames: readonly string[],
  projection: readonly string[] | 'keys' | undefined,
): Partial<QueryCommandInput> {
  if (!projection) return input;
  const names = { ...input.ExpressionAttributeNames };
  const wanted = projection === 'keys' ? keyNames : [...new Set([...keyNames, '_type', '_v', ...projection])];
  const expression = wanted.map((name, i) => {
    names[`#p${i}`] = name;
    return `#p${i}`;
  });
  return { ...input, ExpressionAttributeNames: names, ProjectionExpression: expression.join(', ') };
}

export function keyCondition(
  names: { partitionKey: string; sortKey: string },
  options: { partition: string; sort?: SortCondition },
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
    } else if ('atLeast' in sort) {
      expression += ' AND #sk >= :from';
      ExpressionAttributeValues[':from'] = sort.atLeast;
    } else {
      expression += ' AND #sk < :before';
      ExpressionAttributeValues[':before'] = sort.lessThan;
    }
  }
  return { KeyConditionExpression: expression, ExpressionAttributeNames, ExpressionAttributeValues };
}

/**
 * One page of an index that carries only some attributes (`projection` in
 * table.ts), raw as the index holds them, with a read budget: it keeps the
 * entries `accept` takes until it has `limit` of them, and stops after reading
 * `budget` entries whatever it kept. The cursor is where it stopped (after
 * the last entry kept when the page is full, after the last entry read when
 * the budget ran out); null when the index has nothing further.
 */
export async function queryIndexPage(options: {
  index: IndexName;
  partition: string;
  descending?: boolean;
  limit: number;
  budget: number;
  cursor?: string | null;
  accept: (raw: Raw) => boolean;
}): Promise<{ items: Raw[]; cursor: string | null; read: number }> {
  const names = keyNamesOf(options.index);
  const keyNames = [...new Set([table.partitionKey, table.sortKey, names.partitionKey, names.sortKey])];
  const cursorOf = (raw: Raw) => encodeCursor(Object.fromEntries(keyNames.map((name) => [name, raw[name]])));
  const items: Raw[] = [];
  let read = 0;
  let startKey: Raw | undefined = options.cursor ? decodeCursor(options.cursor, keyNames) : undefined;
  // The first read asks for what an unfiltered page needs; each further read four times more, up to the budget.
  let ask = Math.max(options.limit + 1, 25);
  while (read < options.budget) {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: options.index,
        ScanIndexForward: !options.descending,
        ...keyCondition(names, options),
        ExclusiveStartKey: startKey,
        Limit: Math.min(ask, options.budget - read),
      }),
    );
    ask *= 4;
    for (const raw of page.Items ?? []) {
      read += 1;
      if (!options.accept(raw)) continue;
      if (items.length === options.limit) {
        // One more accepted entry proves a next page: resume after the last one kept.
        const last = items[items.length - 1];
        return { items, cursor: last ? cursorOf(last) : null, read };
      }
      items.push(raw);
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) return { items, cursor: null, read };
  }
  return { items, cursor: startKey ? encodeCursor(startKey) : null, read };
}
