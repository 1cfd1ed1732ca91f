import * as z from 'zod';
import { LinkToken } from '../auth/link-token';
import { linkTexts } from '../auth/link-texts';
import { Technician } from '../technician/index';
import { findBooking, type Stored } from '../booking/store';
import { fn } from '../util/fn';

/**
 * The customer's tracking page of one visit (issue 21, decision 076), read
 * by the link "On my way" mailed: `track-booking` link tokens (LinkToken),
 * viewed and never used, so the page may be opened and polled all day;
 * the token expires at the end of the booking's business day. What it
 * reveals is this visit only: the technician's first name, the service, the
 * booked time, the ETA and the state. No names, address or vehicle of the
 * customer, nothing of any other job, and no location from anyone's phone.
 */

/** The visit as the customer follows it. */
export type TrackState = 'on-the-way' | 'arrived' | 'working' | 'done' | 'cancelled';

export type Tracking = {
  state: TrackState;
  technicianFirstName: string | null;
  serviceName: string;
  date: string;
  time: string;
  etaAt: string | null;
  onMyWayAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
  /** When the booking became Completed (its audit trail), once it has. */
  completedAt: string | null;
};

/** The tracking link's refusals (the link flow table, core/src/auth/link-flows.ts). */
export const trackingMessages = linkTexts.track;

export function trackState(b: Pick<Stored, 'status' | 'progress'>): TrackState {
  if (b.status === 'Completed') return 'done';
  if (b.status === 'Cancelled') return 'cancelled';
  if (b.progress?.startedAt) return 'working';
  if (b.progress?.arrivedAt) return 'arrived';
  return 'on-the-way';
}

/** `GET /api/track/{token}` (anyone with the link): 404 `{ msg, reason }` when it is unknown or expired. */
export const tracking = fn(
  z.tuple([z.string(), z.date().optional()]),
  async (token, now = new Date()): Promise<Tracking> => {
    const { subject: booking } = await LinkToken.view('track-booking', token, {
      subject: { load: (bookingId) => findBooking(bookingId).catch(() => undefined) },
      now,
    });
    const technician = booking.claim ? await Technician.get(booking.claim.technician) : null;
    const completed = booking.statusHistory.findLast((change) => change.to === 'Completed');
    return {
      state: trackState(booking),
      technicianFirstName: technician?.firstName ?? null,
      serviceName: booking.serviceName,
      date: booking.date,
      time: booking.time,
      etaAt: booking.progress?.etaAt ?? null,
      onMyWayAt: booking.progress?.onMyWayAt ?? null,
      arrivedAt: booking.progress?.arrivedAt ?? null,
      startedAt: booking.progress?.startedAt ?? null,
      completedAt: booking.status === 'Completed' ? (completed?.at ?? booking.updatedAt) : null,
    };
  },
);
