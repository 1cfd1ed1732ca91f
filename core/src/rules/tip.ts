import { formatCents } from '../money';

/**
 * Tips (issue 35, decision 130): the rule both sides share. A tip is a choice
 * of the customer's, never added without one: 15, 20 or 25% of the amount
 * before tax, computed by the server from the amount it charges, or an amount
 * the customer types, at most `TIP_MAX_PERCENT` of that amount. Cents,
 * rounded half up to the cent. Zod-free: the browser imports it.
 */
export const TIP_PERCENTS = [15, 20, 25] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** What the customer chose: a percent, or an amount in cents. No choice: no tip. */
export type TipChoice = { percent: TipPercent } | { amountCents: number };

/** `percent` % of `baseCents`, to the cent (half a cent rounds up). */
export function tipOfPercent(baseCents: number, percent: number): number {
  if (baseCents <= 0) return 0;
  return Math.floor((baseCents * percent + 50) / 100);
}

/** The largest amount a customer may type: `maxPercent` % of the amount before tax. */
export const tipCap = (baseCents: number, maxPercent: number) => tipOfPercent(baseCents, maxPercent);

export const tipMessages = {
  tooMuch: (capCents: number) =>
    capCents > 0
      ? `A tip can be at most ${formatCents(capCents)} for this job.`
      : 'There is nothing charged to add a tip to.',
  notPositive: 'A tip must be more than $0.',
} as const;

/** The tip a choice gives on `baseCents`, or the reason it is refused. */
export function tipFor(
  choice: TipChoice,
  baseCents: number,
  maxPercent: number,
): { cents: number } | { refusal: string } {
  if ('percent' in choice) {
    const cents = tipOfPercent(baseCents, choice.percent);
    return cents > 0 ? { cents } : { refusal: tipMessages.tooMuch(0) };
  }
  if (!Number.isInteger(choice.amountCents) || choice.amountCents <= 0)
    return { refusal: tipMessages.notPositive };
  const cap = tipCap(baseCents, maxPercent);
  return choice.amountCents <= cap ? { cents: choice.amountCents } : { refusal: tipMessages.tooMuch(cap) };
}
