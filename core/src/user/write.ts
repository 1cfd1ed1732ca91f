import { SavedAddress } from '../address/index';
import { assertAdmin } from '../actor';
import { indexAttributes, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Account, CardOnFile } from './me';
import { hashPassword } from './password';
import { find } from './read';
import { emailGuard, entity } from './store';

/** Transaction items on an account, for verbs that change it together with something else. */
export const tx = {
  /** Marks the address verified (the account must exist). */
  markEmailVerified: (userId: string) =>
    entity.tx.update(
      { id: userId },
      {
        UpdateExpression: 'SET emailVerified = :yes, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true, ':now': new Date().toISOString() },
      },
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
    entity.tx.update(
      { id: userId },
      disabled
        ? {
            UpdateExpression: 'SET disabled = :yes, updatedAt = :now ADD tokenVersion :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':yes': true, ':now': new Date().toISOString(), ':one': 1 },
          }
        : {
            UpdateExpression: 'SET updatedAt = :now REMOVE disabled',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          },
    ),
  setPasswordHash: (
    userId: string,
    passwordHash: string,
    options: { ifVersion?: number; verify?: boolean } = {},
  ) => entity.tx.update({ id: userId }, setPasswordUpdate(passwordHash, options)),
};

function setPasswordUpdate(passwordHash: string, options: { ifVersion?: number; verify?: boolean }) {
  const versioned = options.ifVersion !== undefined;
  return {
    UpdateExpression: `SET passwordHash = :hash, updatedAt = :now${options.verify ? ', emailVerified = :yes' : ''} ADD tokenVersion :one`,
    ConditionExpression: versioned
      ? 'attribute_exists(pk) AND tokenVersion = :version'
      : 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':hash': passwordHash,
      ':now': new Date().toISOString(),
      ':one': 1,
      ...(options.verify ? { ':yes': true } : {}),
      ...(versioned ? { ':version': options.ifVersion } : {}),
    },
  };
}

/** Stores a new password and bumps the token version. Returns the new version. */
export async function setPassword(userId: string, password: string): Promise<number> {
  const updated = await entity.update({ id: userId }, setPasswordUpdate(await hashPassword(password), {}));
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
  return entity.update(
    { id: userId },
    {
      UpdateExpression:
        'SET squareCustomerId = :customer, cardId = :card, cardBrand = :brand, cardLast4 = :last4, hasCardOnFile = :yes, updatedAt = :now',
      ConditionExpression:
        previousCardId === null
          ? 'attribute_exists(pk) AND attribute_not_exists(cardId)'
          : 'attribute_exists(pk) AND cardId = :previous',
      ExpressionAttributeValues: {
        ':customer': card.squareCustomerId,
        ':card': card.cardId,
        ':brand': card.cardBrand,
        ':last4': card.cardLast4,
        ':yes': true,
        ':now': new Date().toISOString(),
        ...(previousCardId === null ? {} : { ':previous': previousCardId }),
      },
    },
  );
}

/**
 * Keeps `phone` on an account that has none (issue 30: the booking page asks for it once), with its
 * customer-search key (search-keys.ts) in the same write. Returns the account afterwards, or null
 * when it is gone or already has a phone (set meanwhile: the caller reads it again).
 */
export async function setPhoneIfNone(account: Account, phone: string): Promise<Account | null> {
  const next = { ...account, phone };
  const keyed = entity.item(next);
  const names = indexAttributes('customerPhone');
  const pk = keyed[names.partitionKey];
  const sk = keyed[names.sortKey];
  return entity.update(
    { id: account.id },
    {
      UpdateExpression: `SET phone = :phone, updatedAt = :now${pk ? ', #pk = :pk, #sk = :sk' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(phone)',
      ...(pk ? { ExpressionAttributeNames: { '#pk': names.partitionKey, '#sk': names.sortKey } } : {}),
      ExpressionAttributeValues: {
        ':phone': phone,
        ':now': new Date().toISOString(),
        ...(pk ? { ':pk': pk, ':sk': sk } : {}),
      },
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
