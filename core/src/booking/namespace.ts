/**
 * What `Booking` offers the rest of the app (index.ts names it), one file per
 * job. The booking itself: storage and views (store.ts, lookup.ts), input
 * (input.ts), availability (availability.ts), claiming time (claim.ts, and the
 * technician's day: crew.ts, route.ts, tech-day.ts), the customer's verbs
 * (customer.ts), the place (where.ts, address.ts, address-change.ts), status changes
 * (status.ts), the desk's search (search.ts), the shop's phone bookings
 * (phone-booking.ts), the confirmation link (confirmation.ts) and rescheduling
 * (reschedule.ts, reschedule-link.ts). Payments: charge.ts, collect.ts,
 * refund.ts, late-fee.ts, payment-queue.ts, payment-mail.ts, revenue-items.ts.
 * Dispatch: board.ts, reassign.ts, job-state.ts. The visit:
 * progress.ts, progress-mail.ts, tracking.ts. Issue 32 gives payments,
 * dispatch and the visit folders of their own.
 */
export { addressChangeMessages, changeAddress } from './address-change';
export { type Placed, placeBooking } from './address';
export { availability, type Availability, availabilityAt } from './availability';
export { jobOf, relocate } from './claim';
export { reassign, ReassignInput, reassignMessages, UPCOMING_DAYS, upcomingOf } from './reassign';
export { answerConfirmation, assignCustomer, forConfirmation } from './confirmation';
export {
  ALREADY_REVIEWED,
  cancel,
  create,
  forReview,
  listMine,
  MINE_PAGE,
  newestToReview,
  REVIEW_NOT_COMPLETE,
  reviewItem,
  updateVehicle,
} from './customer';
export {
  AddressChangeInput,
  AdminCreateInput,
  AllFilters,
  AnswerInput,
  AssignInput,
  calendarDate,
  CreateInput,
  StatusInput,
  VehicleInput,
} from './input';
export { exists, priceOf, technicianOf } from './lookup';
export {
  type ForReschedule,
  forReschedule,
  move,
  pageOf as reschedulePage,
  reschedule,
  RescheduleInput,
  rescheduleMessages,
  type RescheduleWindow,
  rescheduleWindow,
  times as rescheduleTimes,
  TimesQuery as RescheduleTimesQuery,
  timesFor as rescheduleTimesFor,
} from './reschedule';
export { forRescheduleByLink, rescheduleByLink, rescheduleTimesByLink } from './reschedule-link';
export { adminCreate } from './phone-booking';
export {
  type ClientNames,
  clientNames,
  DESK_PAGE_SIZE,
  DESK_READ_BUDGET,
  history,
  listAll,
  matchesFilters,
  type PaidCharge,
  paidCharges,
} from './search';
export { setStatus, technicianMessages } from './status';
export { techDay, type TechDay, TechDayInput, type TechJob, techDayMessages } from './tech-day';
export { PROGRESS_STEPS, ProgressInput, progressMessages, recordProgress } from './progress';
export { type Tracking, tracking, trackingMessages, type TrackState } from './tracking';
export { awaitingVerification, type Board, board, BOARD_MAX_DAYS, type BoardJob } from './board';
export { jobState, type JobState } from './job-state';
export { type ChargeChoice, chargeMessages, type ChargeOptions, chargeOptionsFor } from './charge';
export {
  type ChargePreview,
  chargePreview,
  completionMessages,
  completionRefusal,
  PreviewInput as ChargePreviewInput,
} from './completion';
export { COLLECT_BATCH, DeclinedInput, listDeclined, retryCharge, retryDue, sweepPending } from './collect';
export { cancelPreview, lateCancelPolicy, lateFeeMessages } from './late-fee';
export { MAX_REFUNDS, refund, RefundInput, refundMessages } from './refund';
export type { Queued as QueuedCharge } from './payment-queue';
export type { Where } from './where';
export {
  CUSTOM_KEY,
  id,
  type Info,
  type Payment,
  type Refund,
  type Row,
  type RowInfo,
  type Stored,
} from './store';
