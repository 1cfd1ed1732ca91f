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
