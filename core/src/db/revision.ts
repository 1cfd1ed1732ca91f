import type { TransactItem } from './entity';

/**
 * Optimistic writes, one scheme for every domain (decision 052): a record
 * carries `rev`, a counter that every write of it raises by one.
 *
 * - A full put from a record read earlier (`putIfUnchanged`) is conditional
 *   on the stored `rev` still being the one read, and writes the next one.
 * - Every UpdateItem on such a record raises `rev` too (`RAISE_REV`), so a
 *   put from a read older than the update fails instead of undoing it.
 * - An item written before it carried `rev` reads as revision 0.
 *
 * The caller maps a failed condition to its 409 ("changed meanwhile").
 */

/** A record that takes part: `rev` is absent only on items older than the scheme. */
export type Revised = { rev?: number };

/** The revision a record read has. */
export const revisionOf = (record: Revised): number => record.rev ?? 0;

/** The SET clause that raises `rev` in an UpdateItem, with its values (`RAISE_REV_VALUES`). */
export const RAISE_REV = 'rev = if_not_exists(rev, :revZero) + :revOne';
export const RAISE_REV_VALUES = { ':revZero': 0, ':revOne': 1 } as const;

/** The condition that the stored item is still revision `rev`, with its values. */
export function unchangedSince(rev: number): {
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, number>;
} {
  return {
    ConditionExpression:
      rev === 0
        ? 'attribute_exists(pk) AND (attribute_not_exists(rev) OR rev = :readRev)'
        : 'attribute_exists(pk) AND rev = :readRev',
    ExpressionAttributeValues: { ':readRev': rev },
  };
}

/**
 * The transaction item that writes `next` in full as the revision after
 * `read`'s, only while the stored item is still `read`'s revision.
 */
export function putIfUnchanged<Rec extends Revised>(
  entity: { tx: { put(record: Rec): TransactItem } },
  next: Rec,
  read: Revised,
): TransactItem {
  const rev = revisionOf(read);
  const put = entity.tx.put({ ...next, rev: rev + 1 }).Put;
  if (!put) throw new Error('A put item was expected.');
  const condition = unchangedSince(rev);
  return {
    Put: {
      ...put,
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeValues: { ...put.ExpressionAttributeValues, ...condition.ExpressionAttributeValues },
    },
  };
}
