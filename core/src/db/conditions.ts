import type { Entity, TransactItem } from './entity';
import { RAISE_REV, RAISE_REV_VALUES } from './revision';

/**
 * Conditions and changes written as data, turned into DynamoDB's expressions
 * here (decision 109): the due queue's lease and settle, and the checks and
 * claims a scheduled job's transaction puts on the item it works on (the
 * booking a reminder reminds of, the charge the sweep claims). Attribute
 * paths are dotted (`payment.status`); a plain value means "equal to".
 */

/** A condition on one attribute: equal to a value, one of several, absent, or absent or equal. */
export class Match {
  private constructor(
    readonly kind: 'oneOf' | 'absent' | 'absentOr' | 'absentOrBelow' | 'present',
    readonly values: readonly unknown[],
  ) {}
  static oneOf = (...values: unknown[]) => new Match('oneOf', values);
  static absent = () => new Match('absent', []);
  static present = () => new Match('present', []);
  static absentOr = (value: unknown) => new Match('absentOr', [value]);
  static absentOrBelow = (value: number) => new Match('absentOrBelow', [value]);
}
/** Attribute paths (`payment.status`) and what each must be. */
export type Conditions = Record<string, unknown>;

/** The names and values of one expression, placeholders numbered as they are added. */
class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private count = 0;

  path(path: string): string {
    return path
      .split('.')
      .map((part) => {
        const placeholder = `#${part.replace(/[^A-Za-z0-9_]/g, '_')}`;
        this.names[placeholder] = part;
        return placeholder;
      })
      .join('.');
  }

  value(value: unknown): string {
    this.count += 1;
    const placeholder = `:v${this.count}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  condition(conditions: Conditions): string | undefined {
    const parts = Object.entries(conditions).map(([path, match]) => {
      const at = this.path(path);
      if (!(match instanceof Match)) return `${at} = ${this.value(match)}`;
      if (match.kind === 'absent') return `attribute_not_exists(${at})`;
      if (match.kind === 'present') return `attribute_exists(${at})`;
      if (match.kind === 'absentOr')
        return `(attribute_not_exists(${at}) OR ${at} = ${this.value(match.values[0])})`;
      if (match.kind === 'absentOrBelow')
        return `(attribute_not_exists(${at}) OR ${at} < ${this.value(match.values[0])})`;
      return `${at} IN (${match.values.map((v) => this.value(v)).join(', ')})`;
    });
    return parts.length > 0 ? parts.join(' AND ') : undefined;
  }

  /** The `ExpressionAttribute*` fields, left out when empty (DynamoDB refuses empty maps). */
  attributes() {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** A change: attributes set (paths), removed, a counter raised, and `rev` raised. */
export type Change = {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  add?: Record<string, number>;
  /** Raises the record's `rev` (decision 052): every write of a revised record does. */
  raiseRev?: boolean;
};

export function updateOf(change: Change, when: Conditions) {
  const e = new Expression();
  const set = Object.entries(change.set ?? {}).map(([path, value]) => `${e.path(path)} = ${e.value(value)}`);
  if (change.raiseRev) set.push(RAISE_REV);
  const remove = (change.remove ?? []).map((path) => e.path(path));
  const add = Object.entries(change.add ?? {}).map(([path, n]) => `${e.path(path)} ${e.value(n)}`);
  const clauses = [
    set.length > 0 ? `SET ${set.join(', ')}` : '',
    remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
    add.length > 0 ? `ADD ${add.join(', ')}` : '',
  ].filter(Boolean);
  const condition = e.condition(when);
  const attributes = e.attributes();
  return {
    UpdateExpression: clauses.join(' '),
    ...(condition ? { ConditionExpression: condition } : {}),
    ...attributes,
    ...(change.raiseRev
      ? { ExpressionAttributeValues: { ...attributes.ExpressionAttributeValues, ...RAISE_REV_VALUES } }
      : {}),
  };
}

export function checkOf(when: Conditions) {
  const e = new Expression();
  const condition = e.condition(when);
  if (!condition) throw new Error('A check needs at least one condition.');
  return { ConditionExpression: condition, ...e.attributes() };
}

/**
 * The item a due entry is about (the booking a reminder reminds of), still as
 * read when the job's transaction commits: a check of `when`.
 */
export function checkItem<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  entity: Entity<Rec, K>,
  id: K,
  when: Conditions,
): TransactItem {
  return entity.tx.check(id, checkOf(when));
}

/**
 * A conditional change of the item a due entry is about, for the job's
 * transaction (the sweep's claim of a booking's charge): `change` on
 * condition `when`.
 */
export function changeItem<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  entity: Entity<Rec, K>,
  id: K,
  change: Change,
  when: Conditions,
): TransactItem {
  return entity.tx.update(id, updateOf(change, when));
}

/** The same, written alone: the item as it is now, or null when `when` did not hold. */
export function change<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  entity: Entity<Rec, K>,
  id: K,
  change: Change,
  when: Conditions,
): Promise<Rec | null> {
  return entity.update(id, updateOf(change, when));
}
