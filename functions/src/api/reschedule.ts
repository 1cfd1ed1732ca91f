import { Booking } from '@app/core/booking/index';
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
 * 404). The reminder link's variant is under /api/booking-links/{token}.
 */

/** What the reschedule page reads: the booking and whether (and until when) it can still move online. */
export type RescheduleReply = { booking: BookingReply; window: Booking.RescheduleWindow };

export const rescheduleReply = (r: Booking.ForReschedule): RescheduleReply => ({
  booking: bookingReply(r.booking),
  window: r.window,
});

const byId = zValidator('param', z.object({ id: Booking.id }), invalidInput);

export const rescheduling = new Hono()
  .get('/:id/reschedule', requireUser, byId, async (c) =>
    c.json(rescheduleReply(await Booking.forReschedule(c.req.valid('param').id))),
  )
  // The times of the booking's service at its address on `date` (its own job left out of the route check).
  .get(
    '/:id/reschedule/times',
    requireUser,
    byId,
    zValidator('query', Booking.RescheduleTimesQuery, invalidInput),
    async (c) => {
      const availability: Booking.Availability = await Booking.rescheduleTimes(
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
    zValidator('json', Booking.RescheduleInput, invalidInput),
    async (c) => {
      const booking = await Booking.reschedule(c.req.valid('param').id, c.req.valid('json'));
      return c.json({ msg: Booking.rescheduleMessages.moved, booking: bookingReply(booking) });
    },
  );
