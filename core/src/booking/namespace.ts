/**
 * What `Booking` offers the rest of the app (index.ts says what a booking
 * is), one file per job: availability (availability.ts), claiming time
 * (claim.ts), the customer's verbs (customer.ts: create, list, edit, cancel,
 * review), input (input.ts), reads (lookup.ts), the shop's phone bookings
 * (phone-booking.ts), the desk's search (search.ts), status changes
 * (status.ts) and the confirmation link (confirmation.ts), over the store
 * (store.ts). Files that only booking's own verbs use are not named here:
 * the place (address.ts, where.ts), the completion and late-cancel rules,
 * the mails, and the items booking writes in its transactions for features
 * above it (link.ts, reminder-due.ts, review-request-item.ts,
 * payment-steps.ts). At most 40 names (issue 32).
 */
export { availability, type Availability, availabilityAt } from './availability';
export { relocate } from './claim';
export { answerConfirmation, assignCustomer, forConfirmation } from './confirmation';
export {
  ALREADY_REVIEWED,
  cancel,
  create,
  forReview,
  listMine,
  MINE_PAGE,
  newestToReview,
  reviewItem,
  updateVehicle,
} from './customer';
export {
  AdminCreateInput,
  AllFilters,
  AnswerInput,
  AssignInput,
  calendarDate,
  CreateInput,
  StatusInput,
  VehicleInput,
} from './input';
export { exists, garageVehicleOf, priceOf, technicianOf } from './lookup';
export { adminCreate } from './phone-booking';
export { type ClientNames, clientNames, history, listAll, paidCharges } from './search';
export { setStatus } from './status';
export { id, type Info, type Row, type RowInfo, type Stored } from './store';
