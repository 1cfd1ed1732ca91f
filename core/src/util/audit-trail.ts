/**
 * The audit trail, one rule for every domain (decision 052): a record's trail
 * (a booking's or a work order's status changes, a work order's earlier
 * acknowledgments) keeps at most AUDIT_TRAIL_LIMIT entries: the first one
 * (how the record began) and the newest. So an item stays far below
 * DynamoDB's 400 KB however often it changes, and the trail still says where
 * it started. Pure and browser-safe.
 */

/** The most entries a trail keeps. */
export const AUDIT_TRAIL_LIMIT = 100;

/** The trail with `entry` appended, bounded: the first entry and the newest ones are kept. */
export function appendToTrail<T>(trail: readonly T[], entry: T, limit = AUDIT_TRAIL_LIMIT): T[] {
  const next = [...trail, entry];
  if (next.length <= limit) return next;
  const [first, ...rest] = next as [T, ...T[]];
  return [first, ...rest.slice(rest.length - (limit - 1))];
}
