/**
 * The members of the `WorkOrder` namespace (index.ts), each from the file of
 * its job; callers import `WorkOrder` from index.ts and never these files.
 */
import type { AcknowledgeInput, WorkOrderInput } from './input';
import type { WorkOrder } from './model';

export type Info = WorkOrder;
/** The form as core takes it (cents; the API converts the spec's dollars), and the acknowledgment form. */
export type Body = WorkOrderInput;
export type AcknowledgeBody = AcknowledgeInput;

export { fail, id, messages } from './messages';
/** The bodies' schemas, for the API's validators (decision 112). */
export { AcknowledgeInput } from './input';
export { contentDigest, type Stored } from './store';
export { formatNumber } from './numbering';
export { type Detail, view } from './view';
export { create, defaults, get, remove, update } from './edit';
export { setStatus } from './status';
export { LIST_READ_BUDGET, list, type ListPage } from './list';
export { forPdf, MAX_ATTACHMENT_BASE64, type PdfParts, sendEmail } from './delivery';
export { forPortal } from './portal';
export {
  acknowledge,
  expireAcknowledgments,
  type ForAcknowledgment,
  forAcknowledgment,
  generateAcknowledgment,
} from './acknowledgment';
export { SIGNATURE_PREFIX, signatureOf } from './signatures';
export { type ForBooking, forBooking } from './for-booking';
export { acknowledgeInPerson, forSigning, InPersonInput, inPersonMessages } from './in-person';
export { ApproveInput, approvePrice, priceMessages, sendPriceCode } from './price-approval';
export { type Awaiting, awaitingAcknowledgment } from './awaiting';
