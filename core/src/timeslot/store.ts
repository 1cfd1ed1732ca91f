import * as z from 'zod';
import { defineEntity, inCollection, type Page, type TransactItem } from '../db/entity';
import { PARTITION_WRITES_PER_SECOND, writePacer } from '../db/pacing';
import { createId, idSchema } from '../util/id';

/**
 * Time slots' storage (doc 2 §3 TimeSlot): the slot item, its guard (one slot
 * per service, date and time), the mark of a service run by slots, and the
 * items a booking's transaction uses to take or free a slot.
 */

export const id = idSchema('timeSlot', 'time slot');

export const Stored = z.object({
  id: z.string(),
  serviceId: z.string(),
  date: z.string(),
  time: z.string(),
  isAvailable: z.boolean(),
  isBooked: z.boolean(),
  /** The booking holding it, while booked. */
  bookingId: z.string().optional(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'timeSlot',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `SLOT#${id}`, sk: 'SLOT' }),
  patterns: {
    /** Every slot, by date and time. */
    byDate: inCollection('SLOT', { composite: ['date', 'time', 'serviceId'] }),
    /** A service's slots, by date and time. */
    byService: {
      index: 'byOwner',
      pk: { prefix: 'SERVICE', composite: ['serviceId'] },
      sk: { prefix: 'SLOT', composite: ['date', 'time'] },
    },
  },
});

/**
 * Every slot written or deleted also writes under the same two index keys
 * (`SLOT` in byCollection, `SERVICE#id` in byOwner), so bulk creation and
 * deletion share one pace in this process: half of DynamoDB's per-key limit
 * after a burst of a quarter, so no second takes more than three quarters
 * and bookings keep their room (decision 052).
 */
export const SLOT_WRITES_PER_SECOND = PARTITION_WRITES_PER_SECOND / 2;
export const slotWrites = writePacer({
  perSecond: SLOT_WRITES_PER_SECOND,
  burst: SLOT_WRITES_PER_SECOND / 2,
});

/** One slot per service, date and time; holds the slot's id. */
export const guard = defineEntity({
  name: 'slotKey',
  version: 1,
  schema: z.object({ serviceId: z.string(), date: z.string(), time: z.string(), slotId: z.string() }),
  key: (k: { serviceId: string; date: string; time: string }) => ({
    pk: `SLOTKEY#${k.serviceId}#${k.date}#${k.time}`,
    sk: 'SLOTKEY',
  }),
});

export function record(
  serviceId: string,
  date: string,
  at: string,
  notes = '',
  now = new Date().toISOString(),
) {
  return {
    id: createId('timeSlot'),
    serviceId,
    date,
    time: at,
    isAvailable: true,
    isBooked: false,
    notes,
    createdAt: now,
    updatedAt: now,
  } satisfies Stored;
}

/**
 * The most slots one service can have on one date: the guard allows one per
 * service, date and clock time (HH:MM), so 24 × 60. What makes `onDate` a
 * read small by construction (decision 062).
 */
export const MAX_SLOTS_PER_DAY = 24 * 60;

/**
 * A service's slots on one date, in time order: one key range of the
 * service's byOwner partition (`SLOT#date#`), at most MAX_SLOTS_PER_DAY
 * items by the guard's key, so it is read in one budgeted page.
 */
export async function onDate(serviceId: string, date: string): Promise<Stored[]> {
  const { items, cursor } = await entity.query.byService(
    { serviceId },
    {
      range: { beginsWith: { date } },
      limit: MAX_SLOTS_PER_DAY,
      budget: MAX_SLOTS_PER_DAY + 1,
    },
  );
  if (cursor) throw new Error(`More than ${MAX_SLOTS_PER_DAY} slots of ${serviceId} on ${date}.`);
  return items;
}

/** The byOwner range of a service's slots from `start` to `end` (dates, inclusive). */
const rangeOf = (serviceId: string, start: string, end: string) =>
  entity.where('byService', { serviceId }, { between: [{ date: start }, { date: end }] });

/** One page of a service's slots from `start` to `end` (dates, inclusive), in date and time order. */
export function pageBetween(
  serviceId: string,
  start: string,
  end: string,
  page: { limit: number; cursor?: string | null },
): Promise<Page<Stored>> {
  return entity.query({ ...rangeOf(serviceId, start, end), ...page });
}

/** A service's last slot from `start` to `end` (dates, inclusive): one item read. */
export async function latestBetween(
  serviceId: string,
  start: string,
  end: string,
): Promise<Stored | undefined> {
  const { items } = await entity.query({ ...rangeOf(serviceId, start, end), descending: true, limit: 1 });
  return items[0];
}

/**
 * Marks a service as run by time slots, once it is given its first ones. It
 * stays so when every slot is later deleted: a service the admin emptied is
 * closed, never handed back to its regular times (decision 032).
 */
const slotSystem = defineEntity({
  name: 'slotSystem',
  version: 1,
  schema: z.object({ serviceId: z.string(), since: z.string() }),
  key: ({ serviceId }: { serviceId: string }) => ({ pk: `SLOTSYSTEM#${serviceId}`, sk: 'SLOTSYSTEM' }),
});

export async function markSlotSystem(serviceId: string): Promise<void> {
  if (!(await slotSystem.exists({ serviceId }))) {
    await slotSystem.put({ serviceId, since: new Date().toISOString() });
  }
}

/**
 * Whether the service uses the time-slot system: it was ever given slots
 * (the mark), or it has any slot, past or future (services whose slots
 * were made before the mark existed).
 */
export async function serviceHasSlots(serviceId: string): Promise<boolean> {
  const [marked, { items }] = await Promise.all([
    slotSystem.exists({ serviceId }),
    entity.query.byService({ serviceId }, { range: { beginsWith: {} }, limit: 1 }),
  ]);
  return marked || items.length > 0;
}

/** Marks a slot booked by `bookingId`, in the booking's transaction; fails unless it is available and free. */
export function bookItem(slotId: string, bookingId: string, now: string): TransactItem {
  return entity.tx.patch(
    { id: slotId },
    {
      set: { isBooked: true, bookingId, updatedAt: now },
      when: (c) => c.and(c.itemExists(), c.eq('isAvailable', true), c.eq('isBooked', false)),
    },
  );
}

/** Frees a slot that `bookingId` holds, in the cancelling transaction. */
export function freeItem(slotId: string, bookingId: string, now: string): TransactItem {
  return entity.tx.patch(
    { id: slotId },
    {
      set: { isBooked: false, updatedAt: now },
      remove: ['bookingId'],
      when: (c) => c.eq('bookingId', bookingId),
    },
  );
}
