import * as z from 'zod';
import { config } from '../config';
import { defineEntity } from '../db/entity';
import { setMapEntries } from '../db/maps';
import { expiresAfterDays } from '../db/ttl';

/**
 * Drive times the routing service measured, kept in the table (decision 105),
 * so a cold Lambda container reads them instead of buying them again. One
 * item per origin point, `DRIVE#<lat,lng>` / `DRIVE`, holding `legs`: a map
 * of destination point → `{ m: minutes, at: epoch seconds measured }`, at
 * most MAX_LEGS entries (the item starts over when full: a few kB). An entry
 * older than `DRIVE_TIMES_KEEP_DAYS` is not used (measured again); the item's
 * TTL is that long after its last write.
 */
export const MAX_LEGS = 250;

const leg = z.object({ m: z.number(), at: z.number() });

const entity = defineEntity({
  name: 'driveTimes',
  version: 1,
  schema: z.object({
    origin: z.string(),
    legs: z.record(z.string(), leg),
    expiresAt: z.number(),
  }),
  key: ({ origin }: { origin: string }) => ({ pk: `DRIVE#${origin}`, sk: 'DRIVE' }),
});

const keepSeconds = () => config().driveTimesKeepDays * 24 * 60 * 60;

/**
 * The measured minutes the table holds from each of `origins` (point keys)
 * to any of `destinations`, still within the keeping period: `from>to` → minutes.
 * One BatchGetItem (100 keys a request) of the origins' items.
 */
export async function readDriveTimes(
  origins: readonly string[],
  destinations: readonly string[],
): Promise<Map<string, number>> {
  const wanted = new Set(destinations);
  const since = Math.floor(Date.now() / 1000) - keepSeconds();
  const items = await entity.getMany([...new Set(origins)].map((origin) => ({ origin })));
  const found = new Map<string, number>();
  for (const item of items) {
    for (const [to, { m, at }] of Object.entries(item.legs)) {
      if (wanted.has(to) && at > since) found.set(`${item.origin}>${to}`, m);
    }
  }
  return found;
}

/**
 * Keeps pairs just measured (`from>to` → minutes): per origin one UpdateItem
 * that sets only the new map entries (core/src/db/maps.ts), all at once.
 */
export async function writeDriveTimes(measured: ReadonlyMap<string, number>): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  const byOrigin = new Map<string, Record<string, { m: number; at: number }>>();
  for (const [pair, m] of measured) {
    const [from = '', to = ''] = pair.split('>');
    const legs = byOrigin.get(from) ?? {};
    if (Object.keys(legs).length < MAX_LEGS) legs[to] = { m, at };
    byOrigin.set(from, legs);
  }
  const expiresAt = expiresAfterDays(config().driveTimesKeepDays);
  const results = await Promise.allSettled(
    [...byOrigin].map(([origin, legs]) =>
      setMapEntries(
        entity,
        { origin },
        { map: 'legs', entries: legs, atMost: MAX_LEGS, fresh: { origin, legs, expiresAt } },
      ),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
