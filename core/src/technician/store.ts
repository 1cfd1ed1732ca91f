import * as z from 'zod';
import { cond, defineEntity, type TransactItem } from '../db/entity';
import * as time from '../time';

/**
 * The technicians as stored (decision 078). One item per technician, keyed by
 * their number (the key of their days and of bookings' claims), in the
 * `TECH` collection: a crew is small by construction, so the list is one
 * read. Numbers come from one counter item, raised on condition that it is
 * still the value read, in the transaction that writes the technician.
 */

/** At most this many technicians, deactivated ones included: the list is one read. */
export const MAX_TECHNICIANS = 100;

/** A technician named by number in a query (`?technician=`: an admin names whose day or calendar address). */
export const namedTechnician = z.coerce
  .number({ error: 'Technician must be a number.' })
  .int('Technician must be a whole number.')
  .positive('Technician must be a positive number.')
  .max(1000, 'Technician must be a number up to 1000.')
  .optional();

/** Days off kept per technician (past ones are dropped on every write). */
export const MAX_DAYS_OFF = 366;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const clockEnd = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);

export const Stored = z.object({
  number: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  /** The sign-in account's address (role technician); '' for a technician made by the migration. */
  email: z.string(),
  phone: z.string().optional(),
  /** The sign-in account, once invited. */
  userId: z.string().optional(),
  /** The weekdays they work (business zone). */
  workingDays: z.array(z.enum(time.weekdays)),
  /** Their working hours on those days, clock times of the business zone ('24:00': the next midnight). */
  dayStart: clock,
  dayEnd: clockEnd,
  /** Dates (yyyy-MM-dd) they do not work, today or later. */
  daysOff: z.array(z.string()),
  active: z.boolean(),
  rev: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'technician',
  version: 1,
  schema: Stored,
  key: ({ number }: { number: number }) => ({ pk: `TECH#${number}`, sk: 'TECH' }),
  patterns: {
    /** The crew, by number. */
    crew: { index: 'byCollection', pk: { prefix: 'TECH' }, sk: (t) => String(t.number).padStart(4, '0') },
  },
  smallCollection: {
    why: "a shop's crew: every technician it ever had, at most MAX_TECHNICIANS",
    atMost: MAX_TECHNICIANS,
  },
});

/** The last number given to a technician. */
const counter = defineEntity({
  name: 'technicianNumber',
  version: 1,
  schema: z.object({ last: z.number().int().nonnegative() }),
  key: () => ({ pk: 'TECHNUMBER', sk: 'TECHNUMBER' }),
});

/** The last number given (0: none yet), strongly consistent. */
export async function lastNumber(): Promise<number> {
  return (await counter.get({}, { consistent: true }))?.last ?? 0;
}

/**
 * Raises the counter from `read` to `next` (next > read), on condition that it
 * is still `read` (absent when 0 was read): two allocations cannot both take
 * the same number, the loser's whole transaction fails.
 */
export function raiseCounterItem(read: number, next: number): TransactItem {
  return counter.tx.put({ last: next }, { when: read === 0 ? cond.itemAbsent() : cond.eq('last', read) });
}

/** Every technician, by number (one read of a small collection). */
export async function readAll(): Promise<Stored[]> {
  const all = await entity.readSmallCollection(entity.where('crew', {}));
  return all.sort((a, b) => a.number - b.number);
}

/** The days off still to come (today or later), sorted, without repeats. */
export const futureDaysOff = (days: readonly string[], today = time.today()): string[] =>
  [...new Set(days)].filter((day) => day >= today).sort();
