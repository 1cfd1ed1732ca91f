/**
 * The pages of a booking's link, without signing in: the landing's reads and
 * actions (landing.ts) and rescheduling by the link (reschedule-link.ts).
 */
export * as BookingLinkPage from './namespace';
