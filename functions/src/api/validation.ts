import { MAX_PAGE } from '@app/core/db/paging';
import * as z from 'zod';
import type { Context } from 'hono';

type Issues = { issues: readonly { message: string }[] };

/** The person-readable message of the first problem zod found. */
export function firstIssue(error: Issues): string {
  return error.issues[0]?.message ?? 'Invalid input.';
}

/** zValidator hook: a failed validation becomes 400 `{ msg }` and the handler never runs. */
export function invalidInput(result: { success: true } | { success: false; error: Issues }, c: Context) {
  if (!result.success) return c.json({ msg: firstIssue(result.error) }, 400);
}

/** `?limit` (1 to 100) and `?cursor` of a bare-array list (decision 049); the next page's cursor is in `X-Next-Cursor`. */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int('The page size is a whole number.')
    .min(1, 'The page size is at least 1.')
    .max(MAX_PAGE, `The page size is at most ${MAX_PAGE}.`)
    .optional(),
  cursor: z.string().max(2000, 'This page link is too long.').optional(),
});

/** The header that names a list's next page (decision 049). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * One page of a list as the spec's clients read it: a bare array of each item's reply, and the
 * next page's cursor, when there is one, in `X-Next-Cursor` (decisions 049, 062).
 */
export function pageReply<T, R = T>(
  c: Context,
  page: { items: T[]; cursor?: string | null },
  reply: (item: T) => R = (item) => item as unknown as R,
) {
  if (page.cursor) c.header(NEXT_CURSOR_HEADER, page.cursor);
  return c.json(page.items.map(reply));
}
