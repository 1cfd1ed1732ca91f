import { db, tableName } from '@app/core/db/client';
import { GoogleReviews } from '@app/core/google-reviews/index';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../tests/factories';
import { app } from './index';

const cacheKey = { pk: 'CACHE#google-reviews', sk: 'CACHE' };

const review = (n: number): GoogleReviews.Review => ({
  profile_photo_url: `/images/avatars/google-${n}.png`,
  author_name: `Reviewer ${n}`,
  author_url: `https://www.google.com/maps/contrib/${n}`,
  relative_time_description: `${n} weeks ago`,
  rating: 4.6,
  text: `Review number ${n}.`,
  time: 1_700_000_000 + n,
});

describe('GET /api/google-reviews', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: cacheKey }));
    GoogleReviews.resetWarnings();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('is [] with a logged warning (never a 500) when Google is not configured and nothing is cached', async () => {
    const response = await app.request('/api/google-reviews');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('GOOGLE_PLACES_API_KEY'));
  });

  it('serves the cached (seeded sample) reviews in the spec shape, from DynamoDB', async () => {
    expect(await GoogleReviews.writeSample([review(1), review(2)])).toBe(true);
    // A second write never replaces what is cached.
    expect(await GoogleReviews.writeSample([review(3)])).toBe(false);

    const response = await app.request('/api/google-reviews');
    expect(response.status).toBe(200);
    const reviews = await json<Record<string, unknown>[]>(response);
    expect(reviews).toEqual([review(1), review(2)]);
    expect(Object.keys(reviews[0] ?? {}).sort()).toEqual([
      'author_name',
      'author_url',
      'profile_photo_url',
      'rating',
      'relative_time_description',
      'text',
      'time',
    ]);
  });

  it('with a key: fetches, stores the mapped reviews with a TTL, and serves them from the cache after', async () => {
    const fetch = vi.fn<GoogleReviews.Fetch>(
      async () =>
        new Response(
          JSON.stringify({
            reviews: [
              {
                rating: 5,
                relativePublishTimeDescription: 'a day ago',
                text: { text: 'Fetched.' },
                authorAttribution: {
                  displayName: 'Fresh Reviewer',
                  uri: 'https://g.co/r',
                  photoUri: 'https://g.co/p',
                },
                publishTime: '2025-06-01T00:00:00Z',
              },
            ],
          }),
        ),
    );
    const options = { apiKey: 'KEY', placeId: 'PLACE', fetch };
    const first = await GoogleReviews.list(options);
    expect(first).toEqual([
      {
        profile_photo_url: 'https://g.co/p',
        author_name: 'Fresh Reviewer',
        author_url: 'https://g.co/r',
        relative_time_description: 'a day ago',
        rating: 5,
        text: 'Fetched.',
        time: Date.parse('2025-06-01T00:00:00Z') / 1000,
      },
    ]);
    const item = (await db().send(new GetCommand({ TableName: tableName(), Key: cacheKey }))).Item;
    expect(item).toMatchObject({ source: 'places', reviews: first, expiresAt: expect.any(Number) });
    expect(await GoogleReviews.list(options)).toEqual(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('on a Google failure: the stale cached reviews (or []) and a warning, and a pause before the next try', async () => {
    const failing = vi.fn<GoogleReviews.Fetch>(async () => new Response('quota', { status: 429 }));
    expect(await GoogleReviews.list({ apiKey: 'KEY', placeId: 'PLACE', fetch: failing })).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Places API call failed'));
    const item = (await db().send(new GetCommand({ TableName: tableName(), Key: cacheKey }))).Item;
    expect(item?.retryAt).toBeGreaterThan(Date.now());

    await db().send(new DeleteCommand({ TableName: tableName(), Key: cacheKey }));
    await GoogleReviews.writeSample([review(7)]);
    const rejecting = vi.fn<GoogleReviews.Fetch>(() => Promise.reject(new TypeError('fetch failed')));
    expect(await GoogleReviews.list({ apiKey: 'KEY', placeId: 'PLACE', fetch: rejecting })).toEqual([
      review(7),
    ]);
  });
});
