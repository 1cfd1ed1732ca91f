import { moneyProblem } from '@app/core/rules/fields';
import { tipMessages } from '@app/core/rules/tip';
import type { FieldMessages } from '../../lib/forms';

/** The customer's tip as the API takes it (issue 35): a percent the server computes, or an amount in dollars. */
export type TipBody = { percent: 15 | 20 | 25 } | { amount: number };

/** The tip the server offers (the charge preview's and the tip link's `tip`, in dollars). */
export type TipOffer = { base: number; choices: { percent: number; amount: number }[]; max: number };

/** The tip the customer chooses at sign-off (issue 35): none (the default), a percent, or an amount. */
export type TipFields = { tip: '' | 'none' | '15' | '20' | '25' | 'amount'; amount: string };

/** An amount is required with "Another amount": dollars and cents above $0, at most `maxDollars`. */
export function validateTip(values: TipFields, maxDollars: number): FieldMessages<TipFields> {
  // The tip link's page preselects nothing: the customer chooses.
  if (values.tip === '') return { tip: 'Please choose a tip.' };
  if (values.tip !== 'amount') return {};
  const problem = moneyProblem(values.amount, 'Tip', Math.round(maxDollars * 100));
  if (problem) return { amount: problem };
  return { amount: Number(values.amount) > 0 ? undefined : tipMessages.notPositive };
}

/** The choice as the completion sends it; undefined: no tip. */
export function tipBody(values: TipFields): TipBody | undefined {
  if (values.tip === 'none' || values.tip === '') return undefined;
  if (values.tip === 'amount') return { amount: Number(values.amount) };
  return { percent: Number(values.tip) as 15 | 20 | 25 };
}
