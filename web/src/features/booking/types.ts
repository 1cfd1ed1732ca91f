import type { ServiceReply } from '@app/functions/api/services';

/** A service as GET /api/services/:id returns it. Type-only import: no zod reaches the browser. */
export type BookableService = ServiceReply;

/** GET /api/services/:id/availability: the free times of one date (booking contract). */
export type Availability = {
  /** 'HH:mm', ascending, in the business's zone. */
  times: string[];
  system: 'timeslot' | 'legacy';
  /** A sentence for a person, '' when there are times. */
  message: string;
};

/** The body of POST /api/bookings (doc 1 §3, customer booking submission). */
export type BookingRequest = {
  clientFirstName: string;
  clientLastName: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  notes: string;
  serviceId: string;
  date: string;
  time: string;
};

declare module '@tanstack/react-router' {
  interface HistoryState {
    /**
     * A chosen time travels from /book/{id} to /book/{id}/details as navigation
     * state with the service (doc 1 §2): the date as yyyy-MM-dd and the time as
     * HH:mm, both in the business's zone.
     */
    date?: string;
    time?: string;
  }
}
