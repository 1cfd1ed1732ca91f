import { config } from '../config';
import { readDriveTimes, writeDriveTimes } from './drive-times';
import { Lru } from './lru';
import { estimateMinutes, miles, minutesFromSeconds, type Point, tripFeeCents } from './model';
import { geocodeWithPlaces } from './places';
import { resetProviders } from './provider';
import { routeMatrix } from './routes';
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

  /** A geocoded point farther than this from its ZIP's centroid is not trusted: the centroid is used. */
  const MAX_MILES_FROM_ZIP = 30;
  const geocodes = new Lru<string, Located>(1000);

  /**
   * The coordinates of `address`: Amazon Location's Places API when it
   * answers (approximate unless it placed the address itself), else the
   * ZIP's centroid (approximate). Null only when the ZIP is unknown.
   */
  export async function geocode(address: AddressInput): Promise<Located | null> {
    const centroid = await zipCentroid(address.zipCode);
    if (!centroid) return null;
    const key = [address.street, address.city, address.state, address.zipCode]
      .map((part) => part.trim().toLowerCase())
      .join('|');
    const known = geocodes.get(key);
    if (known) return known;
    const found = await geocodeWithPlaces(address);
    if (found && miles(found, centroid) <= MAX_MILES_FROM_ZIP) {
      geocodes.set(key, found);
      return found;
    }
    return { ...centroid, approximate: true };
  }

  /**
   * The coordinates of a ZIP code alone (a visitor not signed in), or null.
   * Async: the ZIP table is loaded on first use (decision 065).
   */
  export async function locateZip(zipCode: string): Promise<Located | null> {
    const centroid = await zipCentroid(zipCode);
    return centroid ? { ...centroid, approximate: true } : null;
  }

  /** Drive minutes between two points as the routing service answered them (bounded; see driveMinutes). */
  const legs = new Lru<string, number>(20_000);
  /** The most route-matrix requests one driveMinutes call makes (each may be blocks of 15 × 15). */
  const MAX_REQUESTS = 4;
  const pointKey = ({ lat, lng }: Point) => `${lat.toFixed(5)},${lng.toFixed(5)}`;

  /**
   * Drive minutes from each origin to each destination: `result[i][j]` is
   * origins[i] → destinations[j], in whole minutes, never under the floor,
   * rounded up to 5 (0 for the same point). Pairs already known come from an
   * in-process cache, then from the table (measured within
   * `DRIVE_TIMES_KEEP_DAYS`, ./drive-times, decision 105); the others from
   * route-matrix calls for exactly the missing pairs (Amazon Location's
   * Routes API; askMissing), which are then kept in both, or from the
   * estimate when it fails (never kept). A table that fails is skipped
   * (logged once): never a failed lookup.
   */
  export async function driveMinutes(
    origins: readonly Point[],
    destinations: readonly Point[],
  ): Promise<number[][]> {
    const fromKeys = origins.map(pointKey);
    const toKeys = destinations.map(pointKey);
    const known = (i: number, j: number) => {
      const from = fromKeys[i] ?? '';
      const to = toKeys[j] ?? '';
      return from === to ? 0 : (legs.get(`${from}>${to}`) ?? -1);
    };
    let result = fromKeys.map((_, i) => toKeys.map((_, j) => known(i, j)));
    if (complete(result)) return result;

    const stored = await tableCall(() =>
      readDriveTimes(
        fromKeys.filter((_, i) => result[i]?.some((minutes) => minutes < 0)),
        toKeys,
      ),
    );
    stored?.forEach((minutes, pair) => legs.set(pair, minutes));
    result = fromKeys.map((_, i) => toKeys.map((_, j) => known(i, j)));
    if (complete(result)) return result;

    const measured = await askMissing(origins, destinations, fromKeys, toKeys, result);
    if (measured.size > 0) await tableCall(() => writeDriveTimes(measured));
    return result.map((row, i) =>
      row.map((minutes, j) => {
        if (minutes >= 0) return minutes;
        const from = origins[i] as Point;
        const to = destinations[j] as Point;
        return legs.get(`${fromKeys[i]}>${toKeys[j]}`) ?? estimateMinutes(from, to);
      }),
    );
  }

  const complete = (matrix: number[][]) => matrix.every((row) => row.every((minutes) => minutes >= 0));

  /** Whether the table's failure was logged already (once a process). */
  let tableWarned = false;

  /** A read or write of the kept drive times; undefined (logged once) when the table fails. */
  async function tableCall<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      if (!tableWarned) {
        tableWarned = true;
        console.warn(
          `Geo: the kept drive times failed; the routing service answers alone (${String(error)})`,
        );
      }
      return undefined;
    }
  }

  /**
   * Asks the routing service for the pairs `known` lacks (-1) and caches what
   * it answers. The service bills every origin-destination pair of a request,
   * so the missing pairs are asked for as few rectangles as cover them
   * exactly: origins that lack the same destinations share one request. A
   * new place among N known ones costs 2N pairs (its row and its column),
   * not the (N + 1)² of one rectangle over everything. When the groups save
   * less than half the pairs, or there are more than MAX_REQUESTS of them:
   * one rectangle over them all. Returns what the service measured (`from>to` → minutes).
   */
  async function askMissing(
    origins: readonly Point[],
    destinations: readonly Point[],
    fromKeys: readonly string[],
    toKeys: readonly string[],
    known: readonly number[][],
  ): Promise<Map<string, number>> {
    const groups = new Map<string, { from: Map<string, Point>; to: Map<string, Point> }>();
    known.forEach((row, i) => {
      const to = new Map<string, Point>();
      row.forEach((minutes, j) => {
        if (minutes < 0) to.set(toKeys[j] ?? '', destinations[j] as Point);
      });
      if (to.size === 0) return;
      const signature = [...to.keys()].sort().join(' ');
      const group = groups.get(signature) ?? { from: new Map<string, Point>(), to };
      group.from.set(fromKeys[i] ?? '', origins[i] as Point);
      groups.set(signature, group);
    });
    let requests = [...groups.values()];
    const from = new Map(requests.flatMap((group) => [...group.from]));
    const to = new Map(requests.flatMap((group) => [...group.to]));
    const grouped = requests.reduce((sum, group) => sum + group.from.size * group.to.size, 0);
    if (requests.length > MAX_REQUESTS || grouped * 2 > from.size * to.size) requests = [{ from, to }];
    const measured = new Map<string, number>();
    await Promise.all(
      requests.map(async ({ from, to }) => {
        const askedFrom = [...from.keys()];
        const askedTo = [...to.keys()];
        const seconds = await routeMatrix([...from.values()], [...to.values()]);
        seconds?.forEach((row, i) =>
          row.forEach((value, j) => {
            if (value === null) return;
            const pair = `${askedFrom[i]}>${askedTo[j]}`;
            legs.set(pair, minutesFromSeconds(value));
            measured.set(pair, minutesFromSeconds(value));
          }),
        );
      }),
    );
    return measured;
  }

  /** Forgets cached geocodes and drive times (in memory; the table keeps its own) and any provider outage (tests). */
  export function clearCaches(): void {
    geocodes.clear();
    legs.clear();
    tableWarned = false;
    resetProviders();
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
      `Sorry, ${zipCode} is outside our service area (${config().serviceRadiusMiles} miles around ${config().shopBase.city}, ${config().shopBase.state}). Please call us at ${config().business.phone} and we will see what we can do.`,
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
