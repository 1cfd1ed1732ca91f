import * as z from 'zod';

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

export function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x85 || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** A required one-line field: `${label} is required.`, at most `max` characters, no line breaks. */
export function requiredLine(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .refine((value) => !hasControl(value), `${label} cannot contain line breaks.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** An optional one-line field: blank becomes undefined. */
export function optionalLine(label: string, max: number) {
  return z
    .string()
    .refine((value) => !hasControl(value), `${label} cannot contain line breaks.`)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** Required free text (line breaks allowed), trimmed. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** A required email address, as typed (trimmed), never with a line break. */
export const emailAddress = z
  .string({ error: 'Email is required.' })
  .refine((value) => !hasControl(value), 'Email cannot contain line breaks.')
  .trim()
  .min(1, 'Email is required.')
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));
