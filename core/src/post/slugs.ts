import { cond, type TransactItem } from '../db/entity';
import { slugGuard } from './store';

/** Slugs: the candidates tried for a title, and the guard item that claims one. */
/** How many numbered slugs (`title-2` ... `title-10`) are tried before a random ending. */
export const NUMBERED_SLUGS = 10;
export const SLUG_ATTEMPTS = NUMBERED_SLUGS + 5;

/** The slug to try on attempt `n`: the title's, then `-2` ... `-10`, then a random ending. */
export function candidateSlug(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const ending =
    attempt < NUMBERED_SLUGS ? `-${attempt + 1}` : `-${crypto.randomUUID().replaceAll('-', '').slice(0, 6)}`;
  return `${base.slice(0, 80 - ending.length).replace(/-+$/, '')}${ending}`;
}

/** A guard item put that succeeds when the slug is free or already this post's. */
export function claimSlug(value: string, postId: string): TransactItem {
  return slugGuard.tx.put(
    { slug: value, postId },
    { when: cond.or(cond.itemAbsent(), cond.eq('postId', postId)) },
  );
}
