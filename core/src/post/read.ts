import type * as z from 'zod';
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
  summaryView,
  toDetail,
  toInfo,
  type Detail,
} from './store';

/** Reading posts: one by id or slug, and the list without bodies. */
/** One post with its content; 404 'Post not found.'. */
export const fromId = fn(id, async (postId) => {
  const item = await find(postId);
  if (!item) throw new VisibleError('not_found', NOT_FOUND);
  return toDetail(item);
});

/** The post page's read: by slug; 404 'Post not found.' for an unknown (or malformed) slug. */
export async function fromSlug(value: string): Promise<Detail> {
  const parsed = slug.safeParse(value);
  if (!parsed.success) throw new VisibleError('not_found', NOT_FOUND);
  const guard = await slugGuard.get({ slug: parsed.data });
  const item = guard ? await find(guard.postId) : undefined;
  if (!item) throw new VisibleError('not_found', NOT_FOUND);
  return toDetail(item);
}

/**
 * Every post, newest first, without content: a projection that leaves the
 * bodies out (a shop's few hundred posts, read in pages of 100).
 */
export async function list(): Promise<Info[]> {
  const out: Info[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<z.infer<typeof summaryView.schema>> = await entity.queryView(summaryView, {
      index: 'byCollection',
      partition: 'POST',
      descending: true,
      limit: 100,
      cursor,
    });
    out.push(...page.items.map(toInfo));
    cursor = page.cursor;
  } while (cursor);
  return out;
}
