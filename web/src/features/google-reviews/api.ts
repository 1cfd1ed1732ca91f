import type { GoogleReviews } from '@app/core/google-reviews/index';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

/** A Google review in the spec's shape (doc 1 §3); `time` identifies it. Type-only import. */
export type GoogleReview = GoogleReviews.Review;

/**
 * The reviews, or null when the reply is not an array (the page then says
 * 'Could not load reviews at this time.'; a failed call is an error instead).
 */
export async function fetchGoogleReviews(): Promise<GoogleReview[] | null> {
  const reply: unknown = await unwrap(api.api['google-reviews'].$get());
  return Array.isArray(reply) ? (reply as GoogleReview[]) : null;
}

export const googleReviewsQueryOptions = () =>
  queryOptions({ queryKey: ['google-reviews'], queryFn: fetchGoogleReviews, staleTime: 10 * 60_000 });
