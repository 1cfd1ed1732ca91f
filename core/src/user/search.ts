import { indexAttributes } from '../db/entity';
import type { Page } from '../db/paging';
import { type SearchKind, SEARCH_PARTITION, searchIndexOf, searchKinds } from './search-keys';
import { entity, type StoredAccount } from './store';

/** The customer search's reads and its backfill, over the indexes of search-keys.ts (decision 061). */

/** The attributes of an account's search index entries (an admin account has none). */
export const searchAttributes = searchKinds.flatMap((kind) => {
  const names = indexAttributes(searchIndexOf[kind]);
  return [names.partitionKey, names.sortKey];
});

/**
 * One page of the customer accounts whose search key of `kind` begins with
 * `prefix` (search-keys.ts), in key order. The index holds keys only, so
 * the accounts are then read by key, strongly consistent; an entry whose
 * account is gone is left out. `entries` counts the index entries read.
 */
export async function searchByKey(
  kind: SearchKind,
  prefix: string,
  page: { limit: number; cursor?: string | null },
): Promise<Page<StoredAccount> & { entries: number }> {
  const keys = await entity.queryKeys({
    index: searchIndexOf[kind],
    partition: SEARCH_PARTITION,
    sort: { beginsWith: prefix },
    limit: page.limit,
    cursor: page.cursor,
  });
  const ids = keys.items.map((key) => key.pk.slice('USER#'.length));
  const found = new Map((await entity.getMany(ids.map((id) => ({ id })))).map((a) => [a.id, a]));
  return { items: ids.flatMap((id) => found.get(id) ?? []), cursor: keys.cursor, entries: ids.length };
}

/**
 * Gives an account written before decision 061 the search keys its record
 * computes (an admin: none), only while the fields they come from are as
 * read and where a key differs; false when nothing needed changing or the
 * account changed meanwhile (that write set them).
 */
export async function setSearchKeys(account: StoredAccount): Promise<boolean> {
  const item = entity.item(account);
  const names: Record<string, string> = { '#first': 'firstName', '#last': 'lastName', '#email': 'email' };
  const values: Record<string, unknown> = {
    ':first': account.firstName,
    ':last': account.lastName,
    ':email': account.email,
    ':role': account.role,
  };
  const set: string[] = [];
  const remove: string[] = [];
  for (const [i, name] of searchAttributes.entries()) {
    names[`#k${i}`] = name;
    if (item[name] === undefined) remove.push(`#k${i}`);
    else {
      set.push(`#k${i} = :k${i}`);
      values[`:k${i}`] = item[name];
    }
  }
  // Only where a key differs from what the record computes: a second run changes nothing.
  const differs = searchAttributes.map((_, i) =>
    values[`:k${i}`] === undefined
      ? `attribute_exists(#k${i})`
      : `(attribute_not_exists(#k${i}) OR #k${i} <> :k${i})`,
  );
  names['#role'] = 'role';
  names['#phone'] = 'phone';
  if (account.phone !== undefined) values[':phone'] = account.phone;
  const updated = await entity.update(
    { id: account.id },
    {
      UpdateExpression: [
        set.length ? `SET ${set.join(', ')}` : '',
        remove.length ? `REMOVE ${remove.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: `#first = :first AND #last = :last AND #email = :email AND #role = :role AND ${
        account.phone === undefined ? 'attribute_not_exists(#phone)' : '#phone = :phone'
      } AND (${differs.join(' OR ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  );
  return updated !== null;
}
