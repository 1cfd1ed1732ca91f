import type { AddressBody } from './address-form';

type Shown = Pick<AddressBody, 'street' | 'city' | 'state' | 'zipCode'> & { unit?: string | null };

/** '12 Main St, Apt 4, West Chester, PA 19380': one line, as cards and lists show an address. */
export function addressLine(address: Shown): string {
  const street = [address.street, address.unit]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const place = [address.city.trim(), `${address.state.trim()} ${address.zipCode.trim()}`.trim()]
    .filter(Boolean)
    .join(', ');
  return [street, place].filter(Boolean).join(', ');
}
