import type { FieldMessages } from '../../lib/forms';
import { portalMessages } from './portal';

/** The portal's two fields, named as the page's inputs are. */
export type PortalFields = { workOrderNumber: string; email: string };

/** Doc 2 §5: both filled, or one message for the form (shown under the fields, placed on the number). */
export function validatePortal(values: PortalFields): FieldMessages<PortalFields> {
  const both = values.workOrderNumber.trim() !== '' && values.email.trim() !== '';
  return { workOrderNumber: both ? undefined : portalMessages.bothRequired };
}
