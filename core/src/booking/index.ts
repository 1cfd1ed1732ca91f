/**
 * Bookings: the one place where a customer's time is claimed and freed
 * (docs/data-model.md, Bookings; decision 024). Booking is one transaction:
 * the booking, its `BOOKED` guard (a service's time is booked once), its time
 * slot marked booked (slot system), one crew guard per 15-minute block of the
 * technician it takes, and the mails it sends. Any failed condition cancels
 * all of it. Cancelling gives everything back in one transaction too.
 *
 * The namespace's members live in one file per job (namespace.ts lists them).
 */
export * as Booking from './namespace';
