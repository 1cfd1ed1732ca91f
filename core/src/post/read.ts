import * as z from 'zod';
import { type Page } from '../db/entity';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import {
  entity,
  find,
  id,
  type Info,
  NOT_FOUND,
  slug,
  slugGuard,
  Stored,
  summaryView,
  toDetail,
  toInfo,
  type Detail,
} from './store';

/** Reading posts: one by id or slug, the list without bodies (paged), and the sitemap's slugs. */
/** One post with its content; 404 'Post not found.'. */
export const fromId = fn(id, async (postId) => {
  const item = await find(postId);
  if (!item) throw new VisibleError('not_found', NOT_FOUND);
  return toDetail(item);
});

/** The post page's read: by slug; 404 'Post not found.' for an unknown (or malformed) slug. */
export const fromSlug = fn(z.string(), async (value): Promise<Detail> => {
  const parsed = slug.safeParse(value);
  if (!parsed.success) throw new VisibleError('not_found', NOT_FOUND);
  const guard = await slugGuard.get({ slug: parsed.data });
  const item = guard ? await find(guard.postId) : undefined;
  if (!item) throw new VisibleError('not_found', NOT_FOUND);
  return toDetail(item);
});

/** Posts in one page of the list when the caller names no `limit` (decision 049). */
export const DEFAULT_PAGE = 20;

/**
 * One page of the posts, newest first, without content: a projection that
 * leaves the bodies out (decision 057), bounded by `limit` and the read
 * budget; the cursor of the next page, or null (decision 062).
 */
export async function list(
  page: { limit?: number; cursor?: string | null; budget?: number } = {},
): Promise<Page<Info>> {
  const { items, cursor } = await entity.queryView(summaryView, {
    ...entity.where('byCreation', {}),
    descending: true,
    limit: page.limit ?? DEFAULT_PAGE,
    cursor: page.cursor,
    budget: page.budget,
  });
  return { items: items.map(toInfo), cursor };
}

/** The most posts the sitemap lists: one sitemap file holds 50,000 addresses; five years of this shop is 300 posts. */
export const SITEMAP_MAX_POSTS = 5000;

/** What the sitemap needs of a post: its slug and date (a projection, no body). */
const sitemapView = {
  attributes: ['slug', 'updatedAt'] as const,
  schema: Stored.pick({ slug: true, updatedAt: true }),
};

/**
 * The sitemap's posts, newest first: slug and date only, read in pages of
 * 500 up to SITEMAP_MAX_POSTS (the rest, if a shop ever had more, are left
 * out and logged rather than read).
 */
export async function forSitemap(): Promise<{ slug: string; updatedAt: string }[]> {
  const out: { slug: string; updatedAt: string }[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<{ slug: string; updatedAt: string }> = await entity.queryView(sitemapView, {
      ...entity.where('byCreation', {}),
      descending: true,
      limit: Math.min(500, SITEMAP_MAX_POSTS - out.length),
      cursor,
    });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor && out.length < SITEMAP_MAX_POSTS);
  if (cursor) console.warn(`The sitemap lists the newest ${SITEMAP_MAX_POSTS} posts only.`);
  return out;
}
