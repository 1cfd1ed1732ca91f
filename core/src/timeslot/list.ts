import type * as z from 'zod';
import { assertAdmin } from '../actor';
import { Service } from '../service/index';
import * as time from '../time';
import { fn } from '../util/fn';
import { LIST_LIMIT, ListFilter } from './input';
import { entity, type Stored } from './store';

/** A slot as the admin's list shows it (doc 2 §3 TimeSlot). */
export type Listed = {
  _id: string;
  serviceId: string;
  /** Null once the service was deleted. */
  service: { _id: string; name: string } | null;
  date: string;
  time: string;
  isAvailable: boolean;
  isBooked: boolean;
  /** The booking that holds it (the API adds its client names: Booking.clientNames). */
  bookingId: string | null;
  notes: string;
};

export type Created = { created: Listed[]; createdCount: number; skipped: number };

export async function listed(slots: Stored[]): Promise<Listed[]> {
  const services = slots.length ? await Service.list() : [];
  const byId = new Map(services.map((service) => [service._id, service]));
  return slots.map((slot) => {
    const service = byId.get(slot.serviceId);
    return {
      _id: slot.id,
      serviceId: slot.serviceId,
      service: service ? { _id: service._id, name: service.name } : null,
      date: slot.date,
      time: slot.time,
      isAvailable: slot.isAvailable,
      isBooked: slot.isBooked,
      bookingId: slot.isBooked && slot.bookingId ? slot.bookingId : null,
      notes: slot.notes,
    };
  });
}

/**
 * The admin's list (doc 2 §7): from `startDate` (today when absent) to
 * `endDate`, in date and time order, at most LIST_LIMIT a page; `cursor`
 * is given when there are more.
 */
export const list = fn(ListFilter, listNow);
async function listNow(
  filter: z.output<typeof ListFilter>,
): Promise<{ timeSlots: Listed[]; cursor: string | null }> {
  assertAdmin();
  const start = filter.startDate ?? time.today();
  const end = filter.endDate ?? '9999-12-31';
  if (end < start) return { timeSlots: [], cursor: null };
  const keep = (slot: Stored) =>
    (filter.isAvailable === undefined || slot.isAvailable === filter.isAvailable) &&
    (filter.isBooked === undefined || slot.isBooked === filter.isBooked);
  const options = { limit: LIST_LIMIT, cursor: filter.cursor, filter: keep };
  const dates = { between: [{ date: start }, { date: end }] } as const;
  const page = filter.serviceId
    ? await entity.query.byService({ serviceId: filter.serviceId }, { ...options, range: dates })
    : await entity.query.byDate({}, { ...options, range: dates });
  return { timeSlots: await listed(page.items), cursor: page.cursor };
}
