import type { Page } from '../db/paging';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { DEFAULT_PAGE, FEATURED_LIMIT, id, type Info, NOT_FOUND } from './model';
import { entity, FEATURED, FIVE_STAR, toInfo } from './store';

/** Reading testimonials: one by id, the paged list, the about page's carousel. */

/** One testimonial; 404 when there is none. */
export const fromId = fn(id, async (testimonialId) => {
  const testimonial = await entity.get({ id: testimonialId }, { consistent: true });
  if (!testimonial) throw new VisibleError('not_found', NOT_FOUND);
  return toInfo(testimonial);
});

/**
 * One page of the testimonials, newest first (decision 060), bounded by
 * the page size and the read budget; the cursor of the next page or null.
 */
export async function list(
  page: { limit?: number; cursor?: string | null; budget?: number } = {},
): Promise<Page<Info>> {
  const { items, cursor } = await entity.query.byCreation(
    {},
    { descending: true, limit: page.limit ?? DEFAULT_PAGE, cursor: page.cursor, budget: page.budget },
  );
  return { items: items.map(toInfo), cursor };
}

/**
 * The about page's carousel (decision 010): the testimonials flagged
 * `featured`, newest first; while none is flagged, the 5-star ones, so a
 * new shop's carousel is not empty. At most FEATURED_LIMIT.
 */
export async function featured(): Promise<Info[]> {
  const page = (partition: string) =>
    entity.query({ index: 'byOwner', partition, descending: true, limit: FEATURED_LIMIT });
  const flagged = await page(FEATURED);
  return (flagged.items.length ? flagged : await page(FIVE_STAR)).items.map(toInfo);
}
