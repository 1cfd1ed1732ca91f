import * as z from 'zod';

/**
 * The Places API (New) client: one Place Details call with the field mask
 * `reviews`, and the mapping of its reply to the shape the testimonials page
 * reads (doc 1 §3). No caching and no policy here: see ./cache.ts and ./index.ts.
 */
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
