import * as z from 'zod';
import { idSchema } from '../util/id';
import { PROFILE_IMAGE_MAX_BYTES, testimonialMessages } from './rules';

/** What a testimonial is as the API hands it out (the spec's field names), and the domain's constants. */

export const id = idSchema('testimonial', 'testimonial');

export const Person = z.object({ firstName: z.string(), lastName: z.string() });
export type Person = z.infer<typeof Person>;

/**
 * A comment on a testimonial; the first one is shown as the owner's response.
 * The reply carries the text twice: `content`, the original data's name that
 * the spec's clients read, and `text`, ours.
 */
export const Comment = z.object({ text: z.string(), content: z.string(), createdAt: z.string() });
export type Comment = z.infer<typeof Comment>;

/** A testimonial as the API returns it (the spec's field names). */
export const Info = z.object({
  _id: id,
  /** null: the page shows 'Anonymous' ('A Valued Customer' in the carousel). */
  author: Person.nullable(),
  /** The author as one line (what the admin edits); null without an author. */
  authorName: z.string().nullable(),
  /** Site-relative (/images/...) or absolute; null: the page shows a default avatar. */
  profileImageUrl: z.string().nullable(),
  service: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  rating: z.number().int().min(1).max(5),
  quote: z.string(),
  /** User ids. */
  likes: z.array(z.string()),
  /** User ids. */
  dislikes: z.array(z.string()),
  comments: z.array(Comment),
  featured: z.boolean(),
});
export type Info = z.infer<typeof Info>;

/** The vote reply: both lists of user ids (doc 1 §4: the counts shown are their lengths). */
export type Votes = { likes: string[]; dislikes: string[] };

export const NOT_FOUND = 'Testimonial not found.';
/** The list's page size when the request names none: more than the shop has today. */
export const DEFAULT_PAGE = 100;
/** How many the carousel gets at most. */
export const FEATURED_LIMIT = 10;

/** A customer's profile image: PNG, JPG or GIF, judged by its bytes, at most this many. */
export const MAX_IMAGE_BYTES = PROFILE_IMAGE_MAX_BYTES;
export const IMAGE_TOO_LARGE = testimonialMessages.imageTooLarge;
export const IMAGE_NOT_ALLOWED = testimonialMessages.imageNotAllowed;

/** The image refusals, as Images.upload takes them. */
export const imageMessages = { tooLarge: IMAGE_TOO_LARGE, notAllowed: IMAGE_NOT_ALLOWED };
