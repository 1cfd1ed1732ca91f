/**
 * Bookings: the one place where a customer's time is claimed and freed
 * (docs/data-model.md, Bookings; decisions 050 and 066). A claim is one
 * transaction: the booking, its `BOOKED` guard (a service's time is booked
 * once), its time slot marked booked (slot system) and the job on one
 * technician's day (`TECHDAY#<date>#<n>`, on condition that the day is still
 * the version read), with the mails it queues. Any failed condition cancels
 * all of it; cancelling gives everything back in one transaction too.
 *
 * Today the namespace also holds payments, dispatch and the visit's progress
 * (namespace.ts lists every member by file); issue 32 moves those to folders
 * of their own (docs/architecture.md).
 */
export * as Booking from './namespace';
