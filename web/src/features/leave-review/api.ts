import { queryOptions } from '@tanstack/react-query';
import { api, path, unwrap, withForm } from '../../lib/api';
import type { BookingReply } from '@app/functions/api/bookings';

/** GET /api/bookings/{id}/review: the booking a review request's link names (issue 21), asked once. */
export const reviewBookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['review-booking', id],
    queryFn: (): Promise<BookingReply> =>
      unwrap(api.api.bookings[':id'].review.$get({ param: path({ id }) })),
    retry: false,
    staleTime: Infinity,
  });

/** The booking a review is for, as the page received it. */
export type ReviewTarget = {
  bookingId: string;
  serviceId: string;
  serviceName: string;
  /** 'yyyy-MM-dd' and 'HH:mm', business zone. */
  date: string;
  time: string;
};

export type NewReview = { target: ReviewTarget; rating: number; quote: string; profileImage?: File };

/**
 * POST /api/testimonials as multipart form data (doc 2 §7): serviceId,
 * bookingId, quote, rating and an optional profileImage file, with the token
 * header, through the typed client (the browser sets the multipart boundary).
 */
export function addTestimonial({ target, rating, quote, profileImage }: NewReview) {
  const form = new FormData();
  form.set('serviceId', target.serviceId);
  form.set('bookingId', target.bookingId);
  form.set('quote', quote);
  form.set('rating', String(rating));
  if (profileImage) form.set('profileImage', profileImage, profileImage.name);
  return unwrap(api.api.testimonials.$post({}, withForm(form)));
}
