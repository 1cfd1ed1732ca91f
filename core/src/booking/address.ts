import * as z from 'zod';
import { AddressInput } from '../address/input';
import { SavedAddress } from '../address/index';
import type { StoredAddress } from '../address/stored';
import { VisibleError } from '../error';
import { Geo } from '../geo/index';

/**
 * Where a new booking's job is (issue 20, decision 067): the address the
 * request sends, or one of the customer's saved addresses by id, or else the
 * customer's default (the spec's own client sends none). Geocoded once,
 * checked against the service area, and kept on the booking with the trip
 * fee of that distance as a snapshot.
 */

/** The address fields a booking request may carry (beside the spec's fields). */
export const AddressChoice = {
  serviceAddress: AddressInput.optional(),
  addressId: z.string({ error: 'addressId must be the id of a saved address.' }).max(40).optional(),
};
export type AddressChoice = {
  serviceAddress?: z.output<typeof AddressInput>;
  addressId?: string;
};

export type Placed = { serviceAddress: StoredAddress; tripFeeCents: number };

/**
 * The booking's address and trip fee. `owner` is the customer whose saved
 * addresses `addressId` and the default come from (none: only an address
 * sent counts). 400 `{ msg }` with no address, an unknown ZIP or a place
 * outside the area; 404 for an address id that is not the owner's.
 */
export async function placeBooking(choice: AddressChoice, owner: string | undefined): Promise<Placed> {
  const picked = choice.serviceAddress
    ? choice.serviceAddress
    : choice.addressId && owner
      ? await SavedAddress.findOf(owner, choice.addressId)
      : choice.addressId
        ? undefined
        : owner
          ? await SavedAddress.defaultOf(owner)
          : undefined;
  if (!picked) throw new VisibleError('invalid', Geo.messages.noAddress);
  const fields = {
    street: picked.street,
    unit: picked.unit ?? '',
    city: picked.city,
    state: picked.state,
    zipCode: picked.zipCode,
    accessNotes: picked.accessNotes ?? '',
  };
  const saved = choice.serviceAddress ? undefined : (picked as SavedAddress.Saved).location;
  const location = saved ?? (await Geo.geocode(fields));
  if (!location) throw new VisibleError('invalid', Geo.messages.unknownZip);
  const area = Geo.area(location, fields.zipCode);
  if (!area.served) throw new VisibleError('invalid', Geo.messages.outside(fields.zipCode));
  return { serviceAddress: { ...fields, location }, tripFeeCents: area.tripFeeCents };
}
