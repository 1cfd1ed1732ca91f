import { Booking } from '@app/core/booking/index';
import { Reschedule } from '@app/core/reschedule/index';
import { BookingLinkPage } from '@app/core/booking-link/page';
import { zValidator } from '@hono/zod-validator';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { type BookingReply, bookingReply } from './booking-reply';
import { invalidInput } from './validation';

/**
 * Rescheduling (issue 21, decision 075), mounted beside /api/bookings:
 * what the reschedule page shows, the times a booking can move to, and the
 * move itself, signed in (under /api/bookings/{id}) or by a reminder's link
 * (under /api/booking-links/{token}, beside the link's own routes).
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

type Move = z.input<typeof Reschedule.RescheduleInput>;
type TimesQuery = z.input<typeof Reschedule.RescheduleTimesQuery>;

/**
 * The three rescheduling routes, written once (review §3 D24/D25) for a
 * booking named by `key` (its id signed in, a reminder link's token without):
 * the page, the times of the booking's service at its address on `date` (its
 * own job left out of the route check), and the move (one transaction: the
 * new time claimed and the old one given back; 409 `{ msg }` keeps the old
 * booking). Mounted under the key's own path (./index.ts).
 */
function reschedulingRoutes<K extends string, Reply>(
  key: K,
  keySchema: z.ZodType<string, string>,
  guard: MiddlewareHandler,
  verbs: {
    page: (key: string) => Promise<Reschedule.ForReschedule>;
    times: (key: string, query: TimesQuery) => Promise<Booking.Availability>;
    move: (key: string, input: Move) => Promise<Booking.Info>;
    reply: (booking: Booking.Info) => Reply;
  },
) {
  const byKey = zValidator(
    'param',
    z.object({ [key]: keySchema } as Record<K, typeof keySchema>),
    invalidInput,
  );
  const keyOf = (param: object) => (param as Record<string, string>)[key] ?? '';
  return new Hono()
    .get('/reschedule', guard, byKey, async (c) =>
      c.json(rescheduleReply(await verbs.page(keyOf(c.req.valid('param'))))),
    )
    .get(
      '/reschedule/times',
      guard,
      byKey,
      zValidator('query', Reschedule.RescheduleTimesQuery, invalidInput),
      async (c) => c.json(await verbs.times(keyOf(c.req.valid('param')), c.req.valid('query'))),
    )
    .post(
      '/reschedule',
      guard,
      byKey,
      zValidator('json', Reschedule.RescheduleInput, invalidInput),
      async (c) => {
        const booking = await verbs.move(keyOf(c.req.valid('param')), c.req.valid('json'));
        return c.json({ msg: Reschedule.rescheduleMessages.moved, booking: verbs.reply(booking) });
      },
    );
}

/** Signed in, under /api/bookings/{id}: the owner or the admin (core checks: another's booking is 404). */
export const rescheduling = reschedulingRoutes('id', Booking.id, requireUser, {
  page: Reschedule.forReschedule,
  times: Reschedule.rescheduleTimes,
  move: Reschedule.reschedule,
  reply: bookingReply,
});

const anyone: MiddlewareHandler = async (_c, next) => next();

/**
 * By a reminder's link, under /api/booking-links/{token}: no sign-in; the
 * token reaches only its booking and moves it once.
 */
export const reschedulingByLink = reschedulingRoutes(
  'token',
  z.string().max(200, 'This link is not valid.'),
  anyone,
  {
    page: BookingLinkPage.forRescheduleByLink,
    times: BookingLinkPage.rescheduleTimesByLink,
    move: BookingLinkPage.rescheduleByLink,
    reply: slim,
  },
);
