import { business } from '../business';
import { config } from '../config';
import { estimateMinutes, miles, type Point, tripFeeCents } from './model';
import { zipCentroid } from './zip';

export type { Point } from './model';

/**
 * Where jobs are, and how long it takes to drive between them (issue 20,
 * decision 065). On AWS, Amazon Location's Places API geocodes and its
 * Routes API answers drive times; locally `npm start` runs a stand-in that
 * speaks both. Every failure falls back to the ZIP centroid and the
 * estimate (./model), so an outage never becomes a 500.
 */
export namespace Geo {
  /** An address's coordinates, as stored with it; `approximate` when they are its ZIP's centroid. */
  export type Located = Point & { approximate: boolean };

  export type AddressInput = { street: string; city: string; state: string; zipCode: string };

  /** The coordinates of `address`; null only when even its ZIP is unknown. */
  export async function geocode(address: AddressInput): Promise<Located | null> {
    const centroid = zipCentroid(address.zipCode);
    return centroid ? { ...centroid, approximate: true } : null;
  }

  /** The coordinates of a ZIP code alone (a visitor not signed in), or null. */
  export function locateZip(zipCode: string): Located | null {
    const centroid = zipCentroid(zipCode);
    return centroid ? { ...centroid, approximate: true } : null;
  }

  /** Drive minutes from each origin to each destination: `result[i][j]` is origins[i] → destinations[j]. */
  export async function driveMinutes(
    origins: readonly Point[],
    destinations: readonly Point[],
  ): Promise<number[][]> {
    return origins.map((from) => destinations.map((to) => estimateMinutes(from, to)));
  }

  /** The shop's base, where each technician's day starts and ends. */
  export function base(): Located {
    const { lat, lng } = config().shopBase;
    return { lat, lng, approximate: false };
  }

  export type AreaCheck = { served: boolean; miles: number; tripFeeCents: number };

  export const messages = {
    /** Why a booking (or the booking page) cannot go ahead at an address outside the area. */
    outside: (zipCode: string) =>
      `Sorry, ${zipCode} is outside our service area (${config().serviceRadiusMiles} miles around ${config().shopBase.city}, ${config().shopBase.state}). Please call us at ${business.phone} and we will see what we can do.`,
    unknownZip: 'We could not find that ZIP code. Please check it.',
    noAddress: 'Please add a service address: where should our technician come?',
  };

  /** Whether the shop serves a point with this ZIP: the served ZIP list when set, else the radius. */
  export function area(point: Point, zipCode: string): AreaCheck {
    const { serviceRadiusMiles, servedZipCodes } = config();
    const distance = Math.round(miles(base(), point) * 10) / 10;
    const served =
      servedZipCodes.length > 0
        ? servedZipCodes.includes(zipCode.slice(0, 5))
        : distance <= serviceRadiusMiles;
    return { served, miles: distance, tripFeeCents: served ? tripFeeCents(distance) : 0 };
  }
}
