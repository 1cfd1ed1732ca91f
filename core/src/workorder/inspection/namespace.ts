/**
 * The members of the `Inspection` namespace (index.ts), each from the file of its job: the
 * inspection form (set.ts), the photos (photos.ts) and what the customer is shown of both
 * (photo-objects.ts). The inspection's shape and rules are in model.ts, its PDF pages in pdf.ts.
 */
import type { InspectionInput } from './model';

/** The inspection form's schema, for the API's validator (decision 112). */
export { InspectionInput } from './model';

/** The inspection form (decision 080). */
export type InspectionBody = InspectionInput;

/** The inspection's and its photos' messages (model.ts). */
export { inspectionMessages as messages } from './model';
export { setInspection } from './set';
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
