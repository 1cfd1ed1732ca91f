import { GoogleReviews } from '@app/core/google-reviews/index';
import { Hono } from 'hono';

/** GET /api/google-reviews (doc 1 §7): always an array; [] when Google is not configured or fails. */
export const googleReviews = new Hono().get('/', async (c) => {
  const reviews: GoogleReviews.Review[] = await GoogleReviews.list();
  return c.json(reviews);
});
