import * as z from 'zod';
import { directionsUrl, oneLine } from '../address/format';
import { LinkToken } from '../auth/link-token';
import { attendanceItem } from '../booking/attendance';
import { cancelAs } from '../booking/customer';
import { lateCancelFeeCents, lateCancelPolicy, lateFeeMessages } from '../billing/late-fee';
import { vehicleText } from '../booking/mail-info';
import type { StatusChangeBy } from '../booking/rules';
import { entity, type Stored } from '../booking/store';
import { business } from '../business';
import { config } from '../config';
import { remindable } from '../booking/reminder-due';
import { fn } from '../util/fn';
import * as time from '../time';
import { BookingLink } from '../booking/link';

/**
 * The landing page of a booking's link (issue 21): what it shows, and its
 * two actions done here ("I'll be there", "Cancel"); "Reschedule" is the
 * rescheduling page's (reschedule-link.ts, the same token's reschedule action).
 * No sign-in: the token is the authority, and it reaches only its booking.
 */

export type LinkView = {
  booking: {
    _id: string;
    serviceName: string;
    date: string;
    time: string;
    /** 'Monday, November 30, 2026 at 10:00 AM Eastern Time (America/New_York)'. */
    when: string;
    duration: number;
    status: Stored['status'];
    vehicle: string;
    address: string | null;
    accessNotes: string;
    directionsUrl: string | null;
    attendanceConfirmedAt: string | null;
  };
  /** What this link can still do now. */
  actions: { attend: boolean; reschedule: boolean; cancel: boolean };
  /** The rescheduling notice (RESCHEDULE_NOTICE_HOURS): after it, the page says to call. */
  notice: { hours: number; canReschedule: boolean; phone: string; phoneHref: string };
  /** What cancelling now would cost (the late-cancel fee rules, as in Service History). */
  cancellation: { feeCents: number; msg: string };
  /** Where "Reschedule" leads, or null when the link cannot reschedule. */
  reschedulePath: string | null;
};

/** The link's booking, or the refusal; a booking moved since the link was sent answers `replaced`. */
async function linked(token: string, now: Date) {
  // One request, counted once against the link's rate limit (the flow table's).
  const found = await BookingLink.allowed(token, now, true);
  if (!found.ok) BookingLink.refuse(found.reason);
  const booking = await entity.get({ id: found.bookingId }, { consistent: true });
  if (!booking) BookingLink.refuse('invalid');
  if (BookingLink.moved(booking, found.expiresAt)) BookingLink.refuse('replaced');
  return { booking, actions: found.actions };
}

function viewOf(booking: Stored, allowed: Record<BookingLink.Action, boolean>, token: string): LinkView {
  const open = remindable(booking.status);
  const hours = config().rescheduleNoticeHours;
  const start = BookingLink.startOf(booking);
  const feeCents = lateCancelFeeCents(booking);
  const policy = lateCancelPolicy();
  return {
    booking: {
      _id: booking.id,
      serviceName: booking.serviceName,
      date: booking.date,
      time: booking.time,
      when: time.formatDateTimeInZone(booking.date, booking.time),
      duration: booking.durationMinutes,
      status: booking.status,
      vehicle: vehicleText({
        year: booking.vehicleYear,
        make: booking.vehicleMake,
        model: booking.vehicleModel,
        color: booking.vehicleColor,
      }),
      address: booking.serviceAddress ? oneLine(booking.serviceAddress) : null,
      accessNotes: booking.serviceAddress?.accessNotes ?? '',
      directionsUrl: booking.serviceAddress ? directionsUrl(booking.serviceAddress) : null,
      attendanceConfirmedAt: booking.attendanceConfirmedAt ?? null,
    },
    actions: {
      attend: open && allowed.attend && !booking.attendanceConfirmedAt,
      reschedule: open && allowed.reschedule,
      cancel: open && allowed.cancel,
    },
    notice: {
      hours,
      canReschedule: start - Date.now() >= hours * 3_600_000,
      phone: business.phone,
      phoneHref: business.phoneHref,
    },
    cancellation: {
      feeCents,
      msg: feeCents > 0 && policy ? lateFeeMessages.fee(feeCents, policy.hours) : lateFeeMessages.none,
    },
    reschedulePath: open && allowed.reschedule ? `/reschedule/${booking.id}?token=${token}` : null,
  };
}

/** `GET /api/booking-links/{token}`: what the landing page shows. Reads only. */
export const view = fn(z.string(), async (token): Promise<LinkView> => {
  const { booking, actions } = await linked(token, new Date());
  return viewOf(booking, actions, token);
});

/** The customer, as the audit trail names them when they act by the link. */
const customerBy = (b: Stored): StatusChangeBy => ({
  _id: b.userId ?? null,
  name: b.customer ? `${b.customer.firstName} ${b.customer.lastName}` : 'customer',
  role: 'customer',
});

/**
 * `POST /api/booking-links/{token}/attend`: records the customer's "I'll be
 * there" (`attendanceConfirmedAt`) on a Pending or Confirmed booking, using
 * the link's attend token in the same transaction (of many at once, one
 * counts; the others are 409 used).
 */
export const attend = fn(z.string(), async (token): Promise<LinkView> => {
  const now = new Date();
  const { booking } = await linked(token, now);
  if (!remindable(booking.status)) BookingLink.refuse('settled');
  const result = await LinkToken.use(
    BookingLink.flows.attend,
    token,
    (link) => [attendanceItem({ id: link.subjectId, date: booking.date, time: booking.time }, now)],
    { now },
  );
  if (!result.ok) BookingLink.refuse(result.reason);
  return view(token);
});

export const CancelByLinkInput = z.object({
  /** Agrees to the late-cancel fee the page showed (as Service History's cancel). */
  acceptLateFee: z.boolean().optional(),
});

/**
 * `POST /api/booking-links/{token}/cancel`: the same cancel as Service
 * History (the late-cancel fee must be accepted when it applies: 409 with
 * `lateCancelFee`), by the customer, with the link's cancel token used in
 * the cancel's own transaction.
 */
export const cancel = fn(z.tuple([z.string(), CancelByLinkInput]), async (token, input) => {
  const { booking } = await linked(token, new Date());
  if (!remindable(booking.status)) BookingLink.refuse('settled');
  await cancelAs(booking, customerBy(booking), {
    acceptLateFee: input.acceptLateFee,
    commit: async (items) => {
      const result = await LinkToken.use(BookingLink.flows.cancel, token, items);
      if (!result.ok) BookingLink.refuse(result.reason);
    },
  });
  const after = await entity.get({ id: booking.id }, { consistent: true });
  if (!after) BookingLink.refuse('invalid');
  return viewOf(after, { attend: false, reschedule: false, cancel: false }, token);
});
