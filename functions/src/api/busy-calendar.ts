import { BusyCalendar } from '@app/core/crew/busy-calendar';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { requireStaff } from './auth';
import { invalidInput } from './validation';

/**
 * A technician's own calendar address (issue 36, decision 119):
 * `/api/tech/busy-calendar`, a technician's own, or the one an admin names
 * (`?technician=`), as `/api/tech/day` does. GET reads it, PUT `{ address }`
 * sets it, DELETE removes it; each answers
 * `{ calendar: { address, masked, readAt, failedAt, error } | null }`, never
 * cached (the address is a secret). Core checks whose it is (BusyCalendar).
 */
export type BusyCalendarReply = { calendar: BusyCalendar.View | null };

const whose = zValidator('query', BusyCalendar.WhoseInput, invalidInput);
const address = zValidator('json', BusyCalendar.AddressInput, invalidInput);

const reply = (c: Context, calendar: BusyCalendar.View | null) => {
  c.header('Cache-Control', 'no-store');
  return c.json<BusyCalendarReply>({ calendar });
};

export const busyCalendar = new Hono()
  .get('/busy-calendar', requireStaff, whose, async (c) =>
    reply(c, await BusyCalendar.get(c.req.valid('query'))),
  )
  .put('/busy-calendar', requireStaff, whose, address, async (c) =>
    reply(c, await BusyCalendar.set(c.req.valid('query'), c.req.valid('json'))),
  )
  .delete('/busy-calendar', requireStaff, whose, async (c) =>
    reply(c, await BusyCalendar.set(c.req.valid('query'), null)),
  );
