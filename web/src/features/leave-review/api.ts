import { ApiError } from '../../lib/api';
import { authHeaders } from '../../lib/token';

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
 * header. The browser sets the multipart boundary itself.
 */
export async function addTestimonial({ target, rating, quote, profileImage }: NewReview): Promise<unknown> {
  const body = new FormData();
  body.set('serviceId', target.serviceId);
  body.set('bookingId', target.bookingId);
  body.set('quote', quote);
  body.set('rating', String(rating));
  if (profileImage) body.set('profileImage', profileImage, profileImage.name);
  let response: Response;
  try {
    response = await fetch('/api/testimonials', { method: 'POST', headers: authHeaders(), body });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  const reply: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const msg =
      reply && typeof reply === 'object' && 'msg' in reply && typeof reply.msg === 'string'
        ? reply.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return reply;
}
