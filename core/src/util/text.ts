import * as z from 'zod';
import { hasControl } from '../rules/fields';
import { checkedText, line, requiredText as rulesRequiredText } from '../rules/schema';

export { hasControl };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string is well-formed UTF-16 (no lone surrogate), so it can be encoded as UTF-8. */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The string with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, for Node 20). */
export function wellFormed(value: string): string {
  return isWellFormed(value) ? value : value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * Text fields. Single-line fields (names, subjects, emails, phone, vehicle
 * fields) refuse line breaks and other control characters before trimming,
 * so a value can never carry a second mail header (`Name\r\nBcc: ...`) into
 * a subject, nor start a paragraph of its own in a mail's text.
 */
export const isSingleLine = (value: string): boolean => !hasControl(value);

/**
 * The text fields' schemas are the field rules' (core/src/rules/schema.ts,
 * decision 059): `${label} is required.`, at most `max` characters, no line
 * breaks on one-line fields. These names stay for the domains that use them.
 */
export const requiredLine = (label: string, max: number) => line(label, max);

/** An optional one-line field: blank becomes undefined. */
export const optionalLine = (label: string, max: number) =>
  checkedText({ label, max })
    .optional()
    .transform((value) => value || undefined);

/** Required free text (line breaks allowed), trimmed. */
export const requiredText = (label: string, max: number) =>
  rulesRequiredText({ label, max, multiline: true });

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** A required email address, as typed (trimmed), never with a line break. */
export const emailAddress = z
  .string({ error: 'Email is required.' })
  .refine((value) => !hasControl(value), 'Email cannot contain line breaks.')
  .trim()
  .min(1, 'Email is required.')
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));
