import { decisionsOf, type Choices, type EstimateLineView } from '../../components/estimate/choices';
import { moneyProblem } from '@app/core/rules/fields';
import { tipMessages } from '@app/core/rules/tip';
import type { FieldMessages } from '../../lib/forms';
import type { TipBody } from './api';

/** The in-person signature's fields (issue 30): the customer's name, and their code above the booked price. */
/** `choices` and `termsAccepted`: the estimate's answers on the phone (issue 33; components/estimate/choices.ts). */
export type InPersonFields = { name: string; code: string; choices: Choices; termsAccepted: boolean };

export const inPersonMessages = {
  name: "Please enter the customer's name.",
  signature: 'Please ask the customer to sign.',
  unanswered: 'Ask the customer to answer each recommended line and pick one option of each group.',
  terms: 'Ask the customer to read and accept the terms.',
} as const;

export function validateInPerson(
  values: InPersonFields,
  lines: readonly EstimateLineView[] = [],
): FieldMessages<InPersonFields> {
  if (lines.some((l) => l.state === 'proposed')) {
    if (decisionsOf(lines, values.choices) === null) return { name: inPersonMessages.unanswered };
    if (!values.termsAccepted) return { name: inPersonMessages.terms };
  }
  return { name: values.name.trim() ? undefined : inPersonMessages.name };
}

/** The tip the customer chooses at sign-off (issue 35): none (the default), a percent, or an amount. */
export type TipFields = { tip: 'none' | '15' | '20' | '25' | 'amount'; amount: string };

/** An amount is required with "Another amount": dollars and cents above $0, at most `maxDollars`. */
export function validateTip(values: TipFields, maxDollars: number): FieldMessages<TipFields> {
  if (values.tip !== 'amount') return {};
  const problem = moneyProblem(values.amount, 'Tip', Math.round(maxDollars * 100));
  if (problem) return { amount: problem };
  return { amount: Number(values.amount) > 0 ? undefined : tipMessages.notPositive };
}

/** The choice as the completion sends it; undefined: no tip. */
export function tipBody(values: TipFields): TipBody | undefined {
  if (values.tip === 'none') return undefined;
  if (values.tip === 'amount') return { amount: Number(values.amount) };
  return { percent: Number(values.tip) as 15 | 20 | 25 };
}
