import { useUser } from '../actor';
import { SavedAddress } from '../address/index';
import type { KeyReader } from '../db/entity';
import { VisibleError } from '../error';
import { Geo } from '../geo/index';
import type { Point } from '../geo/model';

/**
 * Where availability is asked for (issue 20): a saved address of the
 * signed-in customer (`addressId`), a ZIP code (a visitor not signed in),
 * or nowhere (the base, as before addresses).
 */
export type Where = { addressId?: string; zipCode?: string };

/** The place to plan from, or why no time is offered there (outside the area). */
export type Placed = { place: Point | null; outside?: string };

/**
 * The place of `where`: a saved address's stored coordinates (geocoded
 * again when it has none), a ZIP's centroid, or the base; 400 for an
 * unknown ZIP, 404 for an address that is not the caller's (SavedAddress), 401 for an
 * address without a session; `outside` when the shop does not go there.
 * With `batch`, the saved address is read in that batch (availabilityAt).
 */
export async function placeOf(where: Where, batch?: KeyReader): Promise<Placed> {
  if (where.addressId) {
    const address = await SavedAddress.findOf(useUser().userId, where.addressId, batch);
    const at = address.location ?? (await Geo.geocode(address));
    if (!at) throw new VisibleError('invalid', Geo.messages.unknownZip);
    return areaOf({ lat: at.lat, lng: at.lng }, address.zipCode);
  }
  if (where.zipCode) {
    const at = await Geo.locateZip(where.zipCode);
    if (!at) throw new VisibleError('invalid', Geo.messages.unknownZip);
    return areaOf({ lat: at.lat, lng: at.lng }, where.zipCode);
  }
  return { place: null };
}

function areaOf(place: Point, zipCode: string): Placed {
  return Geo.area(place, zipCode).served ? { place } : { place, outside: Geo.messages.outside(zipCode) };
}
