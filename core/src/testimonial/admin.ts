import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Images } from '../storage/images';
import { fn } from '../util/fn';
import { AuthorInput } from './input';
import { id, NOT_FOUND } from './model';
import { entity, personOf, toInfo } from './store';

/** The admin's changes (doc 2 §7): who said it, the carousel's flag, deleting. */

/** The admin corrects who said it (doc 2 §7 PUT /api/testimonials/{id}/author); 404 for none. */
export const setAuthor = fn(
  z.object({ testimonialId: id, ...AuthorInput.shape }),
  async ({ testimonialId, authorName }) => {
    assertAdmin();
    const after = await entity.patch(
      { id: testimonialId },
      {
        set: { authorName, author: personOf(authorName), updatedAt: new Date().toISOString() },
        when: (c) => c.itemExists(),
      },
    );
    if (!after) throw new VisibleError('not_found', NOT_FOUND);
    return toInfo(after);
  },
);

/** The admin chooses which testimonials the about page's carousel shows (decision 010); 404 for none. */
export const setFeatured = fn(
  z.object({ testimonialId: id, featured: z.boolean({ error: 'featured must be true or false.' }) }),
  async ({ testimonialId, featured: flag }) => {
    assertAdmin();
    const current = await entity.get({ id: testimonialId }, { consistent: true });
    if (!current) throw new VisibleError('not_found', NOT_FOUND);
    // The sparse index's keys follow the flag (and the rating it was read with, which no edit changes).
    const after = await entity.patch(
      { id: testimonialId },
      {
        set: { featured: flag, updatedAt: new Date().toISOString() },
        index: { byOwner: entity.indexKey('byOwner', { ...current, featured: flag }) ?? null },
        when: (c) => c.and(c.itemExists(), c.eq('rating', current.rating)),
      },
    );
    if (!after) throw new VisibleError('not_found', NOT_FOUND);
    return toInfo(after);
  },
);

/**
 * The admin deletes a testimonial, then its uploaded image (an image that
 * fails to go is logged, never a record pointing at nothing). A customer's
 * review stays counted on its booking: the booking is not reviewed again.
 */
export const remove = fn(id, async (testimonialId) => {
  assertAdmin();
  const item = await entity.get({ id: testimonialId }, { consistent: true });
  if (!item) throw new VisibleError('not_found', NOT_FOUND);
  try {
    await transactWrite([entity.tx.delete({ id: testimonialId }, cond.itemExists())]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('not_found', NOT_FOUND);
  }
  await Images.discard(item.profileImageUrl);
  return { _id: testimonialId };
});
