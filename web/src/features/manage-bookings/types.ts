import type { StatusChange } from '@app/core/booking/rules';
import type { CustomerReply } from '@app/functions/api/admin';
import type { BookingReply } from '@app/functions/api/bookings';

/**
 * The shapes of the bookings desk, as the API replies with them. Type-only
 * imports: no zod reaches the browser.
 */

export type { StatusChange };

/**
 * A booking as the desk's list shows it: the customer's shape. Its audit trail
 * is read when the card's history is opened (GET /api/bookings/{id}/history).
 */
export type AdminBooking = BookingReply;

/** One page of the desk's list, and where the next one starts (null: none). */
export type DeskPage = { items: AdminBooking[]; cursor: string | null };

/** A customer as GET /api/admin/users lists them (doc 2 §3 Customer user). */
export type Customer = CustomerReply;

/** The advanced search's filters, as typed (doc 2 §2); empty strings are not sent. */
export type BookingFilters = {
  customerName: string;
  startDate: string;
  endDate: string;
  make: string;
  model: string;
  year: string;
  service: string;
  /** Which bookings (issue 30): '' the open ones (the spec's list), or a DeskStatusFilter. */
  status: string;
};

/** POST /api/bookings/admin-create (doc 2 §5, §7): the route's own body type. */
export type { CustomBookingBody } from '@app/functions/api/bookings';

/** POST /api/admin/create-customer (doc 2 §5 New customer). */
export type NewCustomerBody = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  /** false: the booking assigned next mails the invitation (issue 30). */
  invite?: boolean;
};
