import * as z from 'zod';
import { assertAdmin } from '../actor';
import { defineEntity, type TransactItem } from '../db/entity';
import type { Service } from '../service/index';
import * as time from '../time';
import { createId, idSchema } from '../util/id';

/**
 * Time slots (doc 2 §3 TimeSlot): one bookable time of one service on one
 * date, in the business zone. Each slot has a guard item keyed by service,
 * date and time, so a service never has the same date and time twice (the
 * admin's slot manager writes both in one transaction; the local seed
 * bulk-loads them). Booking marks a slot booked in the booking's own
 * transaction (core/src/booking), and cancelling frees it there too: this
 * module gives those transactions their items.
 */
export namespace TimeSlot {
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

  const entity = defineEntity({
    name: 'timeSlot',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `SLOT#${id}`, sk: 'SLOT' }),
    indexes: {
      byCollection: (slot) => ({ pk: 'SLOT', sk: `${slot.date}#${slot.time}#${slot.serviceId}` }),
      byOwner: (slot) => ({ pk: `SERVICE#${slot.serviceId}`, sk: `SLOT#${slot.date}#${slot.time}` }),
    },
  });

  /** One slot per service, date and time; holds the slot's id. */
  const guard = defineEntity({
    name: 'slotKey',
    version: 1,
    schema: z.object({ serviceId: z.string(), date: z.string(), time: z.string(), slotId: z.string() }),
    key: (k: { serviceId: string; date: string; time: string }) => ({
      pk: `SLOTKEY#${k.serviceId}#${k.date}#${k.time}`,
      sk: 'SLOTKEY',
    }),
  });

  function record(serviceId: string, date: string, at: string, notes = '', now = new Date().toISOString()) {
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

  /** A service's slots on one date, in time order. */
  export async function onDate(serviceId: string, date: string): Promise<Stored[]> {
    return entity.queryAll({
      index: 'byOwner',
      partition: `SERVICE#${serviceId}`,
      sort: { beginsWith: `SLOT#${date}#` },
    });
  }

  /** A service's slots from `start` to `end` (dates, inclusive), in date and time order. */
  export async function between(serviceId: string, start: string, end: string): Promise<Stored[]> {
    return entity.queryAll({
      index: 'byOwner',
      partition: `SERVICE#${serviceId}`,
      sort: { between: [`SLOT#${start}`, `SLOT#${end}~`] },
    });
  }

  /** Whether the service uses the time-slot system at all (any slot, past or future). */
  export async function serviceHasSlots(serviceId: string): Promise<boolean> {
    const { items } = await entity.query({
      index: 'byOwner',
      partition: `SERVICE#${serviceId}`,
      sort: { beginsWith: 'SLOT#' },
      limit: 1,
    });
    return items.length > 0;
  }

  /**
   * Gives a service slots for every date from `from` for `days` days from its
   * availableDays (every day when empty) × availableTimes, continuing after
   * the last slot it already has, so a later run tops up without duplicating
   * and without bringing back a slot an admin deleted. For the local seed and
   * its daily top-up, which run alone: the slots and their guards are
   * bulk-written without conditions (a transaction per slot made the first
   * start 20 s slower). Admin or system. Returns how many it created.
   */
  export async function ensureWindow(service: Service.Info, from = time.today(), days = 30): Promise<number> {
    assertAdmin();
    if (service.availableTimes.length === 0) return 0;
    const last = time.addDays(from, days - 1);
    const existing = await between(service._id, from, last);
    const latest = existing.at(-1)?.date;
    const start = latest && latest >= from ? time.addDays(latest, 1) : from;
    const slots: Stored[] = [];
    const now = new Date().toISOString();
    for (let date = start; date <= last; date = time.addDays(date, 1)) {
      const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
      if (!open) continue;
      for (const at of [...new Set(service.availableTimes)].sort()) {
        slots.push(record(service._id, date, at, '', now));
      }
    }
    await guard.putMany(
      slots.map((s) => ({ serviceId: s.serviceId, date: s.date, time: s.time, slotId: s.id })),
    );
    await entity.putMany(slots);
    return slots.length;
  }

  /** Marks a slot booked by `bookingId`, in the booking's transaction; fails unless it is available and free. */
  export function bookItem(slotId: string, bookingId: string, now: string): TransactItem {
    return entity.tx.update(
      { id: slotId },
      {
        UpdateExpression: 'SET isBooked = :true, bookingId = :booking, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND isAvailable = :true AND isBooked = :false',
        ExpressionAttributeValues: { ':true': true, ':false': false, ':booking': bookingId, ':now': now },
      },
    );
  }

  /** Frees a slot that `bookingId` holds, in the cancelling transaction. */
  export function freeItem(slotId: string, bookingId: string, now: string): TransactItem {
    return entity.tx.update(
      { id: slotId },
      {
        UpdateExpression: 'SET isBooked = :false, updatedAt = :now REMOVE bookingId',
        ConditionExpression: 'bookingId = :booking',
        ExpressionAttributeValues: { ':false': false, ':booking': bookingId, ':now': now },
      },
    );
  }

  export type SystemStats = {
    totalSlots: number;
    availableSlots: number;
    bookedSlots: number;
    servicesWithSlots: number;
  };

  /**
   * The admin's overview (doc 1 §2): slots from today on (past ones are
   * history, not capacity). Available means open and not booked.
   */
  export async function systemStats(): Promise<SystemStats> {
    assertAdmin();
    const slots = await entity.queryAll({
      index: 'byCollection',
      partition: 'SLOT',
      sort: { between: [time.today(), '9999'] },
    });
    const services = new Set(slots.map((slot) => slot.serviceId));
    return {
      totalSlots: slots.length,
      availableSlots: slots.filter((slot) => slot.isAvailable && !slot.isBooked).length,
      bookedSlots: slots.filter((slot) => slot.isBooked).length,
      servicesWithSlots: services.size,
    };
  }
}
