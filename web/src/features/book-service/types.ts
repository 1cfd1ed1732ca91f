import type { Booking } from '@app/core/booking/index';
import type { ServiceInfo } from '../../lib/shared-queries';

/** A service as GET /api/services/:id returns it (the route's type). */
export type BookableService = ServiceInfo;

/** GET /api/services/:id/availability: the free times of one date, 'HH:mm' in the business's zone. */
export type Availability = Booking.Availability;

/** The body of POST /api/bookings (doc 1 §3, customer booking submission), as the server reads it. */
export type BookingRequest = Booking.CreateInput;
