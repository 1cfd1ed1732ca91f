/**
 * Mobile numbers for texts (issue 21): US only, stored in E.164 (`+1` and ten
 * digits). One pure rule, used by the server's schemas and the browser's form.
 */
export const MOBILE_MESSAGE = 'Mobile number must be a US number such as (610) 555-0123.';

/**
 * The E.164 form of a US (NANP) number as people write it: ten digits, with an
 * optional leading 1 or +1, and only spaces, dots, dashes and parentheses
 * between them. The area code and exchange start with 2-9 and the area code is
 * not an N11 service code. Anything else (letters, extensions, other
 * countries, short codes) gives undefined.
 */
export function toUsE164(input: string): string | undefined {
  const text = input.trim();
  if (text.length === 0 || text.length > 25) return undefined;
  if (!/^\+?[\d\s().-]+$/.test(text)) return undefined;
  if (text.includes('+') && !/^\+1[\s.(-]*\d/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (text.startsWith('+')) return undefined;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return undefined;
  if (digits.slice(1, 3) === '11') return undefined;
  return `+1${digits}`;
}

/** An E.164 US number as the pages show it: (610) 555-0123. */
export function formatUsNumber(e164: string): string {
  const digits = e164.replace(/^\+1/, '');
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : e164;
}

/** The `tel:` link of a number as people write it: '(610) 555-0142' is 'tel:+16105550142'. */
export function telHref(phone: string): string {
  return `tel:${toUsE164(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

export const usPhoneMessage = (label = 'Phone number') =>
  `${label} must be a US number such as (610) 555-0123.`;

/**
 * A US phone number (issue 30: the number a job is reached at, called with
 * `tel:+1...`): what `toUsE164` (above, the texts' rule) takes.
 * Blank is not this rule's business, as for `phoneProblem`.
 */
export function usPhoneProblem(value: string | null | undefined, label = 'Phone number'): string | undefined {
  const phone = (value ?? '').trim();
  if (!phone) return undefined;
  return toUsE164(phone) ? undefined : usPhoneMessage(label);
}
