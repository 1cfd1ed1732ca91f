/**
 * The members of the `WorkOrder` namespace (index.ts), each from the file of
 * its job; callers import `WorkOrder` from index.ts and never these files.
 */
import type { InspectionInput } from './inspection-model';
import type { AcknowledgeInput, WorkOrderInput } from './input';
import type { WorkOrder } from './model';

export type Info = WorkOrder;
/** The form as core takes it (cents; the API converts the spec's dollars), and the acknowledgment form. */
export type Body = WorkOrderInput;
export type AcknowledgeBody = AcknowledgeInput;
/** The inspection form (decision 080). */
export type InspectionBody = InspectionInput;

export { fail, id, messages } from './messages';
/** The bodies' schemas, for the API's validators (decision 112). */
export { AcknowledgeInput } from './input';
export { InspectionInput } from './inspection-model';
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
export { setInspection } from './inspection';
export { type ForCustomer, forCustomer } from './photo-objects';
export {
  addPhoto,
  inspectionForPortal,
  type PhotoBytes,
  photoForLink,
  photoForPortal,
  photoForStaff,
  removePhoto,
} from './photos';
export { type Awaiting, awaitingAcknowledgment } from './awaiting';
