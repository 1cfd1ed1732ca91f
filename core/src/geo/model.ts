import { config } from '../config';

/**
 * The drive-time model (issue 20, decision 065): pure functions over
 * coordinates and the settings. The routing service (Amazon Location's
 * Routes API, or its local stand-in) answers drive times; this estimate is
 * what the stand-in computes and what the product falls back to when the
 * service fails, so a provider outage never blocks scheduling.
 */

export type Point = { lat: number; lng: number };

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function miles(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rounds minutes up to the next multiple of 5 (a multiple give or take a float's error stays). */
export function roundUpToFive(minutes: number): number {
  const steps = Math.ceil(minutes / 5 - 1e-9);
  return steps > 0 ? steps * 5 : 0;
}

/** The settings the drive estimate reads (the config module's; the Routes stand-in passes its own reading). */
export type DriveFactors = { driveDetourFactor: number; driveAverageMph: number; driveFloorMinutes: number };

export const METRES_PER_MILE = 1609.344;

/** Closer than this (about 16 m), two points are the same place: no drive. */
const SAME_PLACE_MILES = 0.01;

/** The estimated road distance in metres: great-circle miles × the detour factor (0 for the same place). */
export function roadMetres(from: Point, to: Point, factors: DriveFactors = config()): number {
  const distance = miles(from, to);
  return distance < SAME_PLACE_MILES ? 0 : distance * factors.driveDetourFactor * METRES_PER_MILE;
}

/** The estimated drive in seconds, unrounded: road miles ÷ the average speed (0 for the same place). */
export function driveSeconds(from: Point, to: Point, factors: DriveFactors = config()): number {
  return (roadMetres(from, to, factors) / METRES_PER_MILE / factors.driveAverageMph) * 3600;
}

/**
 * A drive of `seconds` (the estimate's or the routing service's) as the
 * schedule counts it: whole minutes, never under the floor, rounded up to 5
 * minutes; 0 stays 0 (the same place).
 */
export function minutesFromSeconds(seconds: number, factors: DriveFactors = config()): number {
  if (!(seconds > 0)) return 0;
  return roundUpToFive(Math.max(factors.driveFloorMinutes, seconds / 60));
}

/**
 * Estimated drive in whole minutes: miles × detour ÷ average speed, never
 * under the floor, rounded up to 5 minutes. The same point is 0 minutes.
 */
export function estimateMinutes(from: Point, to: Point, factors: DriveFactors = config()): number {
  return minutesFromSeconds(driveSeconds(from, to, factors), factors);
}

/** The trip fee in cents for a job `distance` miles from the base (0 when no bands are set or none applies). */
export function tripFeeCents(distance: number): number {
  const band = config().tripFeeBands.find((b) => distance <= b.upToMiles);
  return band?.cents ?? 0;
}
