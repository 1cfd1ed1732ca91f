import type { api, Reply } from '../../lib/api';

/** A testimonial as GET /api/testimonials returns it (the API's route type). */
export type TestimonialInfo = Reply<typeof api.api.testimonials.$get>[number];

/** The reply to a vote: both lists of user ids (doc 1 §4: the counts shown are their lengths). */
export type Votes = Reply<(typeof api.api.testimonials)[':id']['vote']['$put']>;

export type VoteType = 'like' | 'dislike';

/** 'Jane Doe', or the fallback when the testimonial has no author. */
export function authorName(testimonial: Pick<TestimonialInfo, 'author'>, fallback: string): string {
  const author = testimonial.author;
  const name = author ? `${author.firstName} ${author.lastName}`.trim() : '';
  return name || fallback;
}
