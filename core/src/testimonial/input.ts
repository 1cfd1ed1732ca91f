import * as z from 'zod';
import { Booking } from '../booking/index';
import { imageUrl } from '../storage/image-url';
import { idSchema } from '../util/id';
import { isSingleLine, requiredLine } from '../util/text';
import { id } from './model';
import { AUTHOR_NAME_MAX_LENGTH, QUOTE_MAX_LENGTH, testimonialMessages } from './rules';

/** What the testimonial verbs take (doc 2 §5, §7), checked by `fn` (decision 059). */

const userId = idSchema('user', 'user');

export const CreateInput = z.object({
  quote: z
    .string()
    .trim()
    .min(1, testimonialMessages.quoteRequired)
    .max(QUOTE_MAX_LENGTH, testimonialMessages.quoteTooLong),
  rating: z
    .number({ error: 'Rating is required.' })
    .int(testimonialMessages.ratingInvalid)
    .min(1, testimonialMessages.ratingInvalid)
    .max(5, testimonialMessages.ratingInvalid),
  author: z
    .object({ firstName: requiredLine('First name', 80), lastName: requiredLine('Last name', 80) })
    .optional(),
  profileImageUrl: imageUrl.optional(),
  service: z.object({ _id: idSchema('service'), name: z.string().trim().min(1).max(120) }).optional(),
  /** The owner's public response: stored as the first comment. */
  ownerResponse: z.string().trim().min(1).max(2000).optional(),
  featured: z.boolean().default(false),
  /** Seed and import only: existing votes and the original date. */
  likes: z.array(userId).default([]),
  dislikes: z.array(userId).default([]),
  createdAt: z.iso.datetime().optional(),
  testimonialId: id.optional(),
});
export type CreateInput = z.input<typeof CreateInput>;

export const VoteInput = z.object({
  voteType: z.enum(['like', 'dislike'], { error: "voteType must be 'like' or 'dislike'." }),
});
export type VoteInput = z.input<typeof VoteInput>;

export const SubmitInput = z.object({
  /** A customer's review: the Completed booking it is about. The admin may leave it out. */
  bookingId: Booking.id.optional(),
  serviceId: z.string({ error: testimonialMessages.serviceRequired }).pipe(idSchema('service')),
  quote: CreateInput.shape.quote,
  rating: z
    .union(
      [z.number(), z.string().trim().regex(/^\d+$/, testimonialMessages.ratingInvalid).transform(Number)],
      {
        error: 'Rating is required.',
      },
    )
    .pipe(CreateInput.shape.rating),
  /** The admin's testimonial: who said it (blank: anonymous). A customer's review is signed with their account's names. */
  authorName: z
    .string()
    .refine(isSingleLine, 'Author name cannot contain line breaks.')
    .trim()
    .max(AUTHOR_NAME_MAX_LENGTH, `Author name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters.`)
    .optional(),
});
export type SubmitInput = z.input<typeof SubmitInput>;

export const AuthorInput = z.object({
  authorName: z
    .string({ error: testimonialMessages.authorNameRequired })
    .refine(isSingleLine, 'Author name cannot contain line breaks.')
    .trim()
    .min(1, testimonialMessages.authorNameRequired)
    .max(AUTHOR_NAME_MAX_LENGTH, `Author name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters.`),
});
