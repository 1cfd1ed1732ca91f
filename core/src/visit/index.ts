/**
 * The visit (issue 32, decision 106): what happens on the booked day. The
 * technician records the job's progress (progress.ts: On my way, Started,
 * with the customer's notice, progress-mail.ts), and the customer follows it
 * by a link that needs no sign-in (tracking.ts). The visit stands above
 * booking and the technicians' days (crew/).
 */
export * as Visit from './namespace';
