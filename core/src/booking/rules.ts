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

/** The customer may edit the vehicle fields and notes only while the booking is Pending. */
export const customerCanEdit = (status: BookingStatus): boolean => status === 'Pending';
/** The customer may cancel while Pending or Confirmed. */
export const customerCanCancel = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed';
/** The progress text (serviceStatus) is shown, and may be set, only while Pending or Confirmed. */
export const showsProgress = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed';
/** A Completed booking may be reviewed (once). */
export const customerCanReview = (status: BookingStatus): boolean => status === 'Completed';

/** Vehicle year: 1900 to the current year plus one (doc 2 §9). */
export const VEHICLE_YEAR_MIN = 1900;
export const vehicleYearMax = (todayIso: string): number => Number(todayIso.slice(0, 4)) + 1;

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
