import type { FieldMessages } from '../../lib/forms';
import { ackMessages, formProblem } from './display';

/** The acknowledgment's fields; `signed`: something is drawn on the pad (the drawing itself is the pad's). */
export type AcknowledgmentFields = {
  name: string;
  email: string;
  includeSignature: boolean;
  signed: boolean;
};

/**
 * Doc 2 §5 (`formProblem`): one message for the whole form, placed on the field it is about
 * (a missing signature on the box that asks for it), so a form shows the first one found.
 */
export function validateAcknowledgment(values: AcknowledgmentFields): FieldMessages<AcknowledgmentFields> {
  const problem = formProblem({ ...values, signatureEmpty: !values.signed });
  if (problem === ackMessages.noSignature) return { includeSignature: problem };
  if (problem === ackMessages.badEmail) return { email: problem };
  return { name: problem ?? undefined };
}

/** The order in which the form's one message is looked for. */
export const acknowledgmentFields = ['name', 'email', 'includeSignature'] as const;
