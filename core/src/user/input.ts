import * as z from 'zod';
import type { TransactItem } from '../db/entity';
import { optionalPhone, personName } from '../rules/schema';
import { isSingleLine } from '../util/text';
import { isCommonPassword } from './common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from './rules';
import { roles } from './store';

/*
 * What a new account is made from (User.CreateInput, User.InviteInput): its email, password and
 * names, checked by the same rules on the form and on the server.
 */

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
export const alsoWritten = z.custom<(userId: string) => TransactItem[]>(
  (value) => typeof value === 'function',
  {
    error: 'Expected a function that gives the items to write with the account.',
  },
);

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

/** A new customer made by an admin (doc 2 §5): names, email, optional phone; no password yet. */
export const InviteInput = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  phone: optionalPhone().transform((value) => value || undefined),
});
