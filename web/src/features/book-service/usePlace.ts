import { useQuery } from '@tanstack/react-query';
import { myAddressesQueryOptions, type SavedAddress, serviceAreaQueryOptions } from '../../lib/addresses';
import type { SessionUser } from '../../lib/auth/store';
import { type Place, preselectedAddress } from './where';

export type PlaceState =
  | { kind: 'unknown' }
  /** A visitor who has not typed a ZIP: the times from the shop's base, as before issue 20, only listed. */
  | { kind: 'anywhere' }
  | { kind: 'checking' }
  | { kind: 'outside' }
  | { kind: 'served'; place: Place; tripFee: number; address?: SavedAddress };

/**
 * Where the booking page stands on the address: not known yet, being
 * checked, outside the area, or served (then the times may be asked for,
 * for this place). A customer's comes from their saved addresses, a
 * visitor's (or a staff member's) from the ZIP they typed.
 */
export function usePlace(
  user: SessionUser | null,
  chosenId: string | undefined,
  zipCode: string | undefined,
): PlaceState {
  // Staff have no addresses of their own (issue 30): they check a ZIP as a visitor does.
  const customer = user?.role === 'user' ? user : null;
  const addresses = useQuery({ ...myAddressesQueryOptions(customer?._id ?? ''), enabled: !!customer });
  const area = useQuery({
    ...serviceAreaQueryOptions({ zipCode: zipCode ?? '' }),
    enabled: !customer && !!zipCode,
  });
  if (customer) {
    if (addresses.isPending) return { kind: 'checking' };
    const address = preselectedAddress(addresses.data ?? [], chosenId);
    if (!address) return { kind: 'unknown' };
    return address.serviceArea.served
      ? { kind: 'served', place: { addressId: address._id }, tripFee: address.serviceArea.tripFee, address }
      : { kind: 'outside' };
  }
  if (!zipCode) return { kind: 'anywhere' };
  if (area.isPending) return { kind: 'checking' };
  if (!area.data) return { kind: 'outside' };
  return area.data.served
    ? { kind: 'served', place: { zipCode }, tripFee: area.data.tripFee }
    : { kind: 'outside' };
}
