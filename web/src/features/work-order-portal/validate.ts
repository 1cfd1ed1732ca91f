import { type Choices, decisionsOf, type EstimateLineView } from '../../components/estimate/choices';
import type { FieldMessages } from '../../lib/forms';
import { portalEstimateMessages, portalMessages } from './portal';

/** The portal's two fields, named as the page's inputs are. */
export type PortalFields = { workOrderNumber: string; email: string };

/** Doc 2 §5: both filled, or one message for the form (shown under the fields, placed on the number). */
export function validatePortal(values: PortalFields): FieldMessages<PortalFields> {
  const both = values.workOrderNumber.trim() !== '' && values.email.trim() !== '';
  return { workOrderNumber: both ? undefined : portalMessages.bothRequired };
}

/** The estimate's answer in the portal (decision 127): the mailed code, the choices, the terms, the name, the pad. */
export type PortalAnswerFields = {
  code: string;
  name: string;
  choices: Choices;
  termsAccepted: boolean;
  /** Something is drawn on the pad (the drawing itself is the pad's). */
  signed: boolean;
};

/** One message for the form, the first found in the order the fields come (the signature last). */
export function validatePortalAnswer(
  values: PortalAnswerFields,
  lines: readonly EstimateLineView[],
): FieldMessages<PortalAnswerFields> {
  if (decisionsOf(lines, values.choices) === null) return { choices: portalEstimateMessages.unanswered };
  if (!values.termsAccepted) return { termsAccepted: portalEstimateMessages.terms };
  if (values.name.trim() === '') return { name: portalEstimateMessages.name };
  if (!/^\d{6}$/.test(values.code.trim())) return { code: portalEstimateMessages.code };
  if (!values.signed) return { signed: portalEstimateMessages.signature };
  return {};
}
