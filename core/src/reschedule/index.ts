/**
 * Moving a booking (issue 32, decision 106): to another time (reschedule.ts:
 * the owner's reschedule page, its times and the move, claimed again as a new
 * booking's time is) or to another address (address-change.ts). Rescheduling
 * by a mailed link is the link's page (booking-link/reschedule-link.ts).
 * Stands above booking: it uses booking's claim, availability and store.
 */
export * as Reschedule from './namespace';
