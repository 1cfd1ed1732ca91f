/**
 * What `User` offers the rest of the app (index.ts names it). Each job lives in its own file: the
 * stored account and its email guard (store.ts), the input rules (input.ts), the account as read
 * and as its owner sees it (me.ts), creating accounts (create.ts), reading them (read.ts), changing
 * them (write.ts), and the customer search (search.ts, search-keys.ts).
 */
import { searchByKey, setSearchKeys } from './search';

export { roles } from './store';
export { COMMON_PASSWORD, CreateInput, email, InviteInput, MIN_PASSWORD_LENGTH, newPassword } from './input';
export { type Account, type CardOnFile, contactPhone, type Me, type Role, toMe } from './me';
export { create, createInvited, createWith, ensureAdmin } from './create';
export { customersPage, find, findByEmail } from './read';
export { remove, setCard, setPassword, setPhoneIfNone, tx } from './write';

/** A page of the customers whose search key of a kind begins with a prefix (search.ts). */
export const customersByKey = searchByKey;
/** Sets the search keys on an account written before decision 061 (search.ts). */
export const indexSearchKeys = setSearchKeys;
