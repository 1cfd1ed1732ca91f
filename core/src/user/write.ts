import { SavedAddress } from '../address/index';
import { assertAdmin } from '../actor';
import { cond, type PatchInput, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Account, CardOnFile } from './me';
import { hashPassword } from './password';
import { find } from './read';
import { emailGuard, entity } from './store';

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
  // The number the customer texts from (issue 36), when it is this phone.
  const mobile = entity.indexKey('byOwner', { ...account, phone });
  return entity.patch(
    { id: account.id },
    {
      set: { phone, updatedAt: new Date().toISOString() },
      index: { ...(key ? { customerPhone: key } : {}), ...(mobile ? { byOwner: mobile } : {}) },
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
