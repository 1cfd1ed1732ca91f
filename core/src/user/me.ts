import { formatUsNumber } from '../rules/phone';
import { cardBrandName } from './card-brand';
import { type roles, type StoredAccount } from './store';

/** A role an account has. */
export type Role = (typeof roles)[number];

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
