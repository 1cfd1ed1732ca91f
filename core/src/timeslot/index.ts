/**
 * Time slots (doc 2 §3 TimeSlot): one bookable time of one service on one
 * date, in the business zone. Each slot has a guard item keyed by service,
 * date and time, so a service never has the same date and time twice (the
 * admin's slot manager writes both in one transaction; the local seed
 * bulk-loads them). Booking marks a slot booked in the booking's own
 * transaction (core/src/booking), and cancelling frees it there too: this
 * module gives those transactions their items.
 *
 * One file per job, behind the one `TimeSlot` namespace:
 * - store.ts: the slot, its guard and the slot-system mark; reads by service
 *   and date; the booking transaction's items;
 * - input.ts: what the Time Slot Manager sends, its limits and messages;
 * - create.ts: creating one slot, a series, or a service's window (admin);
 * - edit.ts: opening, closing and deleting slots; retiring a deleted service's;
 * - list.ts and stats.ts: the admin's list and the statistics;
 * - window.ts: the local seed's rolling window of slots.
 */
export * as TimeSlot from './time-slot';
