import type { SortCondition } from './paging';
import type { IndexName } from './table';

/**
 * Access patterns by name (ElectroDB's indexes, modeling/indexes.mdx, without
 * the library: decision 108). A pattern names the index it reads (the base
 * table when absent) and composes its partition and sort keys from a literal
 * prefix and the record's attributes, joined with `#`:
 *
 *     byService: { index: 'byOwner', pk: { prefix: 'SERVICE', composite: ['serviceId'] },
 *                  sk: { prefix: 'SLOT', composite: ['date', 'time'] } }
 *
 * writes `ownerPk = SERVICE#<serviceId>`, `ownerSk = SLOT#<date>#<time>` on
 * every record, and `entity.query.byService({ serviceId }, { between: [{ date:
 * a }, { date: b }] })` reads them back: the key is spelled once.
 */

/** An index entry: the partition and sort value under that index's own attribute names. */
export type IndexKey = { pk: string; sk: string };

export type KeyTemplate<A extends string = string> = {
  /** A literal first part (`'SERVICE'`); none for a key made of attributes only. */
  prefix?: string;
  /** The record's attributes, in order, that follow the prefix. */
  composite?: readonly A[];
};

export type PatternDefinition<Rec> = {
  /** The index it reads and writes; the base table (read only: the key is the entity's `key`) when absent. */
  index?: IndexName;
  pk: KeyTemplate<keyof Rec & string>;
  /**
   * The sort key: a template, or (for an order no template spells, such as a
   * name in lower case) a function of the record; such a pattern is read by
   * partition only.
   */
  sk?: KeyTemplate<keyof Rec & string> | ((record: Rec) => string);
  /** Sparse (ElectroDB's `condition`): a record is in the index only while this holds. */
  condition?: (record: Rec) => boolean;
};

/**
 * A pattern on the `byCollection` index: every record of its kind under one partition (`prefix`),
 * in the order of `sk` (a template, or a function of the record, typed, for an order no template
 * spells): `crew: inCollection('TECH', (t: Stored) => String(t.number).padStart(4, '0'))`.
 */
export function inCollection<const S extends KeyTemplate | ((record: never) => string)>(
  prefix: string,
  sk: S,
) {
  return { index: 'byCollection' as const, pk: { prefix }, sk };
}

type Composite<T> = T extends { composite: readonly (infer A extends string)[] } ? A : never;
type Value = string | number;

/** The attributes that name a partition of pattern `P`. */
export type PartitionOf<P> = P extends { pk: infer T } ? { [A in Composite<T>]: Value } : never;
/** Leading attributes of the sort key of pattern `P` (any prefix of them). */
export type SortOf<P> = P extends { sk: infer T } ? { [A in Composite<T>]?: Value } : Record<never, never>;

/**
 * A range of the sort key, by its leading attributes:
 * - `beginsWith`: every entry whose key starts with them (`{}`: every one);
 * - `between`: from the first to the last entry starting with the second, both included;
 * - `from`: that entry and every later one; `upTo`: through every entry starting with them;
 * - `before`: strictly before them.
 */
export type SortRange<S> =
  { beginsWith: S } | { between: readonly [S, S] } | { from: S } | { upTo: S } | { before: S };

/** Above every character keys are made of: `${prefix}~` ends a range of keys starting with `prefix`. */
const HIGH = '~';

/** The key a template gives a record; undefined when an attribute it needs is absent. */
export function composeKey(template: KeyTemplate, record: Record<string, unknown>): string | undefined {
  const parts: string[] = template.prefix === undefined ? [] : [template.prefix];
  for (const name of template.composite ?? []) {
    const value = record[name];
    if (value === undefined || value === null) return undefined;
    parts.push(String(value));
  }
  return parts.join('#');
}

/**
 * The leading part of a template's key from the attributes given (in order,
 * stopping at the first absent one); with `open`, a separator follows when
 * attributes remain, so `beginsWith` never matches a longer value.
 */
function keyPrefix(template: KeyTemplate, given: Record<string, unknown>, open: boolean): string {
  const parts: string[] = template.prefix === undefined ? [] : [template.prefix];
  const names = template.composite ?? [];
  let used = 0;
  for (const name of names) {
    const value = given[name];
    if (value === undefined || value === null) break;
    parts.push(String(value));
    used += 1;
  }
  const key = parts.join('#');
  return open && used < names.length && parts.length > 0 ? `${key}#` : key;
}

/** The partition value of a pattern for the attributes given; every composite attribute is required. */
export function partitionKey(pattern: PatternDefinition<never>, given: Record<string, unknown>): string {
  const key = composeKey(pattern.pk as KeyTemplate, given);
  if (key === undefined) throw new Error(`A partition needs ${(pattern.pk.composite ?? []).join(', ')}.`);
  return key;
}

/** The sort-key condition of a range on a pattern's sort key. */
export function sortCondition(
  pattern: PatternDefinition<never>,
  range: SortRange<Record<string, unknown>>,
): SortCondition | undefined {
  if (typeof pattern.sk === 'function') throw new Error('A computed sort key is read by partition only.');
  const template = (pattern.sk ?? {}) as KeyTemplate;
  if ('beginsWith' in range) {
    const prefix = keyPrefix(template, range.beginsWith, true);
    return prefix ? { beginsWith: prefix } : undefined;
  }
  if ('between' in range) {
    return {
      between: [
        keyPrefix(template, range.between[0], false),
        `${keyPrefix(template, range.between[1], false)}${HIGH}`,
      ],
    };
  }
  if ('from' in range) return { atLeast: keyPrefix(template, range.from, false) };
  if ('upTo' in range) return { lessThan: `${keyPrefix(template, range.upTo, false)}${HIGH}` };
  return { lessThan: keyPrefix(template, range.before, false) };
}

/** The index entry a pattern gives a record: undefined when the record is not in it (sparse). */
export function indexEntry<Rec>(pattern: PatternDefinition<Rec>, record: Rec): IndexKey | undefined {
  if (pattern.condition && !pattern.condition(record)) return undefined;
  const raw = record as Record<string, unknown>;
  const pk = composeKey(pattern.pk as KeyTemplate, raw);
  const sk =
    typeof pattern.sk === 'function'
      ? pattern.sk(record)
      : composeKey((pattern.sk ?? {}) as KeyTemplate, raw);
  return pk === undefined || sk === undefined ? undefined : { pk, sk };
}
