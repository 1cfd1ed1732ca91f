import * as z from 'zod';
import { defineEntity, idList, inCollection } from '../db/entity';
import { type Info, Person } from './model';

/**
 * How a testimonial is stored (docs/data-model.md "Testimonials"): its item,
 * the list's index and the carousel's sparse index, and the reply's view.
 */

export const Stored = z.object({
  id: z.string(),
  quote: z.string(),
  rating: z.number().int(),
  author: Person.optional(),
  authorName: z.string().optional(),
  profileImageUrl: z.string().optional(),
  serviceId: z.string().optional(),
  serviceName: z.string().optional(),
  /** A customer's review: the booking it is about and its author's account. */
  bookingId: z.string().optional(),
  userId: z.string().optional(),
  comments: z.array(z.object({ text: z.string(), createdAt: z.string() })),
  featured: z.boolean(),
  /** DynamoDB string sets: absent when empty (a set cannot be empty). */
  likes: z.set(z.string()).optional(),
  dislikes: z.set(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'testimonial',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `TESTIMONIAL#${id}`, sk: 'TESTIMONIAL' }),
  patterns: {
    /** Every testimonial, by when it was written. */
    byCreation: inCollection('TESTIMONIAL', { composite: ['createdAt', 'id'] }),
  },
  indexes: {
    // Sparse (decision 057): the carousel's candidates only, flagged ones apart from 5-star ones.
    byOwner: (t) => {
      const group = t.featured ? FEATURED : t.rating === 5 ? FIVE_STAR : undefined;
      return group ? { pk: group, sk: `${t.createdAt}#${t.id}` } : undefined;
    },
  },
});
/** Where the carousel finds the flagged testimonials, and the 5-star ones for when none is flagged. */
export const FEATURED = 'TESTIMONIALS#FEATURED';
export const FIVE_STAR = 'TESTIMONIALS#FIVE_STAR';

export function toInfo(item: Stored): Info {
  return {
    _id: item.id,
    author: item.author ?? null,
    authorName: item.authorName ?? null,
    profileImageUrl: item.profileImageUrl ?? null,
    service: item.serviceId ? { _id: item.serviceId, name: item.serviceName ?? '' } : null,
    createdAt: item.createdAt,
    rating: item.rating,
    quote: item.quote,
    likes: idList(item.likes),
    dislikes: idList(item.dislikes),
    comments: item.comments.map((c) => ({ text: c.text, content: c.text, createdAt: c.createdAt })),
    featured: item.featured,
  };
}

/** 'Jane van Dyke' -> { firstName: 'Jane', lastName: 'van Dyke' }: the pages print both, space-separated. */
export function personOf(name: string): Person {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
