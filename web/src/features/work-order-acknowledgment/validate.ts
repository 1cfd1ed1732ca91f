import { type Choices, decisionsOf, type EstimateLineView } from '../../components/estimate/choices';
import type { FieldMessages } from '../../lib/forms';
import { ackMessages, formProblem } from './display';

/** The acknowledgment's fields; `signed`: something is drawn on the pad (the drawing itself is the pad's). */
export type AcknowledgmentFields = {
  name: string;
  email: string;
  includeSignature: boolean;
  signed: boolean;
  /** The estimate's answers (issue 33, decision 125; components/estimate/choices.ts), when lines await them. */
  choices: Choices;
  /** Lines await an answer: each answered, the terms accepted, and a signature. */
  estimateOpen: boolean;
  termsAccepted: boolean;
};

export const estimateMessages = {
  unanswered:
    'Please answer each recommended line (approve, decline or later) and pick one option of each group.',
  terms: 'Please read and accept the terms.',
  signature: 'Please sign: your signature approves the work you chose.',
} as const;

/**
 * Doc 2 §5 (`formProblem`): one message for the whole form, placed on the field it is about
 * (a missing signature on the box that asks for it), so a form shows the first one found.
 */
export function validateAcknowledgment(
  values: AcknowledgmentFields,
  lines: readonly EstimateLineView[] = [],
): FieldMessages<AcknowledgmentFields> {
  if (values.estimateOpen) {
    if (decisionsOf(lines, values.choices) === null) return { choices: estimateMessages.unanswered };
    if (!values.termsAccepted) return { termsAccepted: estimateMessages.terms };
    if (!values.includeSignature || !values.signed) return { includeSignature: estimateMessages.signature };
  }
  const problem = formProblem({ ...values, signatureEmpty: !values.signed });
  if (problem === ackMessages.noSignature) return { includeSignature: problem };
  if (problem === ackMessages.badEmail) return { email: problem };
  return { name: problem ?? undefined };
}

/** The order in which the form's one message is looked for. */
export const acknowledgmentFields = [
  'choices',
  'termsAccepted',
  'name',
  'email',
  'includeSignature',
] as const;
