import { config } from '../config';
import * as ReviewsCache from './cache';
import * as Places from './client';

/**
 * The shop's Google reviews for the testimonials page (doc 1 §3): the policy.
 * Fetched from the Places API (New) by ./client.ts, kept in DynamoDB by
 * ./cache.ts for some hours (decision 011). Nothing here ever fails the page:
 * a missing key or place id, a Google error or a cache error gives the cached
 * reviews (or []) and a logged warning.
 */
export namespace GoogleReviews {
  export type Review = Places.Review;
  export type Fetch = Places.Fetch;
  export type Cache = ReviewsCache.Cache;
  export type CacheEntry = ReviewsCache.CacheEntry;
  export const fromPlaceDetails = Places.fromPlaceDetails;
  export const fetchFromPlaces = Places.fetchFromPlaces;

  /** How long fetched reviews are served before Google is asked again. */
  export const FRESH_MS = 6 * 60 * 60 * 1000;
  /** After a failed fetch, how long the old reviews are served before trying again. */
  export const RETRY_MS = 15 * 60 * 1000;

  /** Writes the local seed's sample reviews, unless the cache already holds reviews. */
  export function writeSample(reviews: Review[], now = Date.now()): Promise<boolean> {
    return ReviewsCache.dynamoCache.putIfAbsent({
      reviews,
      source: 'sample',
      fetchedAt: now,
      freshUntil: now + FRESH_MS,
    });
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
      cache: overrides.cache ?? ReviewsCache.dynamoCache,
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
        const reviews = await Places.fetchFromPlaces({
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
