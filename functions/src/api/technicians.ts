import { Booking } from '@app/core/booking/index';
import { Dispatch } from '@app/core/dispatch/index';
import { Technician } from '@app/core/technician/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { adminBookingReply } from './bookings';
import { upcomingReply } from './replies';
import { invalidInput, pageQuery, pageReply } from './validation';

export type { UpcomingJobReply } from './replies';

/** A technician as the admin's panel reads them (issue 22, decision 078). */
export type TechnicianReply = {
  number: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  workingDays: string[];
  dayStart: string;
  dayEnd: string;
  daysOff: string[];
  active: boolean;
  /** Whether they have a sign-in account (invited; the password may not be set yet). */
  hasAccount: boolean;
  createdAt: string;
  updatedAt: string;
};

export const technicianReply = (t: Technician.Info): TechnicianReply => ({
  number: t.number,
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  phone: t.phone ?? '',
  workingDays: t.workingDays,
  dayStart: t.dayStart,
  dayEnd: t.dayEnd,
  daysOff: t.daysOff,
  active: t.active,
  hasAccount: t.userId !== undefined,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

const byNumber = zValidator(
  'param',
  z.object({
    number: z.coerce
      .number({ error: Technician.messages.notFound })
      .int(Technician.messages.notFound)
      .positive(Technician.messages.notFound)
      .max(9999, Technician.messages.notFound),
  }),
  invalidInput,
);
const byBooking = zValidator('param', z.object({ id: Booking.id }), invalidInput);

/**
 * /api/admin/technicians… and the reassignment (issue 22): behind the
 * /api/admin/ guard (./index.ts); core checks the role again.
 */
export const technicians = new Hono()
  // The reassignment: 200 with the booking, or 409 { msg } saying why it does not fit (nothing changed).
  .put(
    '/bookings/:id/technician',
    byBooking,
    zValidator('json', Dispatch.ReassignInput, invalidInput),
    async (c) =>
      c.json(adminBookingReply(await Dispatch.reassign(c.req.valid('param').id, c.req.valid('json')))),
  )
  // The crew, deactivated ones included, by number: a bare array (a small collection, one read).
  .get('/technicians', async (c) => c.json((await Technician.list()).map(technicianReply)))
  .post('/technicians', zValidator('json', Technician.InviteInput, invalidInput), async (c) =>
    c.json(technicianReply(await Technician.invite(c.req.valid('json'))), 201),
  )
  .patch(
    '/technicians/:number',
    byNumber,
    zValidator('json', Technician.EditInput, invalidInput),
    async (c) =>
      c.json(technicianReply(await Technician.update(c.req.valid('param').number, c.req.valid('json')))),
  )
  // Deactivating answers the technician and the first page of their jobs still to come (to give to others).
  .post('/technicians/:number/deactivate', byNumber, async (c) => {
    const { number } = c.req.valid('param');
    const technician = await Technician.setActive(number, false);
    const jobs = await Dispatch.upcomingOf(number, { limit: 50 });
    return c.json({
      technician: technicianReply(technician),
      jobsToReassign: jobs.items.map(upcomingReply),
      cursor: jobs.cursor,
    });
  })
  .post('/technicians/:number/activate', byNumber, async (c) =>
    c.json(technicianReply(await Technician.setActive(c.req.valid('param').number, true))),
  )
  // A technician's open jobs from today on, date order: a bare array, X-Next-Cursor for more (decision 049).
  .get('/technicians/:number/jobs', byNumber, zValidator('query', pageQuery, invalidInput), async (c) => {
    return pageReply(
      c,
      await Dispatch.upcomingOf(c.req.valid('param').number, c.req.valid('query')),
      upcomingReply,
    );
  });
