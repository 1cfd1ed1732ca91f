import * as z from 'zod';
import { defineEntity } from '../db/entity';
import { toUsE164 } from '../rules/phone';
import { searchIndexEntries } from './search-keys';

/**
 * The account item and its unique-email guard, as stored (the User namespace
 * in index.ts holds the verbs). Every write of an account computes its index
 * keys from the record: the collection's, and its customer-search keys
 * (search-keys.ts), which an admin account never has.
 */
/** A customer ('user'), the shop's owner or office ('admin'), a technician on the road (issue 22). */
export const roles = ['user', 'admin', 'technician'] as const;

/** A marketing consent (issue 34, decision 124): the wording shown and when; a withdrawal keeps the record. */
const MarketingConsent = z.object({
  consentedAt: z.string(),
  wording: z.string(),
  withdrawnAt: z.string().optional(),
  withdrawnBy: z.enum(['customer', 'unsubscribe']).optional(),
});

/** An account as core reads it from the table. */
export const Stored = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /**
   * The scrypt hash; '' for an account an admin made for a phone customer
   * (issue 11) until its owner sets a password from the invitation link:
   * such an account can never be signed into (Account.login).
   */
  passwordHash: z.string(),
  /** Optional contact number (accounts made by an admin for a phone customer). */
  phone: z.string().optional(),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  hasCardOnFile: z.boolean(),
  /**
   * The card on file at Square (core/src/payments): the customer and card
   * ids, and what the account page shows (brand, last four digits). Never the
   * card number; absent until a card is saved.
   */
  squareCustomerId: z.string().optional(),
  cardId: z.string().optional(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  /** When the customer turned review requests off (the mail's one-click unsubscribe, issue 21). */
  reviewRequestsOffAt: z.string().optional(),
  /** When the customer turned recommended work's follow-ups off (their mail's unsubscribe, issue 33). */
  recommendedFollowUpsOffAt: z.string().optional(),
  /**
   * Texts (issue 21): the consent the customer gave, to which mobile number (E.164, US), when and in
   * which wording; absent until they first opt in. Texting is on while `optedOutAt` is absent.
   */
  texts: z
    .object({
      mobile: z.string(),
      consentedAt: z.string(),
      wording: z.string(),
      /** When texting was turned off: by the customer in the app, or by a STOP reply the service reported. */
      optedOutAt: z.string().optional(),
      optedOutBy: z.enum(['customer', 'reply']).optional(),
    })
    .optional(),
  /**
   * Marketing consent (issue 34, decision 124), apart from the booking notices: "your car is due" and
   * the like, by mail and by text, each with the wording shown and when; a withdrawal keeps the record.
   */
  marketing: z
    .object({
      mail: MarketingConsent.optional(),
      text: MarketingConsent.extend({ mobile: z.string() }).optional(),
    })
    .optional(),
  /** The channels the customer chose per kind of notice (core/src/notify/settings.ts); absent: the defaults. */
  notifications: z.record(z.string(), z.enum(['mail', 'text', 'both'])).optional(),
  /**
   * A deactivated technician's account (issue 22, decision 078): it cannot
   * sign in, and its sessions ended when it was set (tokenVersion raised).
   */
  disabled: z.literal(true).optional(),
  /** Bumped by every password change or reset: ends older sessions and reset links. */
  tokenVersion: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredAccount = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'user',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `USER#${id}`, sk: 'USER' }),
  patterns: {
    /** Every account, by when it was made. */
    byCreation: { index: 'byCollection', pk: { prefix: 'USER' }, sk: { composite: ['createdAt', 'id'] } },
  },
  indexes: {
    ...searchIndexEntries,
    // A customer found by the number they text from (issue 36): texts' mobile, else the phone, in E.164.
    byOwner: (account) => {
      const number = mobileOf(account);
      return number ? { pk: mobilePartition(number), sk: `USER#${account.id}` } : undefined;
    },
  },
});

/** The `byOwner` partition prefix of the customers who text from a number (`MOBILE#<E.164>`). */
export const MOBILE_PARTITION = 'MOBILE';

/** The `byOwner` partition of the customers who text from `number` (E.164). */
export const mobilePartition = (number: string) => `${MOBILE_PARTITION}#${number}`;

/** The number a customer's texts come from (E.164): their texts' mobile, else their phone; none for staff. */
export function mobileOf(account: Pick<StoredAccount, 'role' | 'phone' | 'texts'>): string | undefined {
  if (account.role !== 'user') return undefined;
  return account.texts?.mobile ?? (account.phone ? toUsE164(account.phone) : undefined);
}

/** Guards the uniqueness of an email address; holds the owner's id. */
export const emailGuard = defineEntity({
  name: 'userEmail',
  version: 1,
  schema: z.object({ email: z.string(), userId: z.string() }),
  key: ({ email: address }: { email: string }) => ({ pk: `EMAIL#${address}`, sk: 'EMAIL' }),
});
