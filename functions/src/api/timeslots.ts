import { Booking } from '@app/core/booking/index';
import { TimeSlot } from '@app/core/timeslot/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin } from './auth';
import { invalidInput } from './validation';

/**
 * /api/timeslots (doc 1 §7; doc 2 writes /api/timeSlots: paths match
 * without regard to case, ./paths.ts). Admin only; every rule is core's
 * (core/src/timeslot, decision 032). `/bulk` is declared before `/:id`, so
 * `DELETE /api/timeSlots/bulk` reaches the bulk delete.
 */
const byId = zValidator('param', z.object({ id: z.string() }), invalidInput);

/** A slot as the spec's clients read it (doc 2 §3): the booking that holds it with its client names. */
export type SlotReply = Omit<TimeSlot.Listed, 'bookingId'> & { booking: Booking.ClientNames | null };

async function slotReplies(slots: TimeSlot.Listed[]): Promise<SlotReply[]> {
  const held = slots.flatMap((slot) => (slot.bookingId ? [slot.bookingId] : []));
  const names = held.length ? await Booking.clientNames(held) : new Map<string, Booking.ClientNames>();
  return slots.map(({ bookingId, ...slot }) => ({
    ...slot,
    booking: bookingId ? (names.get(bookingId) ?? null) : null,
  }));
}

const created = async (result: TimeSlot.Created) => ({
  msg:
    result.createdCount === 1 && result.skipped === 0
      ? 'Time slot created.'
      : `${result.createdCount} time slot${result.createdCount === 1 ? '' : 's'} created` +
        (result.skipped ? `, ${result.skipped} skipped (already there or already past).` : '.'),
  created: result.createdCount,
  skipped: result.skipped,
  timeSlots: await slotReplies(result.created),
});

export const timeslots = new Hono()
  .get('/system-stats', requireAdmin, async (c) => c.json(await TimeSlot.systemStats()))
  .get('/statistics', requireAdmin, async (c) => c.json(await TimeSlot.statistics()))
  .get(
    '/stats',
    requireAdmin,
    zValidator('query', z.object({ serviceId: z.string({ error: 'Service is required.' }) }), invalidInput),
    async (c) => c.json(await TimeSlot.serviceStats(c.req.valid('query').serviceId)),
  )
  .get('/', requireAdmin, zValidator('query', TimeSlot.ListFilter, invalidInput), async (c) => {
    const { timeSlots, cursor } = await TimeSlot.list(c.req.valid('query'));
    return c.json({ timeSlots: await slotReplies(timeSlots), cursor });
  })
  .post('/', requireAdmin, zValidator('json', TimeSlot.CreateInput, invalidInput), async (c) =>
    c.json(await created(await TimeSlot.create(c.req.valid('json'))), 201),
  )
  .post('/bulk', requireAdmin, zValidator('json', TimeSlot.BulkInput, invalidInput), async (c) =>
    c.json(await created(await TimeSlot.createBulk(c.req.valid('json'))), 201),
  )
  .post(
    '/bulk-create',
    requireAdmin,
    zValidator('json', TimeSlot.ServiceSlotsInput, invalidInput),
    async (c) => c.json(await created(await TimeSlot.createForService(c.req.valid('json'))), 201),
  )
  .delete('/bulk', requireAdmin, zValidator('json', TimeSlot.DeleteManyInput, invalidInput), async (c) =>
    c.json(await TimeSlot.removeMany(c.req.valid('json'))),
  )
  .put(
    '/:id',
    requireAdmin,
    byId,
    zValidator(
      'json',
      z.object({ isAvailable: z.boolean({ error: 'isAvailable must be true or false.' }) }),
      invalidInput,
    ),
    async (c) =>
      c.json(
        (
          await slotReplies([
            await TimeSlot.setAvailable(c.req.valid('param').id, c.req.valid('json').isAvailable),
          ])
        )[0],
      ),
  )
  .delete('/:id', requireAdmin, byId, async (c) => c.json(await TimeSlot.remove(c.req.valid('param').id)));
