/**
 * Bookings: the one place where a customer's time is claimed and freed
 * (docs/data-model.md, Bookings; decisions 050 and 066). A claim is one
 * transaction: the booking, its `BOOKED` guard (a service's time is booked
 * once), its time slot marked booked (slot system) and the job on one
 * technician's day (`TECHDAY#<date>#<n>`, crew/, on condition that the day is
 * still the version read), with the mails it queues and the items booking
 * writes with it (its reminders, its link's token, its review request). Any
 * failed condition cancels all of it; cancelling gives everything back in one
 * transaction too.
 *
 * What runs on bookings later has folders of its own above this one
 * (decision 106): billing/ (charges, retries, refunds, the late fee),
 * dispatch/ (Today, the board, reassignment, a technician's day), visit/
 * (progress, tracking), reschedule/ (moving a booking), booking-link/ (the
 * link's pages), reminder/ and review-request/ (their sending). Booking
 * imports none of them.
 */
export * as Booking from './namespace';
