import { config } from '../config';
import { VisibleError } from '../error';
import { tipFor, tipOfPercent, TIP_PERCENTS, type TipChoice, tipCap } from '../rules/tip';
import type { Payment } from '../booking/store';

/**
 * Tips (issue 35, decision 130). A tip is the customer's choice, never a
 * default: the percent choices are computed here from the amount the server
 * charges before tax (the booked price and trip fee, or the work order's
 * subtotal and trip fee), an amount the customer types is checked against
 * `TIP_MAX_PERCENT` of it. The tip is charged as Square's `tip_money` of the
 * same charge, carries no tax, and is refunded as a line of its own.
 */

/** What the phone's sign-off offers: the base, each percent's amount, and the most one may type. */
export type TipOffer = { baseCents: number; choices: { percent: number; cents: number }[]; maxCents: number };

export function tipOffer(baseCents: number): TipOffer {
  return {
    baseCents,
    choices: TIP_PERCENTS.map((percent) => ({ percent, cents: tipOfPercent(baseCents, percent) })),
    maxCents: tipCap(baseCents, config().tipMaxPercent),
  };
}

/** The tip a choice gives on `baseCents` (400 with the reason when it may not be given). */
export function tipCents(choice: TipChoice, baseCents: number): number {
  const tip = tipFor(choice, baseCents, config().tipMaxPercent);
  if ('refusal' in tip) throw new VisibleError('invalid', tip.refusal);
  return tip.cents;
}

/** A planned payment with the customer's tip on it (none without a choice); `taxCents` is not tipped on. */
export function withTip(payment: Payment, taxCents: number, choice: TipChoice | undefined): Payment {
  if (!choice) return payment;
  return { ...payment, tipCents: tipCents(choice, payment.amountCents - taxCents) };
}
