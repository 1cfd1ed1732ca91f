import type { IndexKey } from './patterns';
import { type IndexName, table } from './table';

/**
 * The one place that writes DynamoDB expression strings (decision 108).
 * Domain code describes a write as data (`patch(key, { set, add, remove,
 * when })`) and a condition with the builders below (`cond.eq('status',
 * 'Pending')`); this module turns them into `UpdateExpression`,
 * `ConditionExpression` and their placeholders. ElectroDB's `patch` and
 * `where` are the model (mutations/patch.mdx, mutations/conditions.mdx).
 */

type Raw = Record<string, unknown>;

export type PathPart = string | number;
/**
 * An attribute path: `'status'`, `'payment.refundableCents'`, `'photos[2].id'`,
 * or its parts (`['jobs', jobId]`) where a map key may hold any character.
 */
export type Path = string | readonly PathPart[];

/** Placeholders for names and values, shared by one request's expressions. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly nameIds = new Map<string, string>();
  private valueCount = 0;

  constructor(private readonly prefix: string) {}

  name(part: string): string {
    let id = this.nameIds.get(part);
    if (!id) {
      id = `#${this.prefix}${this.nameIds.size}`;
      this.nameIds.set(part, id);
      this.names[id] = part;
    }
    return id;
  }

  path(path: Path): string {
    const parts = typeof path === 'string' ? parsePath(path) : path;
    if (typeof parts[0] !== 'string')
      throw new Error(`An attribute path starts with a name: ${String(path)}`);
    return parts
      .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${this.name(part)}`))
      .join('');
  }

  value(value: unknown): string {
    const id = `:${this.prefix}${this.valueCount}`;
    this.valueCount += 1;
    this.values[id] = value;
    return id;
  }
}

function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  for (const segment of path.split('.')) {
    const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(segment);
    if (!match?.[1]) throw new Error(`Not an attribute path: ${path}`);
    parts.push(match[1]);
    for (const at of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) parts.push(Number(at[1]));
  }
  return parts;
}

// ---------------------------------------------------------------------------
// Conditions

/** A condition, built with `cond` (opaque: it renders itself into one request's placeholders). */
export class When {
  constructor(readonly render: (p: Placeholders) => string) {}
}

/** `size(path)`, as the left side of a comparison. */
class Size {
  constructor(readonly path: Path) {}
}
/** Another attribute, as the right side of a comparison. */
class Ref {
  constructor(readonly path: Path) {}
}

type Left<P> = P | Size;
const left = (p: Placeholders, x: Left<Path>) => (x instanceof Size ? `size(${p.path(x.path)})` : p.path(x));
const right = (p: Placeholders, v: unknown) =>
  v instanceof Ref ? p.path(v.path) : v instanceof Size ? `size(${p.path(v.path)})` : p.value(v);
const compare =
  (operator: string) =>
  (l: Left<Path>, r: unknown): When =>
    new When((p) => `${left(p, l)} ${operator} ${right(p, r)}`);
const join = (word: 'AND' | 'OR', conditions: (When | undefined | false)[]): When => {
  const kept = conditions.filter((c): c is When => c instanceof When);
  if (kept.length === 0) throw new Error(`An ${word} of no conditions.`);
  return new When((p) => kept.map((c) => `(${c.render(p)})`).join(` ${word} `));
};

/** The condition builders, typed by the paths `P` they accept (an entity's attributes). */
export type Conditions<P = Path> = {
  /** The item exists (a patch on an absent item would create it). */
  itemExists(): When;
  /** No item exists under the key. */
  itemAbsent(): When;
  exists(path: P): When;
  notExists(path: P): When;
  /** The item has an entry in the (sparse) index. */
  inIndex(index: IndexName): When;
  /** The item has no entry in the (sparse) index. */
  notInIndex(index: IndexName): When;
  eq(path: Left<P>, value: unknown): When;
  ne(path: Left<P>, value: unknown): When;
  lt(path: Left<P>, value: unknown): When;
  le(path: Left<P>, value: unknown): When;
  gt(path: Left<P>, value: unknown): When;
  ge(path: Left<P>, value: unknown): When;
  between(path: Left<P>, low: unknown, high: unknown): When;
  /** The attribute is one of `values` (DynamoDB's IN). */
  oneOf(path: Left<P>, values: readonly unknown[]): When;
  /** A string holds `value`, or a set or list has it as a member. */
  contains(path: P, value: unknown): When;
  beginsWith(path: P, prefix: string): When;
  /** Every condition given (undefined and false are left out). */
  and(...conditions: (When | undefined | false)[]): When;
  /** At least one of the conditions given (undefined and false are left out). */
  or(...conditions: (When | undefined | false)[]): When;
  not(condition: When): When;
  /** The size of a string, set, list or map, to compare: `cond.lt(cond.size('photos'), 10)`. */
  size(path: P): Size;
  /** Another attribute's value, to compare against: `cond.le('n', cond.ref('max'))` (a `size` works there too). */
  ref(path: P): Ref;
  /**
   * The stored item is still revision `rev` (decision 052's optimistic
   * scheme, `revision.ts`): an item from before the scheme reads as 0.
   */
  unchangedSince(rev: number): When;
};

export const cond: Conditions = {
  itemExists: () => cond.exists(table.partitionKey),
  itemAbsent: () => cond.notExists(table.partitionKey),
  exists: (path) => new When((p) => `attribute_exists(${p.path(path)})`),
  notExists: (path) => new When((p) => `attribute_not_exists(${p.path(path)})`),
  inIndex: (index) => cond.exists(table.indexes[index].partitionKey),
  notInIndex: (index) => cond.notExists(table.indexes[index].partitionKey),
  eq: compare('='),
  ne: compare('<>'),
  lt: compare('<'),
  le: compare('<='),
  gt: compare('>'),
  ge: compare('>='),
  between: (path, low, high) =>
    new When((p) => `${left(p, path)} BETWEEN ${right(p, low)} AND ${right(p, high)}`),
  oneOf: (path, values) => {
    if (values.length === 0) throw new Error('oneOf needs at least one value.');
    return new When((p) => `${left(p, path)} IN (${values.map((v) => right(p, v)).join(', ')})`);
  },
  contains: (path, value) => new When((p) => `contains(${p.path(path)}, ${right(p, value)})`),
  beginsWith: (path, prefix) => new When((p) => `begins_with(${p.path(path)}, ${right(p, prefix)})`),
  and: (...conditions) => join('AND', conditions),
  or: (...conditions) => join('OR', conditions),
  not: (condition) => new When((p) => `NOT (${condition.render(p)})`),
  size: (path) => new Size(path),
  ref: (path) => new Ref(path),
  unchangedSince: (rev) =>
    cond.and(
      cond.itemExists(),
      rev === 0 ? cond.or(cond.notExists('rev'), cond.eq('rev', 0)) : cond.eq('rev', rev),
    ),
};

/** A condition alone, for a put, a delete or a condition check. */
export function conditionInput(when: When): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  const p = new Placeholders('c');
  const ConditionExpression = when.render(p);
  return {
    ConditionExpression,
    ExpressionAttributeNames: p.names,
    ...(Object.keys(p.values).length ? { ExpressionAttributeValues: p.values } : {}),
  };
}

// ---------------------------------------------------------------------------
// Updates

/** A value computed from the attribute it sets (`op.plus(1)`, `op.append([entry])`). */
export class SetOp {
  constructor(readonly render: (p: Placeholders, target: string) => string) {}
}

export const op = {
  /** Adds `n` (negative to subtract); an absent attribute counts as `orFrom` when given, else the write fails. */
  plus: (n: number, orFrom?: number) =>
    new SetOp(
      (p, target) =>
        `${orFrom === undefined ? target : `if_not_exists(${target}, ${p.value(orFrom)})`} ${n < 0 ? '-' : '+'} ${p.value(Math.abs(n))}`,
    ),
  /** Appends the entries to a list (an absent list counts as empty). */
  append: (entries: readonly unknown[]) =>
    new SetOp((p, target) => `list_append(if_not_exists(${target}, ${p.value([])}), ${p.value(entries)})`),
  /** Sets the value only where the attribute is absent. */
  ifAbsent: (value: unknown) => new SetOp((p, target) => `if_not_exists(${target}, ${p.value(value)})`),
};

type Top<Rec> = keyof Rec & string;
/** The paths into a record's attributes. */
export type AttrPath<Rec> =
  Top<Rec> | `${Top<Rec>}.${string}` | `${Top<Rec>}[${string}` | readonly PathPart[];

export type PatchInput<Rec> = {
  /** Attributes (or nested paths) to set; an undefined value is left out. */
  set?: { [A in Top<Rec>]?: Rec[A] | SetOp } & {
    [P in `${Top<Rec>}.${string}` | `${Top<Rec>}[${string}`]?: unknown;
  };
  /** Paths whose map keys may hold any character (`[['jobs', jobId], value]`). */
  setPaths?: readonly (readonly [Path, unknown])[];
  /** Numbers to add to (absent counts as 0), or members to add to a set. */
  add?: { [A in Top<Rec>]?: number | ReadonlySet<string> } & {
    [P in `${Top<Rec>}.${string}`]?: number;
  };
  /** Adds to attributes whose names may hold any character (`[['svc:a.b:cents'], 500]`). */
  addPaths?: readonly (readonly [Path, number | ReadonlySet<string>])[];
  /** Attributes, nested paths or list entries to remove. */
  remove?: readonly (AttrPath<Rec> | false | undefined)[];
  /** Members to take out of a set. */
  delete?: { [A in Top<Rec>]?: ReadonlySet<string> };
  /** An index entry to write (its keys) or to leave (null): a sparse index's membership. */
  index?: { [I in IndexName]?: IndexKey | null };
  /** The condition the stored item must meet; the write fails (nothing changes) otherwise. */
  when?: When | ((c: Conditions<AttrPath<Rec>>) => When);
  /**
   * Leaves `rev` as it is, on an entity whose records carry it: for a write
   * no put may be refused for (an index backfill, a counter of attempts).
   * Say why beside it.
   */
  keepRev?: boolean;
};

/** How an entity's patch is written: whether it raises `rev`, and `_type`/`_v` for one that may create the item. */
export type PatchContext = { raiseRev: boolean; upsert?: { type: string; version: number } };

export type UpdateInput = {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** The UpdateItem input of a patch. */
export function updateInput<Rec>(input: PatchInput<Rec>, context: PatchContext): UpdateInput {
  const p = new Placeholders('u');
  const set: string[] = [];
  const remove: string[] = [];
  const add: string[] = [];
  const del: string[] = [];
  const setOne = (path: Path, value: unknown) => {
    if (value === undefined) return;
    const target = p.path(path);
    set.push(`${target} = ${value instanceof SetOp ? value.render(p, target) : p.value(value)}`);
  };
  for (const [path, value] of Object.entries((input.set ?? {}) as Raw)) setOne(path, value);
  for (const [path, value] of input.setPaths ?? []) setOne(path, value);
  for (const [index, entry] of Object.entries(input.index ?? {}) as [IndexName, IndexKey | null][]) {
    const names = table.indexes[index];
    if (entry) {
      setOne(names.partitionKey, entry.pk);
      setOne(names.sortKey, entry.sk);
    } else {
      remove.push(p.path(names.partitionKey), p.path(names.sortKey));
    }
  }
  if (context.upsert) {
    setOne('_type', context.upsert.type);
    setOne('_v', context.upsert.version);
  }
  if (context.raiseRev && !input.keepRev) setOne('rev', op.plus(1, 0));
  const addOne = (path: Path, value: unknown) => {
    if (value !== undefined) add.push(`${p.path(path)} ${p.value(value)}`);
  };
  for (const [path, value] of Object.entries((input.add ?? {}) as Raw)) addOne(path, value);
  for (const [path, value] of input.addPaths ?? []) addOne(path, value);
  for (const path of input.remove ?? []) if (path !== undefined && path !== false) remove.push(p.path(path));
  for (const [path, value] of Object.entries((input.delete ?? {}) as Raw)) {
    if (value !== undefined) del.push(`${p.path(path)} ${p.value(value)}`);
  }
  const clauses = [
    set.length ? `SET ${set.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
    add.length ? `ADD ${add.join(', ')}` : '',
    del.length ? `DELETE ${del.join(', ')}` : '',
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('A patch that changes nothing.');
  const when = typeof input.when === 'function' ? input.when(cond as Conditions<AttrPath<Rec>>) : input.when;
  const condition = when?.render(p);
  return {
    UpdateExpression: clauses.join(' '),
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: p.names,
    ...(Object.keys(p.values).length ? { ExpressionAttributeValues: p.values } : {}),
  };
}
