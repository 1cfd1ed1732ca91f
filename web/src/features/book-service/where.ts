import type { AreaResult } from '../../components/address/AreaCheck';
import type { SavedAddress } from '../../lib/addresses';

/**
 * Where the job is, as the booking page knows it (issue 20): a saved address
 * of the signed-in customer, or a ZIP a visitor typed. The times are asked
 * for this place (`addressId` or `zipCode`), and only once the shop is known
 * to come there.
 */
export type Place = { addressId: string } | { zipCode: string };

/** The address the page starts with: the one in the page's address, else the default, else the only one. */
export function preselectedAddress(
  addresses: SavedAddress[],
  chosenId: string | undefined,
): SavedAddress | undefined {
  return (
    addresses.find((address) => address._id === chosenId) ??
    addresses.find((address) => address.isDefault) ??
    (addresses.length === 1 ? addresses[0] : undefined)
  );
}

/** A saved address's area as the check shows it (its reply carries no sentence). */
export const areaOfSaved = (address: SavedAddress): AreaResult => ({ ...address.serviceArea, message: '' });
