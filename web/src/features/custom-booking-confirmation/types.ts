import type { ConfirmationReply } from '@app/functions/api/bookings';

/**
 * A custom booking as its confirmation link reads it (doc 2 §3; GET
 * /api/bookings/verify-custom-booking/{token}). Type-only import: no zod reaches the browser.
 */
export type CustomBookingView = ConfirmationReply;
