import type { StoredAddress } from '@app/core/address/stored';
import type { Booking } from '@app/core/booking/index';

/**
 * Reply parts several routers send (review §2 "Reply shaping"): written once
 * here, so /api/bookings, /api/tech and /api/admin/dispatch cannot drift.
 */

/** A booking's service address on the wire: the spec's work-order address names, unit and access notes. */
export type ServiceAddressReply = Omit<StoredAddress, 'location'>;

/** An address's fields on the wire (a booking's service address, a saved address). */
export const addressFields = (a: ServiceAddressReply): ServiceAddressReply => ({
  street: a.street,
  unit: a.unit,
  city: a.city,
  state: a.state,
  zipCode: a.zipCode,
  accessNotes: a.accessNotes,
});

export const serviceAddressReply = (b: Pick<Booking.Stored, 'serviceAddress'>): ServiceAddressReply | null =>
  b.serviceAddress ? addressFields(b.serviceAddress) : null;

/** The visit as the shop reported it (issue 21, decision 076): each step's time, null until recorded. */
export type ProgressReply = {
  onMyWayAt: string | null;
  /** The arrival time the customer was given with "On my way". */
  etaAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
};

export const progressReply = ({ progress: p }: Pick<Booking.Stored, 'progress'>): ProgressReply => ({
  onMyWayAt: p?.onMyWayAt ?? null,
  etaAt: p?.etaAt ?? null,
  arrivedAt: p?.arrivedAt ?? null,
  startedAt: p?.startedAt ?? null,
});

/** A job still to come of one technician: what the admin needs to give it to another. */
export type UpcomingJobReply = {
  _id: string;
  date: string;
  time: string;
  status: Booking.Row['status'];
  serviceName: string;
  customerName: string;
};

/** A booking row as that job (the technician's jobs to give to others, Today's bookings pending verification). */
export const upcomingReply = (b: Booking.Row): UpcomingJobReply => ({
  _id: b.id,
  date: b.date,
  time: b.time,
  status: b.status,
  serviceName: b.serviceName,
  customerName: b.customer
    ? `${b.customer.firstName} ${b.customer.lastName}`
    : `${b.clientFirstName} ${b.clientLastName}`,
});
