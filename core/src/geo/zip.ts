import zipcodes from 'zipcodes';
import type { Point } from './model';

/** A US ZIP code's centroid from the shipped data set (the `zipcodes` package), or null. */
export function zipCentroid(zipCode: string): Point | null {
  const five = /^\d{5}/.exec(zipCode.trim())?.[0];
  if (!five) return null;
  const found = zipcodes.lookup(five);
  return found && found.country === 'US' ? { lat: found.latitude, lng: found.longitude } : null;
}
