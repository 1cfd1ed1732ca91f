import type { IndexKey } from '../db/entity';
import type { IndexName } from '../db/table';

/**
 * Customer search keys (decision 061): what a customer account is found by,
 * normalised the same way as the query, each kind in its own sparse index
 * (core/src/db/table.ts) so a search is a `begins_with` range, not a filter
 * over every account. The full name "first last" serves a first-name prefix
 * too, so there is no first-name kind of its own.
 */
export const searchKinds = ['name', 'lastName', 'email', 'phone'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The index each kind lives in. */
export const searchIndexOf = {
  name: 'customerName',
  lastName: 'customerLastName',
  email: 'customerEmail',
  phone: 'customerPhone',
} as const satisfies Record<SearchKind, IndexName>;

/** The one partition of each search index (5,000 customers fit one partition many times over). */
export const SEARCH_PARTITION = 'CUSTOMER';

/** The least digits a phone search needs, so "1" does not list half the customers. */
export const MIN_PHONE_DIGITS = 3;

/** Lower case, accents dropped ("José" → "jose"), spaces trimmed and collapsed. */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

export const phoneDigits = (text: string) => text.replace(/\D/g, '');

type Searchable = { firstName: string; lastName: string; email: string; phone?: string | undefined };

/** An account's key of each kind; undefined where it has none (no phone). */
export function searchKeysOf(account: Searchable): Record<SearchKind, string | undefined> {
  const digits = phoneDigits(account.phone ?? '');
  return {
    name: normaliseText(`${account.firstName} ${account.lastName}`),
    lastName: normaliseText(account.lastName),
    email: normaliseText(account.email),
    phone: digits || undefined,
  };
}

/**
 * The prefix a query looks for in each kind; undefined where it cannot match.
 * Every kind is undefined for a blank query. The phone kind takes a query
 * made only of a phone number's characters with at least three digits
 * ("(610) 555-01" looks for 61055501), never a name that holds a digit.
 */
export function queryPrefixes(query: string): Record<SearchKind, string | undefined> {
  const text = normaliseText(query);
  const digits = phoneDigits(text);
  const phoneLike = /^[\d\s()+.-]+$/.test(text) && digits.length >= MIN_PHONE_DIGITS;
  return {
    name: text || undefined,
    lastName: text || undefined,
    email: text || undefined,
    phone: phoneLike ? digits : undefined,
  };
}

/**
 * The first kind in which `account` matches the query's prefixes: a search
 * lists an account only under that kind, so one that matches by name and by
 * email comes once, on every page boundary, with no state kept.
 */
export function firstMatchingKind(
  account: Searchable,
  prefixes: Record<SearchKind, string | undefined>,
): SearchKind | undefined {
  const keys = searchKeysOf(account);
  return searchKinds.find((kind) => {
    const prefix = prefixes[kind];
    const key = keys[kind];
    return prefix !== undefined && key !== undefined && key.startsWith(prefix);
  });
}

type Keyed = Searchable & { id: string; role: string };

/** The index entry of one kind: customers only, the key then the id (ties in key order). */
const entryOf =
  (kind: SearchKind) =>
  (account: Keyed): IndexKey | undefined => {
    const key = account.role === 'user' ? searchKeysOf(account)[kind] : undefined;
    return key === undefined ? undefined : { pk: SEARCH_PARTITION, sk: `${key}#${account.id}` };
  };

/** The search index entries of an account, as the user entity declares them. */
export const searchIndexEntries = {
  customerName: entryOf('name'),
  customerLastName: entryOf('lastName'),
  customerEmail: entryOf('email'),
  customerPhone: entryOf('phone'),
} satisfies Record<(typeof searchIndexOf)[SearchKind], unknown>;
