/**
 * Reminders before a booking (issue 21, decision 074): when they are due and
 * the sparse index that holds them (due.ts), the mail and text (mail.ts),
 * the scheduled job's send, exactly once (send.ts), and the migration of
 * open bookings made before them (migrate.ts).
 *
 * For the rescheduling flow: write `Reminder.rescheduleItems(bookingAfterMove)`
 * in the move's transaction; it rewrites the booking's due entries.
 */
export * as Reminder from './namespace';
