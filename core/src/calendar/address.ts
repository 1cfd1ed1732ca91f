/**
 * A private calendar address (issue 36, decision 119): what a technician or
 * the admin pastes so the technician's own calendar blocks their bookable
 * times. Pure and browser-safe (no zod): the form's check and the server's.
 *
 * - https://, webcal:// or webcals:// (read as https://): Google's "secret
 *   address in iCal format", Outlook's published calendar, Apple's public link.
 * - The local stack only (`local`): http:// to this machine too (the stand-in's sample feeds).
 * - Never a user name or password in it; on AWS never this machine or a bare IP address.
 */

export const CALENDAR_ADDRESS_MAX = 2000;

export const calendarAddressMessages = {
  shape: "Paste your calendar's private address: a link that starts with https:// or webcal://.",
  long: `That address is too long (at most ${CALENDAR_ADDRESS_MAX} characters).`,
  host: 'That address does not point to a calendar service on the internet.',
} as const;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;
const IP_LITERAL = /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\])$/i;

/** The address as a URL, or null. */
function parsed(value: string): URL | null {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}

/** Why `value` is not a calendar address to read, or undefined. */
export function calendarAddressProblem(value: unknown, { local = false } = {}): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return calendarAddressMessages.shape;
  if (value.trim().length > CALENDAR_ADDRESS_MAX) return calendarAddressMessages.long;
  const url = parsed(value);
  if (!url || url.username || url.password || !url.hostname) return calendarAddressMessages.shape;
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol === 'http:') return local && loopback ? undefined : calendarAddressMessages.shape;
  if (!['https:', 'webcal:', 'webcals:'].includes(url.protocol)) return calendarAddressMessages.shape;
  if (!local && (loopback || IP_LITERAL.test(url.hostname))) return calendarAddressMessages.host;
  return undefined;
}

/** The address to fetch: webcal:// and webcals:// are https://. */
export function fetchUrlOf(address: string): string {
  return address.trim().replace(/^webcals?:\/\//i, 'https://');
}

/** The address as lists show it: its service and the last four characters (the rest is its secret). */
export function maskAddress(address: string): string {
  const url = parsed(address);
  const tail = address.trim().slice(-4);
  return url ? `${url.protocol}//${url.host}/…${tail}` : `…${tail}`;
}
