import type * as z from 'zod';
import { assertAdmin } from '../actor';
import { batchGetItems } from '../db/entity';
import { AllFilters } from './input';
import { entity, type Info, type Stored, withServices } from './store';

// ---------------------------------------------------------------------------
// The admin's desk (issue 11; decision 027)

const lower = (value: string) => value.trim().toLocaleLowerCase('en-US');

/** Whether a booking passes the admin's search (pure; the date range is the query's key condition). */
export function matchesFilters(b: Stored, f: z.output<typeof AllFilters>): boolean {
  if (f.customerName) {
    const q = lower(f.customerName);
    const names = [
      b.clientFirstName,
      b.clientLastName,
      `${b.clientFirstName} ${b.clientLastName}`,
      ...(b.customer
        ? [b.customer.firstName, b.customer.lastName, `${b.customer.firstName} ${b.customer.lastName}`]
        : []),
    ];
    if (!names.some((name) => lower(name).includes(q))) return false;
  }
  if (f.startDate && b.date < f.startDate) return false;
  if (f.endDate && b.date > f.endDate) return false;
  if (f.make && lower(b.vehicleMake) !== lower(f.make)) return false;
  if (f.model && lower(b.vehicleModel) !== lower(f.model)) return false;
  if (f.year !== undefined && b.vehicleYear !== f.year) return false;
  if (f.service === 'custom' && !b.isCustomService) return false;
  if (f.service && f.service !== 'custom' && (b.isCustomService || b.serviceId !== f.service)) return false;
  return true;
}

export type ClientNames = { _id: string; clientFirstName: string; clientLastName: string };

/**
 * The client names of these bookings (admin), read by key with only the
 * names projected: what the Time Slot Manager shows on a booked slot.
 */
export async function clientNames(bookingIds: string[]): Promise<Map<string, ClientNames>> {
  assertAdmin();
  const raws = await batchGetItems(
    [...new Set(bookingIds)].map((bookingId) => entity.key({ id: bookingId })),
    'id, clientFirstName, clientLastName',
  );
  const names = new Map<string, ClientNames>();
  for (const raw of raws) {
    if (typeof raw.id !== 'string') continue;
    names.set(raw.id, {
      _id: raw.id,
      clientFirstName: typeof raw.clientFirstName === 'string' ? raw.clientFirstName : '',
      clientLastName: typeof raw.clientLastName === 'string' ? raw.clientLastName : '',
    });
  }
  return names;
}

/**
 * `GET /api/bookings/all` (admin): every booking of every status, newest
 * date first (then newest time), custom bookings not yet assigned included,
 * narrowed by the advanced search (doc 2 §2). The date range is the
 * query's key condition; the rest is filtered on the result.
 */
export async function listAll(raw: AllFilters = {}): Promise<Info[]> {
  assertAdmin();
  const f = AllFilters.parse(raw);
  const found = await entity.queryAll({
    index: 'byCollection',
    partition: 'BOOKING',
    sort: { between: [f.startDate ?? '0000', `${f.endDate ?? '9999'}~`] },
    descending: true,
    filter: (b) => matchesFilters(b, f),
  });
  return withServices(found);
}
