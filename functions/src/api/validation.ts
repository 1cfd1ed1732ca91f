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
