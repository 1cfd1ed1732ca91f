import * as z from 'zod';
import { assertAdmin, useUser } from '../actor';
import {
  cond,
  defineEntity,
  failedConditions,
  type KeyReader,
  type TransactItem,
  transactWrite,
} from '../db/entity';
import { putIfUnchanged } from '../db/revision';
import { VisibleError } from '../error';
import { Geo } from '../geo/index';
import { callerFirst, fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { type Address, AddressInput, SAVED_ADDRESS_LIMIT } from './input';
import { Location, type StoredAddress } from './stored';

/**
 * A customer's saved service addresses (issue 20, decision 067): at most
 * `SAVED_ADDRESS_LIMIT`, one of them the default. Each address is an item in
 * the customer's partition (`USER#<id>` / `ADDRESS#<id>`), geocoded once
 * when written. The partition's address book (`USER#<id>` / `ADDRESSBOOK`)
 * holds how many there are and which is the default; every change writes
 * the address and the book in one transaction, conditional on the book's
 * revision (db/revision), so the limit and the one default hold under
 * concurrent requests.
 */

export { SAVED_ADDRESS_LIMIT };

export const id = idSchema('address', 'address');

export const addressMessages = {
  notFound: 'Address not found.',
  limit: `You can keep up to ${SAVED_ADDRESS_LIMIT} addresses. Please delete one to add another.`,
  adminsHaveNone: 'Only customers keep service addresses.',
  deleted: 'Address deleted.',
  busy: 'Your addresses changed at the same time. Please try again.',
  duplicate: 'You have already saved this address.',
} as const;

export const Saved = z.object({
  id: z.string(),
  userId: z.string(),
  street: z.string(),
  unit: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  accessNotes: z.string(),
  location: Location.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Saved = z.infer<typeof Saved>;

export const entity = defineEntity({
  name: 'savedAddress',
  version: 1,
  schema: Saved,
  key: (a: { userId: string; id: string }) => ({ pk: `USER#${a.userId}`, sk: `ADDRESS#${a.id}` }),
  patterns: {
    /** A customer's addresses, oldest first (ids are time-ordered), in the account's own partition. */
    ofCustomer: {
      pk: { prefix: 'USER', composite: ['userId'] },
      sk: { prefix: 'ADDRESS', composite: ['id'] },
    },
  },
});

const Book = z.object({
  userId: z.string(),
  count: z.number().int().nonnegative(),
  /** The default address's id; '' when the customer has none. */
  defaultId: z.string(),
  rev: z.number().int().nonnegative().optional(),
});
type Book = z.infer<typeof Book>;

export const book = defineEntity({
  name: 'addressBook',
  version: 1,
  schema: Book,
  key: (b: { userId: string }) => ({ pk: `USER#${b.userId}`, sk: 'ADDRESSBOOK' }),
});

/**
 * A saved address as its owner (and the admin) sees it: whether it is the default, and the area check
 * with the message saying so when it is outside (issue 30: said when saving, not a plain success).
 */
export type Info = Saved & { isDefault: boolean; serviceArea: Geo.AreaCheck & { message: string } };

function info(a: Saved, defaultId: string): Info {
  const area = a.location ? Geo.area(a.location, a.zipCode) : { served: false, miles: 0, tripFeeCents: 0 };
  const message = area.served ? '' : Geo.messages.outside(a.zipCode.slice(0, 5));
  return { ...a, isDefault: a.id === defaultId, serviceArea: { ...area, message } };
}

/** Street suffixes and directions written out or abbreviated: the same place either way. */
const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  highway: 'hwy',
  parkway: 'pkwy',
  circle: 'cir',
  terrace: 'ter',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');

/** A unit's number without its word: 'Apt 4', 'Unit 4', '#4' and '4' are the same door. */
const unitOf = (unit: string) => words(unit).replace(/^(apt|apartment|unit|suite|ste|no|number)\b\s*/, '');

/**
 * The place an address names, for telling duplicates apart (issue 30, decision 101): street, city,
 * state and five-digit ZIP, case, punctuation, spacing and common abbreviations aside, and the unit
 * (two flats of one building are two places). The access notes do not make another place.
 */
export const placeKey = (a: Pick<Address, 'street' | 'unit' | 'city' | 'state' | 'zipCode'>): string =>
  [
    words(a.street),
    unitOf(a.unit),
    words(a.city),
    a.state.trim().toUpperCase(),
    a.zipCode.trim().slice(0, 5),
  ].join('|');

/** The signed-in customer's id; 403 for an admin (admins keep no addresses). */
function customerId(): string {
  const me = useUser();
  if (me.role !== 'user') throw new VisibleError('forbidden', addressMessages.adminsHaveNone);
  return me.userId;
}

/** The customer's addresses, oldest first (strongly consistent): a read bounded by the limit. */
async function addressesOf(userId: string): Promise<Saved[]> {
  const page = await entity.query.ofCustomer(
    { userId },
    { range: { beginsWith: {} }, limit: SAVED_ADDRESS_LIMIT, consistent: true },
  );
  return page.items;
}

/** The customer's addresses and their book. */
async function readAll(userId: string): Promise<{ items: Saved[]; book: Book | undefined }> {
  const [items, current] = await Promise.all([
    addressesOf(userId),
    book.get({ userId }, { consistent: true }),
  ]);
  return { items, book: current };
}

async function listOf(userId: string): Promise<Info[]> {
  const { items, book: current } = await readAll(userId);
  return items.map((a) => info(a, current?.defaultId ?? ''));
}

/** `GET /api/users/me/addresses`: the signed-in customer's addresses. */
export const listMine = () => listOf(customerId());

/** `GET /api/admin/users/{id}/addresses` (admin): a customer's addresses, for a custom booking. */
export const listFor = fn(
  z.string(),
  async (userId): Promise<Info[]> => {
    assertAdmin();
    return listOf(userId);
  },
  callerFirst(assertAdmin),
);

/** The address geocoded once; 400 when even its ZIP is unknown. */
export async function located(address: Address): Promise<StoredAddress & { location: Geo.Located }> {
  const location = await Geo.geocode(address);
  if (!location) throw new VisibleError('invalid', Geo.messages.unknownZip);
  return { ...address, location };
}

/** Writes `items` with the book's next state, conditional on the book read; tries again on a race. */
async function withBook(
  userId: string,
  change: (current: Book, saved: Saved[]) => { items: TransactItem[]; next: Book },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    // The book first, then its addresses: a write landing between the two changes the book's revision,
    // so this attempt's conditional write fails and the next one reads both again.
    const read = await book.get({ userId }, { consistent: true });
    const saved = await addressesOf(userId);
    const current = read ?? { userId, count: 0, defaultId: '' };
    const { items, next } = change(current, saved);
    const bookItem = read
      ? putIfUnchanged(book, next, read)
      : book.tx.put({ ...next, rev: 1 }, { ifAbsent: true });
    try {
      await transactWrite([...items, bookItem]);
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.some((index) => index < items.length)) {
        throw new VisibleError('not_found', addressMessages.notFound);
      }
      if (attempt >= 12) throw new VisibleError('conflict', addressMessages.busy);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20 * attempt));
    }
  }
}

export const SaveInput = AddressInput.extend({
  isDefault: z.boolean({ error: 'isDefault must be true or false.' }).optional(),
});
export type SaveInput = z.input<typeof SaveInput>;

/** 409 when `address` names a place the customer already keeps (other than `except`). */
function refuseDuplicate(address: Address, saved: Saved[], except = '') {
  const key = placeKey(address);
  if (saved.some((other) => other.id !== except && placeKey(other) === key)) {
    throw new VisibleError('conflict', addressMessages.duplicate);
  }
}

/** Adds an address for the signed-in customer; the first becomes the default. 409 over the limit or a duplicate. */
export const create = fn(
  SaveInput,
  async ({ isDefault, ...fields }): Promise<Info> => {
    const userId = customerId();
    const address = await located(fields);
    const now = new Date().toISOString();
    const record: Saved = { ...address, id: createId('address'), userId, createdAt: now, updatedAt: now };
    let defaultId = '';
    await withBook(userId, (current, saved) => {
      if (current.count >= SAVED_ADDRESS_LIMIT) throw new VisibleError('conflict', addressMessages.limit);
      refuseDuplicate(record, saved);
      defaultId = isDefault || !current.defaultId ? record.id : current.defaultId;
      return {
        items: [entity.tx.put(record, { ifAbsent: true })],
        next: { ...current, count: current.count + 1, defaultId },
      };
    });
    return info(record, defaultId);
  },
  callerFirst(customerId),
);

/** The signed-in customer's address `addressId`; 404 for another's or none. */
export async function findMine(addressId: string): Promise<Saved> {
  return findOf(customerId(), addressId);
}

/** The customer's address `addressId`; 404 when it is not theirs. With `batch`: read in that batch (db/key-batch.ts). */
export async function findOf(userId: string, addressId: string, batch?: KeyReader): Promise<Saved> {
  const found = id.safeParse(addressId).success
    ? await entity.get({ userId, id: addressId }, { consistent: true, batch })
    : undefined;
  if (!found) throw new VisibleError('not_found', addressMessages.notFound);
  return found;
}

const sameStreet = (a: Address, b: Saved) =>
  a.street === b.street && a.city === b.city && a.state === b.state && a.zipCode === b.zipCode;

/** Changes one of the signed-in customer's addresses (geocoded again when the place changed). */
export const update = fn(
  z.tuple([z.string(), SaveInput]),
  async (addressId, { isDefault, ...fields }): Promise<Info> => {
    const userId = customerId();
    const existing = await findOf(userId, addressId);
    const place = sameStreet(fields, existing) && existing.location ? existing : await located(fields);
    const record: Saved = {
      ...existing,
      ...fields,
      location: place.location,
      updatedAt: new Date().toISOString(),
    };
    let defaultId = '';
    await withBook(userId, (current, saved) => {
      refuseDuplicate(record, saved, record.id);
      defaultId = isDefault ? record.id : current.defaultId;
      return {
        items: [entity.tx.put(record, { when: cond.itemExists() })],
        next: { ...current, defaultId },
      };
    });
    return info(record, defaultId);
  },
  callerFirst(customerId),
);

/** Deletes one of the signed-in customer's addresses; another becomes the default when it was (or none). */
export const remove = fn(
  z.string(),
  async (addressId): Promise<void> => {
    const userId = customerId();
    await findOf(userId, addressId);
    const { items } = await readAll(userId);
    const others = items.filter((a) => a.id !== addressId);
    await withBook(userId, (current) => ({
      items: [entity.tx.delete({ userId, id: addressId }, cond.itemExists())],
      next: {
        ...current,
        count: Math.max(0, current.count - 1),
        defaultId:
          current.defaultId === addressId || !current.defaultId ? (others[0]?.id ?? '') : current.defaultId,
      },
    }));
  },
  callerFirst(customerId),
);

/** The customer's default address, or undefined when they have none. */
export async function defaultOf(userId: string): Promise<Saved | undefined> {
  const current = await book.get({ userId }, { consistent: true });
  if (!current?.defaultId) return undefined;
  return entity.get({ userId, id: current.defaultId }, { consistent: true });
}

/** The items that delete every address of a customer and the book (the account's removal). */
export async function removalItems(userId: string): Promise<TransactItem[]> {
  const { items } = await readAll(userId);
  return [...items.map((a) => entity.tx.delete({ userId, id: a.id })), book.tx.delete({ userId })];
}
