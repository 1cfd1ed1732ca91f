import { Booking } from '@app/core/booking/index';
import { Reschedule } from '@app/core/reschedule/index';
import { BookingLinkPage } from '@app/core/booking-link/page';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { type BookingReply, bookingReply } from './bookings';
import { invalidInput } from './validation';

/**
 * Rescheduling (issue 21, decision 075), mounted beside /api/bookings:
 * what the reschedule page shows, the times a booking can move to, and the
 * move itself. The owner or the admin (core checks: another's booking is
 * 404). The reminder link's variant is under /api/booking-links/{token}
 * (mounted beside the link's own routes, functions/src/api/booking-links.ts).
 */

/** A booking as the reschedule page shows it: what it is, when and where (a link holder sees only this). */
export type RescheduleBookingReply = Pick<
  BookingReply,
  | '_id'
  | 'status'
  | 'serviceName'
  | 'date'
  | 'time'
  | 'duration'
  | 'serviceAddress'
  | 'vehicleYear'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'vehicleColor'
>;

const slim = (b: Booking.Info): RescheduleBookingReply => {
  const full = bookingReply(b);
  return {
    _id: full._id,
    status: full.status,
    serviceName: full.serviceName,
    date: full.date,
    time: full.time,
    duration: full.duration,
    serviceAddress: full.serviceAddress,
    vehicleYear: full.vehicleYear,
    vehicleMake: full.vehicleMake,
    vehicleModel: full.vehicleModel,
    vehicleColor: full.vehicleColor,
  };
};

/** What the reschedule page reads: the booking and whether (and until when) it can still move online. */
export type RescheduleReply = {
  booking: RescheduleBookingReply;
  window: Reschedule.RescheduleWindow;
  /** The weekdays the service is open (the calendar's; empty: every day). */
  availableDays: Reschedule.ForReschedule['availableDays'];
};

const rescheduleReply = (r: Reschedule.ForReschedule): RescheduleReply => ({
  booking: slim(r.booking),
  window: r.window,
  availableDays: r.availableDays,
});

const byId = zValidator('param', z.object({ id: Booking.id }), invalidInput);

export const rescheduling = new Hono()
  .get('/:id/reschedule', requireUser, byId, async (c) =>
    c.json(rescheduleReply(await Reschedule.forReschedule(c.req.valid('param').id))),
  )
  // The times of the booking's service at its address on `date` (its own job left out of the route check).
  .get(
    '/:id/reschedule/times',
    requireUser,
    byId,
    zValidator('query', Reschedule.RescheduleTimesQuery, invalidInput),
    async (c) => {
      const availability: Booking.Availability = await Reschedule.rescheduleTimes(
        c.req.valid('param').id,
        c.req.valid('query'),
      );
      return c.json(availability);
    },
  )
  // One transaction: the new time claimed and the old one given back; 409 `{ msg }` keeps the old booking.
  .post(
    '/:id/reschedule',
    requireUser,
    byId,
    zValidator('json', Reschedule.RescheduleInput, invalidInput),
    async (c) => {
      const booking = await Reschedule.reschedule(c.req.valid('param').id, c.req.valid('json'));
      return c.json({ msg: Reschedule.rescheduleMessages.moved, booking: bookingReply(booking) });
    },
  );

const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, 'This link is not valid.') }),
  invalidInput,
);

/**
 * The same, by a reminder's link (`/api/booking-links/{token}/reschedule`):
 * no sign-in; the token reaches only its booking and moves it once.
 */
export const reschedulingByLink = new Hono()
  .get('/:token/reschedule', byToken, async (c) =>
    c.json(rescheduleReply(await BookingLinkPage.forRescheduleByLink(c.req.valid('param').token))),
  )
  .get(
    '/:token/reschedule/times',
    byToken,
    zValidator('query', Reschedule.RescheduleTimesQuery, invalidInput),
    async (c) => {
      const availability: Booking.Availability = await BookingLinkPage.rescheduleTimesByLink(
        c.req.valid('param').token,
        c.req.valid('query'),
      );
      return c.json(availability);
    },
  )
  .post(
    '/:token/reschedule',
    byToken,
    zValidator('json', Reschedule.RescheduleInput, invalidInput),
    async (c) => {
      const booking = await BookingLinkPage.rescheduleByLink(c.req.valid('param').token, c.req.valid('json'));
      return c.json({ msg: Reschedule.rescheduleMessages.moved, booking: slim(booking) });
    },
  );
