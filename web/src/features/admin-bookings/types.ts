import type { BookingStatus } from '@app/core/booking/rules';
import type { BookingReply } from '@app/functions/api/bookings';

/**
 * The shapes of the bookings desk (docs: /work contract of issue 11). Type-only
 * imports: no zod reaches the browser.
 */

/** One entry of a booking's audit trail: who moved it from what to what, and when. */
export type StatusChange = {
  /** null for the entry that records the booking's creation. */
  from: BookingStatus | null;
  to: BookingStatus;
  by: { _id: string | null; name: string; role: 'admin' | 'customer' | 'system' };
  /** An ISO instant. */
  at: string;
};

/** A booking as the admin routes return it: the customer's shape plus its audit trail. */
export type AdminBooking = BookingReply & { statusHistory: StatusChange[] };

/** A customer as GET /api/admin/users lists them (doc 2 §3 Customer user). */
export type Customer = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  isAdmin: boolean;
  role: string;
  hasCardOnFile: boolean;
};

/** The advanced search's filters, as typed (doc 2 §2); empty strings are not sent. */
export type BookingFilters = {
  customerName: string;
  startDate: string;
  endDate: string;
  make: string;
  model: string;
  year: string;
  service: string;
};

/** POST /api/bookings/admin-create (doc 2 §5, §7). */
export type CustomBookingBody = {
  isCustomService: boolean;
  serviceId?: string;
  customServiceName?: string;
  customServicePrice?: number;
  date: string;
  time: string;
  duration: number;
  clientFirstName: string;
  clientLastName: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor?: string;
  notes?: string;
  createdByAdmin: true;
  requiresCustomerVerification: true;
  status: 'Pending Verification';
};

/** POST /api/admin/create-customer (doc 2 §5 New customer). */
export type NewCustomerBody = { firstName: string; lastName: string; email: string; phone?: string };

/** A service as the custom booking form and the search offer it. */
export type ServiceChoice = { _id: string; name: string; price: number };
