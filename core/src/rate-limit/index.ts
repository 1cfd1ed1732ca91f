import * as z from 'zod';
import { defineEntity, op } from '../db/entity';
import { VisibleError } from '../error';

/**
 * Fixed-window counters in DynamoDB, shared by every Lambda instance
 * (nothing is kept in memory). One item per scope, key and window; TTL
 * removes old windows. See decision 008 for the limits and why.
 */
export namespace RateLimit {
  export type Rule = { scope: string; limit: number; windowSeconds: number };

  export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

  const window = (rule: Rule, nowMs: number) => {
    const start = Math.floor(nowMs / 1000 / rule.windowSeconds) * rule.windowSeconds;
    return { start, end: start + rule.windowSeconds };
  };

  const counter = defineEntity({
    name: 'rateLimit',
    version: 1,
    schema: z.object({
      scope: z.string(),
      /** The account or address counted, trimmed and lowercased. */
      subject: z.string(),
      /** The window's start, epoch seconds. */
      start: z.number().int(),
      count: z.number().int(),
      expiresAt: z.number().int(),
    }),
    key: ({ scope, subject, start }: { scope: string; subject: string; start: number }) => ({
      pk: `RATE#${scope}#${subject}`,
      sk: String(start),
    }),
  });

  function refuse(rule: Rule, end: number, nowMs: number): never {
    throw new VisibleError('rate_limited', TOO_MANY, {
      retryAfterSeconds: Math.max(1, Math.ceil(end - nowMs / 1000)),
    });
  }

  /**
   * Counts one event, or refuses with 429 when this window already holds
   * `limit` events. The check and the count are one conditional update, so
   * concurrent requests can never get past the limit together.
   */
  export async function hit(rule: Rule, key: string, nowMs = Date.now()): Promise<void> {
    const { start, end } = window(rule, nowMs);
    const subject = key.trim().toLowerCase();
    const counted = await counter.upsert(
      { scope: rule.scope, subject, start },
      {
        add: { count: 1 },
        set: { expiresAt: op.ifAbsent(end + 60), scope: rule.scope, subject, start },
        when: (c) => c.or(c.notExists('count'), c.lt('count', rule.limit)),
      },
    );
    if (!counted) refuse(rule, end, nowMs);
  }

  /**
   * Gives back one event counted by `hit` in the same window (a reserved
   * attempt that turned out not to count, e.g. a sign-in that succeeded).
   */
  export async function release(rule: Rule, key: string, nowMs = Date.now()): Promise<void> {
    const { start } = window(rule, nowMs);
    await counter.patch(
      { scope: rule.scope, subject: key.trim().toLowerCase(), start },
      { add: { count: -1 }, when: (c) => c.gt('count', 0) },
    );
  }
}
