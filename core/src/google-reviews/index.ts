import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { config } from '../config';
import { db, tableName } from '../db/client';

/**
 * The shop's Google reviews for the testimonials page (doc 1 §3), in the
 * shape the page reads. Fetched from the Places API (New) Place Details with
 * the field mask `reviews`, mapped, and cached in DynamoDB for some hours
 * (decision 011). Nothing here ever fails the page: a missing key or place
 * id, a Google error or a cache error gives the cached reviews (or []) and
 * a logged warning.
 */
export namespace GoogleReviews {
  export type Review = {
    profile_photo_url: string;
    author_name: string;
    author_url: string;
    relative_time_description: string;
    rating: number;
    text: string;
    /** Epoch seconds of publication; the page uses it as the review's identity. */
    time: number;
  };

  /** How long fetched reviews are served before Google is asked again. */
  export const FRESH_MS = 6 * 60 * 60 * 1000;
  /** After a failed fetch, how long the old reviews are served before trying again. */
  export const RETRY_MS = 15 * 60 * 1000;
  /** TTL: the cache item is deleted this long after a fetch. */
  export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
  export const TIMEOUT_MS = 5000;

  export const ENDPOINT = 'https://places.googleapis.com/v1/places/';

  // ---------------------------------------------------------------------------
  // The Places API (New) reply, as far as we read it (every field optional).
  const PlaceReview = z.object({
    name: z.string().optional(),
    relativePublishTimeDescription: z.string().optional(),
    rating: z.number().optional(),
    text: z.object({ text: z.string().optional() }).optional(),
    originalText: z.object({ text: z.string().optional() }).optional(),
    authorAttribution: z
      .object({
        displayName: z.string().optional(),
        uri: z.string().optional(),
        photoUri: z.string().optional(),
      })
      .optional(),
    publishTime: z.string().optional(),
  });
  const PlaceReply = z.object({ reviews: z.array(z.unknown()).optional() });

  const httpsOrEmpty = (value: string | undefined) => (value && /^https:\/\//i.test(value) ? value : '');

  /**
   * Maps a Place Details (New) reply to the page's shape. Reviews that do not
   * parse or have no rating are skipped; a reply without `reviews` (a place
   * with none) is []. Only https links are kept.
   */
  export function fromPlaceDetails(body: unknown): Review[] {
    const reply = PlaceReply.safeParse(body);
    if (!reply.success) throw new Error('The Places API reply is not an object with reviews.');
    const reviews: Review[] = [];
    for (const raw of reply.data.reviews ?? []) {
      const parsed = PlaceReview.safeParse(raw);
      const rating = parsed.data?.rating;
      if (!parsed.success || rating === undefined) continue;
      const review = parsed.data;
      const published = review.publishTime ? Date.parse(review.publishTime) : Number.NaN;
      reviews.push({
        profile_photo_url: httpsOrEmpty(review.authorAttribution?.photoUri),
        author_name: review.authorAttribution?.displayName?.trim() || 'A Google user',
        author_url: httpsOrEmpty(review.authorAttribution?.uri),
        relative_time_description: review.relativePublishTimeDescription ?? '',
        rating: Math.min(5, Math.max(1, rating)),
        text: review.text?.text ?? review.originalText?.text ?? '',
        time: Number.isFinite(published) ? Math.floor(published / 1000) : 0,
      });
    }
    return reviews;
  }

  export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

  /** One Place Details (New) call; throws on any failure (HTTP status, timeout, bad JSON). */
  export async function fetchFromPlaces(options: {
    apiKey: string;
    placeId: string;
    fetch?: Fetch;
  }): Promise<Review[]> {
    const doFetch = options.fetch ?? ((url, init) => fetch(url, init));
    const response = await doFetch(`${ENDPOINT}${encodeURIComponent(options.placeId)}?languageCode=en`, {
      headers: { 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': 'reviews' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new Error(`The Places API answered ${response.status}: ${detail}`);
    }
    return fromPlaceDetails(await response.json());
  }

  // ---------------------------------------------------------------------------
  // The cache: one item, CACHE#google-reviews / CACHE.

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

  const cacheKey = { pk: 'CACHE#google-reviews', sk: 'CACHE' };

  export const dynamoCache: Cache = {
    async get() {
      const result = await db().send(new GetCommand({ TableName: tableName(), Key: cacheKey }));
      const item = result.Item as (CacheEntry & { expiresAt?: number }) | undefined;
      // TTL deletion lags; an expired item counts as absent.
      if (!item || (item.expiresAt !== undefined && item.expiresAt * 1000 < Date.now())) return undefined;
      return {
        reviews: item.reviews,
        source: item.source,
        fetchedAt: item.fetchedAt,
        freshUntil: item.freshUntil,
        retryAt: item.retryAt,
      };
    },
    async put(entry) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...cacheKey,
            _type: 'googleReviewsCache',
            _v: 1,
            ...entry,
            // Sample reviews (local seed) never expire; fetched ones are removed a while after fetching.
            expiresAt: entry.source === 'places' ? Math.floor((entry.fetchedAt + KEEP_MS) / 1000) : undefined,
          },
        }),
      );
    },
  };

  /** Writes the local seed's sample reviews, unless the cache already holds reviews. */
  export async function writeSample(reviews: Review[], now = Date.now()): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...cacheKey,
            _type: 'googleReviewsCache',
            _v: 1,
            reviews,
            source: 'sample',
            fetchedAt: now,
            freshUntil: now + FRESH_MS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      return false;
    }
  }

  export type Dependencies = {
    apiKey: string;
    placeId: string;
    fetch: Fetch;
    cache: Cache;
    now: () => number;
    warn: (message: string, detail?: Record<string, unknown>) => void;
  };

  let warnedUnconfigured = false;

  /** The injected dependencies, completed from config; config is read only when the key or place id is not given. */
  function withDefaults(overrides: Partial<Dependencies>): Dependencies {
    const cfg = overrides.apiKey === undefined || overrides.placeId === undefined ? config() : undefined;
    return {
      apiKey: overrides.apiKey ?? cfg?.googlePlacesApiKey ?? '',
      placeId: overrides.placeId ?? cfg?.googlePlaceId ?? '',
      fetch: overrides.fetch ?? ((url, init) => fetch(url, init)),
      cache: overrides.cache ?? dynamoCache,
      now: overrides.now ?? Date.now,
      warn:
        overrides.warn ??
        ((message, detail) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...detail }))),
    };
  }

  /**
   * The reviews to show. Fresh cache: served as is. Otherwise, with a key and
   * a place id, Google is asked and the cache refreshed; on failure the old
   * reviews (or []) are served and no new attempt is made for RETRY_MS.
   * Without a key or place id, whatever is cached (the local sample) or [].
   */
  export async function list(overrides: Partial<Dependencies> = {}): Promise<Review[]> {
    let deps: Dependencies | undefined;
    try {
      deps = withDefaults(overrides);
      const now = deps.now();
      const configured = Boolean(deps.apiKey && deps.placeId);
      const cached = await deps.cache.get();
      // With a key, the sample never counts as fresh: real reviews replace it.
      const fresh = cached && now < cached.freshUntil && !(configured && cached.source === 'sample');
      if (fresh) return cached.reviews;
      if (!configured) {
        if (!cached && !warnedUnconfigured) {
          warnedUnconfigured = true;
          deps.warn(
            'google-reviews: GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_ID is not set; showing no reviews',
          );
        }
        return cached?.reviews ?? [];
      }
      if (cached?.retryAt && now < cached.retryAt) return cached.reviews;
      try {
        const reviews = await fetchFromPlaces({
          apiKey: deps.apiKey,
          placeId: deps.placeId,
          fetch: deps.fetch,
        });
        await deps.cache.put({ reviews, source: 'places', fetchedAt: now, freshUntil: now + FRESH_MS });
        return reviews;
      } catch (error) {
        deps.warn('google-reviews: the Places API call failed; serving cached reviews', {
          error: String(error),
          cached: cached?.reviews.length ?? 0,
        });
        const stale: CacheEntry = cached ?? {
          reviews: [],
          source: 'places',
          fetchedAt: now,
          freshUntil: now,
        };
        await deps.cache.put({ ...stale, retryAt: now + RETRY_MS }).catch(() => {});
        return stale.reviews;
      }
    } catch (error) {
      (deps?.warn ?? console.warn)('google-reviews: reading the cache failed; showing no reviews', {
        error: String(error),
      });
      return [];
    }
  }

  /** Tests only: forget that the "not configured" warning was logged. */
  export function resetWarnings(): void {
    warnedUnconfigured = false;
  }
}
