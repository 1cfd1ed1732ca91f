import type { Testimonial } from '@app/core/testimonial/index';

/** A testimonial as GET /api/testimonials returns it. Type-only import: no zod reaches the browser. */
export type TestimonialInfo = Testimonial.Info;

/** The reply to a vote: both lists of user ids (doc 1 §4: the counts shown are their lengths). */
export type Votes = Testimonial.Votes;

export type VoteType = 'like' | 'dislike';

/** 'Jane Doe', or the fallback when the testimonial has no author. */
export function authorName(testimonial: Pick<TestimonialInfo, 'author'>, fallback: string): string {
  const author = testimonial.author;
  const name = author ? `${author.firstName} ${author.lastName}`.trim() : '';
  return name || fallback;
}
