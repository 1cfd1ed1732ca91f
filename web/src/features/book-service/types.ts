import type { Booking } from '@app/core/booking/index';
import type { ServiceInfo } from '../../lib/shared-queries';

/** A service as GET /api/services/:id returns it (the route's type). */
export type BookableService = ServiceInfo;

/** GET /api/services/:id/availability: the free times of one date, 'HH:mm' in the business's zone. */
export type Availability = Booking.Availability;

/** The body of POST /api/bookings (doc 1 §3, customer booking submission), as the server reads it. */
export type BookingRequest = Booking.CreateInput;

declare module '@tanstack/react-router' {
  interface HistoryState {
    /**
     * A chosen time travels from /book/{id} to /book/{id}/details as navigation
     * state with the service (doc 1 §2): the date as yyyy-MM-dd and the time as
     * HH:mm, both in the business's zone.
     */
    date?: string;
    time?: string;
    /** The saved service address the times were asked for (issue 20); the booking is made for it. */
    addressId?: string;
  }
}
