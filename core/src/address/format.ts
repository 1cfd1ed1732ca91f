/**
 * How a service address reads on one line, and its Directions link (issue 20).
 * Pure and dependency-free: the browser imports it (no zod, no node modules),
 * so the pages, the mails and the calendar files say the same thing.
 */

export type AddressLine = {
  street: string;
  unit?: string | null;
  city: string;
  state: string;
  zipCode: string;
};

/** '12 Market St, Apt 4, West Chester, PA 19380': street, unit (when set), city, state and ZIP. */
export function oneLine(address: AddressLine): string {
  const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const stateZip = [clean(address.state), clean(address.zipCode)].filter(Boolean).join(' ');
  return [clean(address.street), clean(address.unit), clean(address.city), stateZip]
    .filter(Boolean)
    .join(', ');
}

export const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1&destination=';

/** The Directions link to the address: a maps URL that opens route guidance in any browser or phone. */
export function directionsUrl(address: AddressLine): string {
  return `${DIRECTIONS_BASE}${encodeURIComponent(oneLine(address))}`;
}
