import { BusyCalendar } from '@app/core/crew/busy-calendar';
import { Technician } from '@app/core/technician/index';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { requireStaff } from './auth';
import { invalidInput } from './validation';

/**
 * A technician's own calendar address (issue 36, decision 119): the admin's
 * `/api/admin/technicians/{number}/busy-calendar` (behind the /api/admin/
 * guard) and the technician's own `/api/tech/busy-calendar`. GET reads it,
 * PUT `{ address }` sets it, DELETE removes it; each answers
 * `{ calendar: { address, masked, readAt, failedAt, error } | null }`, never
 * cached (the address is a secret). Core checks who may (BusyCalendar, assertWorks).
 */
export type BusyCalendarReply = { calendar: BusyCalendar.View | null };

const address = zValidator('json', BusyCalendar.AddressInput, invalidInput);
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

const reply = (c: Context, calendar: BusyCalendar.View | null) => {
  c.header('Cache-Control', 'no-store');
  return c.json<BusyCalendarReply>({ calendar });
};

/** The admin's: any technician's address. */
export const busyCalendars = new Hono()
  .get('/technicians/:number/busy-calendar', byNumber, async (c) =>
    reply(c, await BusyCalendar.get(c.req.valid('param').number)),
  )
  .put('/technicians/:number/busy-calendar', byNumber, address, async (c) =>
    reply(c, await BusyCalendar.set(c.req.valid('param').number, c.req.valid('json'))),
  )
  .delete('/technicians/:number/busy-calendar', byNumber, async (c) =>
    reply(c, await BusyCalendar.set(c.req.valid('param').number, null)),
  );

/** The signed-in technician's own address. */
export const myBusyCalendar = new Hono()
  .get('/busy-calendar', requireStaff, async (c) =>
    reply(c, await BusyCalendar.get((await Technician.me()).number)),
  )
  .put('/busy-calendar', requireStaff, address, async (c) =>
    reply(c, await BusyCalendar.set((await Technician.me()).number, c.req.valid('json'))),
  )
  .delete('/busy-calendar', requireStaff, async (c) =>
    reply(c, await BusyCalendar.set((await Technician.me()).number, null)),
  );
