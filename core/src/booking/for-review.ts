import type { Page, QueryOptions } from '../db/entity';
import { VisibleError } from '../error';
import type { entity, Stored } from './store';

/**
 * Which booking a review is about when the client names none (doc 2 §7 sends
 * `serviceId, quote, rating, profileImage` only; decision 026): the caller's
 * newest Completed booking of that service that has no review yet.
 *
 * The read is bounded (decision 049): the customer's bookings, newest date
 * first, in pages of REVIEW_LOOKUP_PAGE by the `byCustomer` pattern, at most
 * REVIEW_LOOKUP_BUDGET of them. A booking older than that is reviewed by
 * naming it (`bookingId`), as the app's own form does.
 */
export const REVIEW_LOOKUP_PAGE = 25;
export const REVIEW_LOOKUP_BUDGET = 100;

export const NOTHING_TO_REVIEW =
  'You have no completed booking of this service left to review. A review can be left once a booking of it is complete, one review per booking.';

/** The bookings' reader: where the `byCustomer` pattern's entries are, and a page of them. */
type BookingReader = {
  where: typeof entity.where;
  query: (options: QueryOptions<Stored>) => Promise<Page<Stored>>;
};

const reviewable = (serviceId: string) => (b: Stored) =>
  b.serviceId === serviceId && b.status === 'Completed' && b.testimonialId === undefined;

/** The id of the customer's newest Completed, unreviewed booking of the service; 400 NOTHING_TO_REVIEW for none. */
export async function newestReviewable(
  bookings: BookingReader,
  userId: string,
  serviceId: string,
): Promise<string> {
  let cursor: string | null = null;
  for (let read = 0; read < REVIEW_LOOKUP_BUDGET; read += REVIEW_LOOKUP_PAGE) {
    // Unfiltered pages: each query reads exactly one page (plus the one item that proves a next).
    const page: Page<Stored> = await bookings.query({
      ...bookings.where('byCustomer', { userId }, { beginsWith: {} }),
      descending: true,
      limit: REVIEW_LOOKUP_PAGE,
      cursor,
    });
    const found = page.items.find(reviewable(serviceId));
    if (found) return found.id;
    cursor = page.cursor;
    if (!cursor) break;
  }
  throw new VisibleError('invalid', NOTHING_TO_REVIEW);
}
