import { SavedAddress } from '../address/index';
import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, failedConditions, type PatchInput, type TransactItem, transactWrite } from '../db/entity';
import type { Page } from '../db/paging';
import { VisibleError } from '../error';
import { cardBrandName } from '../payments/brand';
import { optionalPhone, personName } from '../rules/schema';
import { formatUsNumber } from '../rules/phone';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { isSingleLine } from '../util/text';
import { isCommonPassword } from './common-passwords';
import { hashPassword } from './password';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from './rules';
import { searchAttributes, searchByKey, setSearchKeys } from './search';
import { emailGuard, entity, roles as storedRoles, type StoredAccount } from './store';

/** Accounts: the user item, its unique-email guard, and the reads sign-in needs. */
export namespace User {
  export const roles = storedRoles;
  export type Role = (typeof roles)[number];

  export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;
  export const COMMON_PASSWORD = 'This password is too common. Please choose a less guessable one.';

  /** Emails are stored and compared lowercased and trimmed. */
  export const email = z
    .string({ error: 'Email is required' })
    .refine(isSingleLine, 'Email cannot contain line breaks or control characters.')
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .pipe(z.email('Email is invalid'));

  /** The rules of a new password, the same on the form and on the server (doc 1 §5). */
  export const newPassword = z
    .string({ error: passwordMessages.required })
    .min(1, passwordMessages.required)
    .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
    .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
    .refine((password) => !isCommonPassword(password), COMMON_PASSWORD);

  /** What a caller writes in the same transaction as a new account (its link, its mail). */
  const alsoWritten = z.custom<(userId: string) => TransactItem[]>((value) => typeof value === 'function', {
    error: 'Expected a function that gives the items to write with the account.',
  });

  export const CreateInput = z.object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    password: newPassword,
    role: z.enum(roles).default('user'),
    emailVerified: z.boolean().default(false),
    /** Consent to texts given with the registration (core/src/notify/settings.ts builds it). */
    texts: z.object({ mobile: z.string(), consentedAt: z.string(), wording: z.string() }).optional(),
  });

  /** An account as core reads it from the table (core/src/user/store.ts). */
  export type Account = StoredAccount;

  /** The user as `/api/users/me` and the login reply show it: never the hash. */
  export type Me = {
    _id: string;
    firstName: string;
    lastName: string;
    email: string;
    role: Role;
    hasCardOnFile: boolean;
    /** The card on file as the account page shows it ("Visa", "1111"), or null. */
    card: { brand: string; last4: string } | null;
    /** The number the shop reaches the customer at (issue 30), or null: the booking page asks for one. */
    phone: string | null;
  };

  /** What is stored on the account when a card is saved (core/src/payments). */
  export type CardOnFile = {
    squareCustomerId: string;
    cardId: string;
    cardBrand: string;
    cardLast4: string;
  };

  /**
   * The number the shop reaches a customer at (issue 30): the account's phone, else the mobile they
   * gave for texts (shown as (610) 555-0123); undefined when they gave none.
   */
  export function contactPhone(user: {
    phone?: string | undefined;
    texts?: { mobile: string } | undefined;
  }): string | undefined {
    if (user.phone) return user.phone;
    return user.texts?.mobile ? formatUsNumber(user.texts.mobile) : undefined;
  }

  export function toMe(user: Account): Me {
    return {
      _id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      hasCardOnFile: user.hasCardOnFile,
      card:
        user.hasCardOnFile && user.cardLast4
          ? { brand: cardBrandName(user.cardBrand), last4: user.cardLast4 }
          : null,
      phone: contactPhone(user) ?? null,
    };
  }

  /**
   * Creates an account; 409 when the email already has one. Only an admin
   * (or the system) may create an admin or a pre-verified account; public
   * registration (Account.register) makes neither.
   */
  export const create = fn(CreateInput, (input) => insert(input, () => []));

  /**
   * Creates an account together with what must be written with it (its
   * verification link, the mail that carries it), in one transaction.
   */
  export const createWith = fn(z.tuple([CreateInput, alsoWritten]), insert);

  async function insert(input: z.output<typeof CreateInput>, also: (userId: string) => TransactItem[]) {
    if (input.role !== 'user' || input.emailVerified) assertAdmin();
    const now = new Date().toISOString();
    const account: Account = {
      id: createId('user'),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      emailVerified: input.emailVerified,
      hasCardOnFile: false,
      ...(input.texts ? { texts: input.texts } : {}),
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    await writeNew(account, also(account.id));
    return {
      _id: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      role: account.role,
    };
  }

  /** A new customer made by an admin (doc 2 §5): names, email, optional phone; no password yet. */
  export const InviteInput = z.object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    phone: optionalPhone().transform((value) => value || undefined),
  });

  /**
   * Creates a customer account with no password (an admin's, for a phone
   * customer), with what must be written with it (the invitation link and
   * its mail), in one transaction; 409 when the email already has an
   * account. Its owner activates it by setting a password from the link.
   * A technician's account (issue 22) is made the same way, with `role`.
   */
  export const createInvited = fn(
    z.tuple([InviteInput, alsoWritten, z.enum(['user', 'technician']).optional()]),
    insertInvited,
  );
  async function insertInvited(
    input: z.output<typeof InviteInput>,
    also: (userId: string) => TransactItem[],
    role: 'user' | 'technician' = 'user',
  ): Promise<Account> {
    assertAdmin();
    const now = new Date().toISOString();
    const account: Account = {
      id: createId('user'),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      passwordHash: '',
      ...(input.phone ? { phone: input.phone } : {}),
      role,
      emailVerified: false,
      hasCardOnFile: false,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    await writeNew(account, also(account.id));
    return account;
  }

  async function writeNew(account: Account, also: TransactItem[]): Promise<void> {
    try {
      await transactWrite([
        emailGuard.tx.put({ email: account.email, userId: account.id }, { ifAbsent: true }),
        entity.tx.put(account, { ifAbsent: true }),
        ...also,
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) {
        throw new VisibleError('conflict', 'An account with this email already exists.');
      }
      throw error;
    }
  }

  /**
   * One page of the customer accounts (admins left out), oldest first,
   * bounded by `limit` and the read budget (core/src/db/paging.ts).
   */
  export function customersPage(page: {
    limit: number;
    cursor?: string | null;
    filter?: (account: Account) => boolean;
    /** Items read at most for the page (default: the paging layer's read budget). */
    budget?: number;
  }): Promise<Page<Account>> {
    const { filter } = page;
    return entity.query.byCreation(
      {},
      {
        limit: page.limit,
        cursor: page.cursor,
        budget: page.budget,
        filter: (account) => account.role === 'user' && (!filter || filter(account)),
      },
    );
  }

  /** A page of the customers whose search key of a kind begins with a prefix (search.ts). */
  export const customersByKey = searchByKey;
  /** Sets the search keys on an account written before decision 061 (search.ts). */
  export const indexSearchKeys = setSearchKeys;

  /**
   * An admin account for `email`: created verified, or, when the address has
   * an account already, promoted (its password unchanged). For the seed and
   * the create-admin script only; no API route calls it.
   */
  export async function ensureAdmin(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<'created' | 'promoted'> {
    assertAdmin();
    try {
      await create({ ...input, role: 'admin', emailVerified: true });
      return 'created';
    } catch (error) {
      if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
    }
    const existing = await findByEmail(input.email);
    if (!existing) throw new Error(`The account of ${input.email} vanished while it was being promoted.`);
    await entity.patch(
      { id: existing.id },
      {
        set: { role: 'admin', emailVerified: true, updatedAt: new Date().toISOString() },
        // An admin is never listed: the account leaves the customer search indexes.
        remove: searchAttributes.map((name) => [name]),
        when: (c) => c.itemExists(),
      },
    );
    return 'promoted';
  }

  export function find(userId: string): Promise<Account | undefined> {
    return entity.get({ id: userId }, { consistent: true });
  }

  /** The account of an address (lowercased and trimmed first), if there is one. */
  export async function findByEmail(address: string): Promise<Account | undefined> {
    const parsed = email.safeParse(address);
    if (!parsed.success) return undefined;
    const guard = await emailGuard.get({ email: parsed.data }, { consistent: true });
    return guard ? find(guard.userId) : undefined;
  }

  /** Transaction items on an account, for verbs that change it together with something else. */
  export const tx = {
    /** Marks the address verified (the account must exist). */
    markEmailVerified: (userId: string) =>
      entity.tx.patch(
        { id: userId },
        { set: { emailVerified: true, updatedAt: new Date().toISOString() }, when: (c) => c.itemExists() },
      ),
    /**
     * Stores a new password hash and bumps the token version, which ends
     * every session and reset link issued before. With `ifVersion`, only
     * while the account's version is still that one.
     */
    /**
     * Deactivates an account (`disabled`: it cannot sign in) or activates it
     * again; deactivating raises the token version, which ends its sessions.
     */
    setDisabled: (userId: string, disabled: boolean) =>
      entity.tx.patch(
        { id: userId },
        disabled
          ? {
              set: { disabled: true, updatedAt: new Date().toISOString() },
              add: { tokenVersion: 1 },
              when: (c) => c.itemExists(),
            }
          : {
              set: { updatedAt: new Date().toISOString() },
              remove: ['disabled'],
              when: (c) => c.itemExists(),
            },
      ),
    setPasswordHash: (
      userId: string,
      passwordHash: string,
      options: { ifVersion?: number; verify?: boolean } = {},
    ) => entity.tx.patch({ id: userId }, setPasswordUpdate(passwordHash, options)),
  };

  function setPasswordUpdate(
    passwordHash: string,
    options: { ifVersion?: number; verify?: boolean },
  ): PatchInput<Account> {
    return {
      set: {
        passwordHash,
        updatedAt: new Date().toISOString(),
        ...(options.verify ? { emailVerified: true } : {}),
      },
      add: { tokenVersion: 1 },
      when: cond.and(
        cond.itemExists(),
        options.ifVersion !== undefined && cond.eq('tokenVersion', options.ifVersion),
      ),
    };
  }

  /** Stores a new password and bumps the token version. Returns the new version. */
  export async function setPassword(userId: string, password: string): Promise<number> {
    const updated = await entity.patch({ id: userId }, setPasswordUpdate(await hashPassword(password), {}));
    if (!updated) throw new VisibleError('not_found', 'Account not found.');
    return updated.tokenVersion;
  }

  /**
   * Stores the card on file and sets hasCardOnFile, only while the account's
   * card is still `previousCardId` (null: no card yet), so two saves at once
   * cannot both believe they replaced the same card. Returns the account
   * afterwards, or null when the account is gone or its card changed meanwhile.
   * For Payments.saveCard, which checks who is asking.
   */
  export async function setCard(
    userId: string,
    card: CardOnFile,
    previousCardId: string | null,
  ): Promise<Account | null> {
    return entity.patch(
      { id: userId },
      {
        set: {
          squareCustomerId: card.squareCustomerId,
          cardId: card.cardId,
          cardBrand: card.cardBrand,
          cardLast4: card.cardLast4,
          hasCardOnFile: true,
          updatedAt: new Date().toISOString(),
        },
        when: (c) =>
          c.and(
            c.itemExists(),
            previousCardId === null ? c.notExists('cardId') : c.eq('cardId', previousCardId),
          ),
      },
    );
  }

  /**
   * Keeps `phone` on an account that has none (issue 30: the booking page asks for it once), with its
   * customer-search key (search-keys.ts) in the same write. Returns the account afterwards, or null
   * when it is gone or already has a phone (set meanwhile: the caller reads it again).
   */
  export async function setPhoneIfNone(account: Account, phone: string): Promise<Account | null> {
    const key = entity.indexKey('customerPhone', { ...account, phone });
    return entity.patch(
      { id: account.id },
      {
        set: { phone, updatedAt: new Date().toISOString() },
        ...(key ? { index: { customerPhone: key } } : {}),
        when: (c) => c.and(c.itemExists(), c.notExists('phone')),
      },
    );
  }

  /**
   * Deletes an account and its email guard together (admin or system: test
   * fixtures clean up with it; no API route calls it yet). Nothing else the
   * user made is touched.
   */
  export async function remove(userId: string): Promise<void> {
    assertAdmin();
    const user = await find(userId);
    if (!user) return;
    await transactWrite([
      entity.tx.delete({ id: userId }),
      emailGuard.tx.delete({ email: user.email }),
      // Its saved service addresses (at most 10) and their book go with it.
      ...(await SavedAddress.removalItems(userId)),
    ]);
  }
}
