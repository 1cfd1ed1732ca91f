import * as z from 'zod';
import { defineEntity } from '../db/entity';
import type { Review } from './client';

/**
 * The reviews cache: one item, CACHE#google-reviews / CACHE. Fetched reviews
 * are removed by TTL a week after fetching; the local seed's sample never expires.
 */
/** TTL: the cache item is deleted this long after a fetch. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export type CacheEntry = {
  reviews: Review[];
  /** 'places' for fetched reviews, 'sample' for the local seed's. */
  source: 'places' | 'sample';
  fetchedAt: number;
  /** Epoch ms until which the reviews are served without asking Google. */
  freshUntil: number;
  /** Epoch ms before which no new fetch is tried after a failure. */
  retryAt?: number;
};

export type Cache = {
  get(): Promise<CacheEntry | undefined>;
  put(entry: CacheEntry): Promise<void>;
};

const reviewSchema = z.object({
  profile_photo_url: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  relative_time_description: z.string(),
  rating: z.number(),
  text: z.string(),
  time: z.number(),
});

const entity = defineEntity({
  name: 'googleReviewsCache',
  version: 1,
  schema: z.object({
    reviews: z.array(reviewSchema),
    source: z.enum(['places', 'sample']),
    fetchedAt: z.number(),
    freshUntil: z.number(),
    retryAt: z.number().optional(),
    /** TTL, epoch seconds; absent for the sample. */
    expiresAt: z.number().optional(),
  }),
  key: (_: Record<string, never>) => ({ pk: 'CACHE#google-reviews', sk: 'CACHE' }),
});

const toEntry = ({ expiresAt: _ttl, ...entry }: ReturnType<typeof entity.parse>): CacheEntry => entry;

/** Sample reviews (local seed) never expire; fetched ones are removed a while after fetching. */
const withTtl = (entry: CacheEntry) => ({
  ...entry,
  expiresAt: entry.source === 'places' ? Math.floor((entry.fetchedAt + KEEP_MS) / 1000) : undefined,
});

export const dynamoCache: Cache & { putIfAbsent(entry: CacheEntry): Promise<boolean> } = {
  async get() {
    const item = await entity.get({});
    // TTL deletion lags; an expired item counts as absent.
    if (!item || (item.expiresAt !== undefined && item.expiresAt * 1000 < Date.now())) return undefined;
    return toEntry(item);
  },
  async put(entry) {
    await entity.put(withTtl(entry));
  },
  /** Writes the entry unless the cache already holds one. */
  putIfAbsent(entry) {
    return entity.createIfAbsent(withTtl(entry));
  },
};
