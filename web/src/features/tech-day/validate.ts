import { decisionsOf, type Choices, type EstimateLineView } from '../../components/estimate/choices';
import type { FieldMessages } from '../../lib/forms';

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
