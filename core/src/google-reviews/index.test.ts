import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { GoogleReviews } from './index';

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/place-details-reviews.json', import.meta.url), 'utf8'),
) as unknown;

const sample: GoogleReviews.Review = {
  profile_photo_url: 'https://example.com/p.png',
  author_name: 'Cached Reviewer',
  author_url: 'https://example.com/r',
  relative_time_description: 'a week ago',
  rating: 5,
  text: 'Cached.',
  time: 1,
};

function memoryCache(initial?: GoogleReviews.CacheEntry) {
  let entry = initial;
  const puts: GoogleReviews.CacheEntry[] = [];
  const cache: GoogleReviews.Cache = {
    get: async () => entry,
    put: async (next) => {
      entry = next;
      puts.push(next);
    },
  };
  return { cache, puts, current: () => entry };
}

const okFetch = () =>
  vi.fn<GoogleReviews.Fetch>(async () => new Response(JSON.stringify(fixture), { status: 200 }));

describe('GoogleReviews.fromPlaceDetails', () => {
  it('maps a Place Details (New) reply into the page’s shape', () => {
    expect(GoogleReviews.fromPlaceDetails(fixture)).toEqual([
      {
        profile_photo_url: 'https://lh3.googleusercontent.com/a-/ALV-UjW-sample=s128-c0x00000000-cc-rp-mo',
        author_name: 'Chris Nolan',
        author_url: 'https://www.google.com/maps/contrib/100000000000000000001/reviews',
        relative_time_description: '2 weeks ago',
        rating: 5,
        text: 'Came to my driveway in West Chester and had my brakes done in an hour.',
        time: Math.floor(Date.parse('2025-05-20T14:03:11.123Z') / 1000),
      },
      {
        profile_photo_url: 'https://lh3.googleusercontent.com/a/ACg8ocK-sample=s128-c0x00000000-cc-rp-mo',
        author_name: 'Ana García',
        author_url: 'https://www.google.com/maps/contrib/100000000000000000002/reviews',
        relative_time_description: 'a month ago',
        rating: 4,
        // No translated text: the original is used.
        text: 'Buen servicio, llegaron a tiempo.',
        time: Math.floor(Date.parse('2025-04-28T09:00:00Z') / 1000),
      },
      {
        // Only https links survive; a blank name gets a neutral one.
        profile_photo_url: '',
        author_name: 'A Google user',
        author_url: '',
        relative_time_description: '3 months ago',
        rating: 3,
        text: '',
        time: 0,
      },
    ]);
  });

  it('gives [] for a place without reviews and throws for a reply that is not an object', () => {
    expect(GoogleReviews.fromPlaceDetails({})).toEqual([]);
    expect(() => GoogleReviews.fromPlaceDetails('<html>')).toThrow();
  });
});

describe('GoogleReviews.fetchFromPlaces', () => {
  it('asks Place Details (New) for the reviews field only, with the key in a header', async () => {
    const fetch = okFetch();
    const reviews = await GoogleReviews.fetchFromPlaces({ apiKey: 'KEY', placeId: 'ChIJ/abc', fetch });
    expect(reviews).toHaveLength(3);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://places.googleapis.com/v1/places/ChIJ%2Fabc?languageCode=en');
    expect(init?.headers).toEqual({ 'X-Goog-Api-Key': 'KEY', 'X-Goog-FieldMask': 'reviews' });
    expect(String(url)).not.toContain('KEY');
  });

  it('throws on an HTTP error', async () => {
    const fetch = vi.fn<GoogleReviews.Fetch>(async () => new Response('{"error":{}}', { status: 403 }));
    await expect(GoogleReviews.fetchFromPlaces({ apiKey: 'K', placeId: 'P', fetch })).rejects.toThrow(/403/);
  });
});

describe('GoogleReviews.list', () => {
  const now = 1_750_000_000_000;
  const base = () => ({ apiKey: 'KEY', placeId: 'PLACE', now: () => now, warn: vi.fn() });

  it('fetches, caches for some hours and serves the cache while fresh', async () => {
    const { cache, puts } = memoryCache();
    const fetch = okFetch();
    const first = await GoogleReviews.list({ ...base(), cache, fetch });
    expect(first).toHaveLength(3);
    expect(puts).toEqual([
      { reviews: first, source: 'places', fetchedAt: now, freshUntil: now + GoogleReviews.FRESH_MS },
    ]);
    const second = await GoogleReviews.list({ ...base(), cache, fetch, now: () => now + 60_000 });
    expect(second).toEqual(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refreshes a stale cache', async () => {
    const { cache } = memoryCache({ reviews: [sample], source: 'places', fetchedAt: 0, freshUntil: now - 1 });
    const fetch = okFetch();
    expect(await GoogleReviews.list({ ...base(), cache, fetch })).toHaveLength(3);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a rejected fetch (network, timeout)', async () => Promise.reject(new Error('getaddrinfo ENOTFOUND'))],
    ['an HTTP 500', async () => new Response('oops', { status: 500 })],
    ['a reply that is not JSON', async () => new Response('<html>', { status: 200 })],
  ])('gives [] and a warning on %s, and waits before trying again', async (_label, failing) => {
    const { cache, current } = memoryCache();
    const fetch = vi.fn<GoogleReviews.Fetch>(failing);
    const deps = { ...base(), cache, fetch };
    expect(await GoogleReviews.list(deps)).toEqual([]);
    expect(deps.warn).toHaveBeenCalledWith(
      expect.stringMatching(/Places API call failed/),
      expect.anything(),
    );
    expect(current()?.retryAt).toBe(now + GoogleReviews.RETRY_MS);

    // Within the retry pause Google is not asked again.
    expect(await GoogleReviews.list({ ...deps, now: () => now + 1000 })).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('serves stale cached reviews when Google fails', async () => {
    const { cache } = memoryCache({ reviews: [sample], source: 'places', fetchedAt: 0, freshUntil: now - 1 });
    const fetch = vi.fn<GoogleReviews.Fetch>(async () => new Response('', { status: 503 }));
    expect(await GoogleReviews.list({ ...base(), cache, fetch })).toEqual([sample]);
  });

  it('without a key or place id: the cached (sample) reviews, or [] with a warning; never a fetch', async () => {
    GoogleReviews.resetWarnings();
    const fetch = okFetch();
    const warn = vi.fn();
    const empty = memoryCache();
    expect(await GoogleReviews.list({ ...base(), apiKey: '', cache: empty.cache, fetch, warn })).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not set/));

    const seeded = memoryCache({ reviews: [sample], source: 'sample', fetchedAt: 0, freshUntil: 0 });
    expect(await GoogleReviews.list({ ...base(), placeId: '', cache: seeded.cache, fetch })).toEqual([
      sample,
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('replaces the sample with real reviews once a key is configured', async () => {
    const { cache } = memoryCache({
      reviews: [sample],
      source: 'sample',
      fetchedAt: now,
      freshUntil: now + 1e9,
    });
    const fetch = okFetch();
    expect(await GoogleReviews.list({ ...base(), cache, fetch })).toHaveLength(3);
  });

  it('gives [] when the cache itself fails', async () => {
    const warn = vi.fn();
    const cache: GoogleReviews.Cache = {
      get: () => Promise.reject(new Error('ResourceNotFoundException')),
      put: () => Promise.resolve(),
    };
    expect(await GoogleReviews.list({ ...base(), cache, fetch: okFetch(), warn })).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});
