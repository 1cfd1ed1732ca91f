import { linkTexts } from '../auth/link-texts';
import { AUDIT_TRAIL_LIMIT, appendToTrail } from '../util/audit-trail';

/**
 * The booking rules both the forms and the server apply (doc 1 §5, doc 2 §4,
 * §5, §9). Pure: the web imports it without pulling in the data layer.
 */

/** Every status a booking can have (doc 2 §4). */
export const BOOKING_STATUSES = [
  'Pending',
  'Confirmed',
  'Completed',
  'Cancelled',
  'Pending Verification',
  'Pending Customer Verification',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The desk's status filter (issue 30, decision 094): the open bookings (the default, doc 2 §2), one
 * status, the paid or refunded ones (of any status), or every booking.
 */
export const DESK_STATUS_FILTERS = ['open', ...BOOKING_STATUSES, 'paid', 'refunded', 'all'] as const;
export type DeskStatusFilter = (typeof DESK_STATUS_FILTERS)[number];
/** What the filter's choices read on the desk. */
export const deskStatusFilterLabel = (filter: DeskStatusFilter): string =>
  filter === 'open'
    ? 'Open (not completed or cancelled)'
    : filter === 'paid'
      ? 'Paid'
      : filter === 'refunded'
        ? 'Refunded'
        : filter === 'all'
          ? 'All bookings'
          : filter;

/** The customer may edit the vehicle fields and notes only while the booking is Pending. */
export const customerCanEdit = (status: BookingStatus): boolean => status === 'Pending';
/** The customer may cancel while Pending or Confirmed. */
export const customerCanCancel = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed';
/** The customer may move a booking to another time while Pending or Confirmed (issue 21; notice hours apply). */
export const customerCanReschedule = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed';
/** The progress text (serviceStatus) is shown, and may be set, only while Pending or Confirmed. */
export const showsProgress = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed';
/**
 * Why a booking may not be completed on `today` (a `yyyy-MM-dd` of the business's zone), or null
 * when it may (issue 30, decision 090): only a Confirmed booking, once its technician recorded
 * Started or its own day has come. Completed itself is null (a repeat charges nothing).
 */
export function completionBlock(
  b: { status: BookingStatus; date: string; startedAt?: string | null },
  today: string,
): 'pending' | 'notOpen' | 'beforeDay' | null {
  if (b.status === 'Completed') return null;
  if (b.status === 'Pending') return 'pending';
  if (b.status !== 'Confirmed') return 'notOpen';
  if (b.startedAt || b.date <= today) return null;
  return 'beforeDay';
}

/** A Completed booking may be reviewed (once). */
export const customerCanReview = (status: BookingStatus): boolean => status === 'Completed';

/** Vehicle year: 1900 to the current year plus one (doc 2 §9); the rule lives with the other field rules. */
export { VEHICLE_YEAR_MIN, vehicleYearMax } from '../rules/fields';

/** Upper bounds of the booking's texts, on the form and on the server. */
export const BOOKING_LIMITS = {
  name: 80,
  vehicleText: 60,
  color: 40,
  notes: 1000,
  serviceStatus: 500,
} as const;

/** A booking without a readable service duration lasts this long (doc 2 §9). */
export const DEFAULT_BOOKING_MINUTES = 60;

/** The texts of doc 1 §8 (customer booking) and doc 2 §8 (customer bookings), and the server's own. */
export const bookingMessages = {
  created: 'Your appointment has been successfully booked! You can view it in your Service History.',
  createFailed: 'There was an error creating your booking.',
  serviceLoadFailed: 'Could not load service details.',
  timesLoadFailed: 'Could not fetch available times.',
  serviceNotFound: 'Service not found.',
  historyLoadFailed: 'Could not fetch your booking history.',
  cancelFailed: 'Failed to cancel booking. Please try again.',
  updateFailed: 'Failed to update booking.',
  serviceRemoved: 'Service No Longer Available',
  cardRequired:
    'A payment card on file is required before you can book. It is not charged until the service is complete.',
  slotTaken: 'Sorry, that time was just booked by someone else. Please choose another time.',
  crewFull: 'Sorry, all of our technicians are busy at that time. Please choose another time.',
  timeUnavailable: 'That time is not available. Please choose one of the times offered.',
  pastDate: 'That date has already passed. Please choose today or a later date.',
  notFound: 'Booking not found.',
  notEditable: 'Only a pending booking can be changed.',
  notCancellable: 'Only a pending or confirmed booking can be cancelled.',
} as const;

// ---------------------------------------------------------------------------
// The admin's bookings desk (issue 11; doc 2 §4, §5, §9; decision 027)

/** Who changed a booking's status: an admin, the customer (signed in or by the mailed link), or the system. */
export type StatusChangeBy = {
  _id: string | null;
  name: string;
  role: 'admin' | 'customer' | 'system' | 'technician';
};

/** One entry of a booking's audit trail; `from` is null for the creation entry. */
export type StatusChange = {
  from: BookingStatus | null;
  to: BookingStatus;
  by: StatusChangeBy;
  at: string;
  /** Why the admin completed a job before the completion rule allows (decision 090). */
  reason?: string;
};

/** A booking keeps at most this many audit entries: the creation entry and the latest changes (the one rule). */
export const STATUS_HISTORY_LIMIT = AUDIT_TRAIL_LIMIT;

/** The history with `change` appended, bounded by the audit trail's one rule (core/src/util/audit-trail.ts). */
export function appendStatusChange(history: readonly StatusChange[], change: StatusChange): StatusChange[] {
  return appendToTrail(history, change);
}

/** Custom booking times: every 30 minutes from 09:00 to 17:30 (doc 2 §5, §9). */
export const CUSTOM_BOOKING_TIMES: readonly string[] = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** Duration of an admin booking: at least 15 minutes, in steps of 15, 60 by default (doc 2 §9). */
export const ADMIN_DURATION = { min: 15, step: 15, default: 60, max: 12 * 60 } as const;

export const isAdminDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) &&
  minutes >= ADMIN_DURATION.min &&
  minutes <= ADMIN_DURATION.max &&
  minutes % ADMIN_DURATION.step === 0;

/** A custom service's price in dollars: at least 0, whole cents (step 0.01), below this ceiling (core/src/rules/fields.ts `moneyProblem`). */
export const CUSTOM_PRICE_MAX = 100_000;

/** The customer mails a status change by the shop sends (decision 027). */
export type StatusMail = 'confirmed' | 'cancelled' | 'reinstated' | 'receipt' | null;

/**
 * Which mail the customer gets when the shop moves a booking from `from` to
 * `to` (decision 027): the changes that alter their appointment (confirmed,
 * cancelled, back on after a cancellation) and the receipt when a completion
 * charges the card. Corrections (Completed back to an open status, Confirmed
 * back to Pending, any move into or between the verification statuses) are
 * the shop's own bookkeeping and mail nobody. `alreadyPaid`: the booking's
 * card charge went through before, so completing it again charges nothing.
 */
export function statusMail(from: BookingStatus, to: BookingStatus, alreadyPaid = false): StatusMail {
  if (from === to) return null;
  if (to === 'Completed') return alreadyPaid ? null : 'receipt';
  if (from === 'Completed') return null;
  if (to === 'Cancelled') return 'cancelled';
  if (to === 'Confirmed') return 'confirmed';
  if (from === 'Cancelled' && to === 'Pending') return 'reinstated';
  return null;
}

/** The texts of the desk (doc 2 §8) and the server's own refusals. */
export const deskMessages = {
  created: 'Custom booking created successfully!',
  assigned: 'Booking assigned successfully! A verification email has been sent to the customer.',
  customerCreated: 'Customer created successfully! An invitation email has been sent.',
  notAssignable: 'Only a booking waiting for verification can be assigned to a customer.',
  startPassed: 'That booking has already started, so the customer can no longer confirm it.',
  timePassed: 'That time has already passed. Please choose a later time.',
  reclaimTaken:
    'That time has been booked by someone else since this booking was cancelled. Please book another time.',
  reclaimCrewFull:
    'All of our technicians are busy at that time now, so this booking cannot be reinstated. Please book another time.',
  changedMeanwhile: 'The booking changed meanwhile. Please reload and try again.',
  // The confirmation link's refusals (the link flow table, core/src/auth/link-flows.ts).
  linkInvalid: linkTexts.confirmBooking.invalid,
  linkUsed: linkTexts.confirmBooking.used,
  linkExpired: linkTexts.confirmBooking.expired,
  linkReplaced: linkTexts.confirmBooking.replaced,
  linkNotWaiting: linkTexts.confirmBooking.notWaiting,
  confirmed: 'Your booking is confirmed. Thank you!',
  declined: 'Booking declined successfully.',
  customerNotFound: 'Customer not found.',
  customerEmailMismatch: 'That email is not the selected customer’s.',
} as const;

/**
 * The order of a list of bookings (issue 30, decision 095): the upcoming ones (dated `today` or
 * later) first, soonest first, then the past ones, newest first. A comparator for `sort`; the
 * server pages in the same order (upcoming-first.ts).
 */
export function upcomingFirstOrder(today: string) {
  return (a: { date: string; time: string }, b: { date: string; time: string }): number => {
    const aUp = a.date >= today;
    const bUp = b.date >= today;
    if (aUp !== bUp) return aUp ? -1 : 1;
    const ascending = a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date);
    return aUp ? ascending : -ascending;
  };
}
