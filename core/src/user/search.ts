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
  const keyOf = (name: string) => item[name];
  const updated = await entity.patch(
    { id: account.id },
    {
      setPaths: searchAttributes.flatMap((name) =>
        keyOf(name) === undefined ? [] : [[[name], keyOf(name)] as const],
      ),
      remove: searchAttributes.flatMap((name) => (keyOf(name) === undefined ? [[name]] : [])),
      when: (c) =>
        c.and(
          c.eq('firstName', account.firstName),
          c.eq('lastName', account.lastName),
          c.eq('email', account.email),
          c.eq('role', account.role),
          account.phone === undefined ? c.notExists('phone') : c.eq('phone', account.phone),
          // Only where a key differs from what the record computes: a second run changes nothing.
          c.or(
            ...searchAttributes.map((name) =>
              keyOf(name) === undefined
                ? c.exists([name])
                : c.or(c.notExists([name]), c.ne([name], keyOf(name))),
            ),
          ),
        ),
    },
  );
  return updated !== null;
}
