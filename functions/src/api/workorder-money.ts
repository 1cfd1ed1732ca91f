import { toCents } from '@app/core/money';
import { dollars } from '@app/core/rules/schema';
import { PRICING_LIMITS } from '@app/core/workorder/pricing';
import type { Context } from 'hono';
import * as z from 'zod';
import { firstIssue } from './validation';

/** The work-order routers' edge (./workorders.ts, ./workorder-estimates.ts): their 400 and the lines' dollars. */

/** zValidator hook for this router: 400 `{ msg }` (and `message`, by `withMessage`). */
export function invalid(
  result: { success: true } | { success: false; error: { issues: readonly { message: string }[] } },
  c: Context,
) {
  if (!result.success) return c.json({ msg: firstIssue(result.error) }, 400);
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A line's price as the spec names it in dollars, and as core takes it in cents. */
type Price = { dollars: string; cents: string; amount: ReturnType<typeof dollars>; optional: boolean };
export const hourlyRate: Price = {
  dollars: 'hourlyRate',
  cents: 'hourlyRateCents',
  amount: dollars('Hourly rate', PRICING_LIMITS.maxRateCents, { absent: 'required' }),
  optional: true,
};
export const unitPrice: Price = {
  dollars: 'unitPrice',
  cents: 'unitPriceCents',
  amount: dollars('Unit price', PRICING_LIMITS.maxUnitPriceCents, { absent: 'required' }),
  optional: false,
};

/**
 * One line's price from the spec's dollars to core's cents: the dollars are
 * checked by `dollars()` (the money rule, decision 059) and refused 400; an
 * optional price left out stays out (a labour line then takes the shop's
 * rate). Whatever the client sent under the cents name is dropped.
 */
export function lineInCents(
  item: unknown,
  { dollars: named, cents, amount, optional }: Price,
  ctx: z.RefinementCtx,
) {
  if (!isObject(item)) return item;
  const { [named]: sent, [cents]: _ignored, ...rest } = item;
  if (sent === undefined && optional) return rest;
  const parsed = amount.safeParse(sent);
  if (parsed.success) return { ...rest, [cents]: toCents(parsed.data) };
  ctx.addIssue({ code: 'custom', message: firstIssue(parsed.error) });
  return z.NEVER;
}
