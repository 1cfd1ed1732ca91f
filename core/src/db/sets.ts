import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';

type Raw = Record<string, unknown>;

/**
 * What `toggleMember` needs of an entity: its `update` (db/entity.ts), spelled here so that this
 * file imports nothing of entity.ts, which re-exports it (no file cycle).
 */
type Updates<Rec, K> = {
  update(id: K, input: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>): Promise<Rec | null>;
};

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
  entity: Updates<Rec, K>,
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
