import * as z from 'zod';
import { assertAdmin } from '../actor';
import { config } from '../config';
import { defineEntity } from '../db/entity';
import { VisibleError } from '../error';
import { COMMON_MAKES, commonMake } from './common-makes';
import { type Fetch, fetchMakes, fetchModels, PASSENGER_TYPES } from './vpic';
import { callerFirst, fn } from '../util/fn';

/**
 * Vehicle makes and models for the admin's forms (issue 11; decision 029):
 * from NHTSA's vPIC (./vpic.ts), kept in DynamoDB for days. A list is served
 * from the cache while fresh; when stale it is fetched again (3 s timeout);
 * when that fails the stale list is served and vPIC is left alone for a few
 * minutes; with nothing cached the answer is 502 `{ msg }`. Never a hang.
 */
export namespace VehicleData {
  /** A list is fetched again after this long. */
  export const FRESH_MS = 3 * 24 * 60 * 60 * 1000;
  /** After a failed fetch, the stale list is served without asking vPIC for this long. */
  export const RETRY_MS = 5 * 60 * 1000;
  /** TTL: a cached list is deleted this long after it was fetched. */
  const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

  export const UNAVAILABLE =
    'Vehicle makes and models are unavailable right now. Please type them in, or try again later.';

  const cache = defineEntity({
    name: 'vehicleDataCache',
    version: 1,
    schema: z.object({
      list: z.string(),
      names: z.array(z.string()),
      fetchedAt: z.number(),
      retryAt: z.number().optional(),
      expiresAt: z.number().int(),
    }),
    key: ({ list }: { list: string }) => ({ pk: 'CACHE#vehicle-data', sk: list }),
  });

  /** Lets tests play vPIC (a slow one, a broken one); production uses `fetch`. */
  let doFetch: Fetch = (url, init) => fetch(url, init);
  export function useFetch(next: Fetch | null): void {
    doFetch = next ?? ((url, init) => fetch(url, init));
  }

  /** The cached list `list`, fetched again through `load` when stale. */
  async function cached(list: string, load: () => Promise<string[]>, now = Date.now()): Promise<string[]> {
    const entry = await cache.get({ list });
    const usable = entry && entry.expiresAt * 1000 > now ? entry : undefined;
    if (usable && (now - usable.fetchedAt < FRESH_MS || (usable.retryAt ?? 0) > now)) return usable.names;
    try {
      const names = await load();
      await cache.put({ list, names, fetchedAt: now, expiresAt: Math.floor((now + KEEP_MS) / 1000) });
      return names;
    } catch (error) {
      console.warn(
        JSON.stringify({ level: 'warn', msg: `vehicle data: vPIC failed for ${list}`, error: String(error) }),
      );
      if (!usable) throw new VisibleError('bad_gateway', UNAVAILABLE);
      await cache.put({ ...usable, retryAt: now + RETRY_MS });
      return usable.names;
    }
  }

  const sorted = (names: Iterable<string>) =>
    [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));

  /** `GET /api/vehicleData/makes` (admin): the shop's common makes that vPIC lists as passenger vehicles, by name. */
  export async function makes(): Promise<string[]> {
    assertAdmin();
    return cached('makes', async () => {
      const { vpicBaseUrl } = config();
      const lists = await Promise.all(PASSENGER_TYPES.map((type) => fetchMakes(vpicBaseUrl, type, doFetch)));
      const known = new Set(lists.flat().map((name) => name.toUpperCase()));
      return sorted(COMMON_MAKES.filter((make) => known.has(make.vpic)).map((make) => make.name));
    });
  }

  /** `GET /api/vehicleData/models/{make}` (admin): the models of one of the common makes, by name; [] for any other make. */
  export const models = fn(
    z.string(),
    async (makeName): Promise<string[]> => {
      assertAdmin();
      const make = commonMake(makeName);
      if (!make) return [];
      return cached(`models#${make.vpic}`, async () =>
        sorted(await fetchModels(config().vpicBaseUrl, make.vpic, doFetch)),
      );
    },
    callerFirst(assertAdmin),
  );
}
