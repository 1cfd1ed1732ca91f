import * as z from 'zod';
import { toCents } from '../money';
import { dollars } from './schema';
import { TIP_PERCENTS, type TipChoice } from './tip';

/**
 * A tip as the customer chooses it on the wire (issue 35, decision 130):
 * `{ percent: 15 | 20 | 25 }` (the server computes the amount from what it
 * charges) or `{ amount }` in dollars (core takes cents; the server checks it
 * against its cap). No tip: the field is absent.
 */
export const TipInput = z.union(
  [
    z.object({ percent: z.literal(TIP_PERCENTS) }).strict(),
    z.object({ amount: dollars('Tip', 99_999_999) }).strict(),
  ],
  { error: 'A tip is { percent: 15, 20 or 25 } or { amount } in dollars.' },
);
export type TipInput = z.input<typeof TipInput>;

/** The choice as core works with it: the percent, or the amount in cents. */
export const tipChoice = (tip: z.output<typeof TipInput>): TipChoice =>
  'percent' in tip ? { percent: tip.percent } : { amountCents: toCents(tip.amount) };
