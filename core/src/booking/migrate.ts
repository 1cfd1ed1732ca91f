import { failedConditions, transactWrite } from '../db/entity';
import { revisionOf, unchangedSince } from '../db/revision';
import { type MigrationStep, pagedStep } from '../db/migration';
import { jobOf } from './claim';
import { Crew } from '../crew/crew';
import { booked, bookedExpiry, entity, holdsBookedGuard, isOpen, type Stored } from './store';

/**
 * Booking's migration steps (decisions 050, 063 and 066), run by the one
 * runner (db/migration.ts). Items written before lack what those added:
 * open bookings their `openBookings` keys, their jobs a place on their
 * technician's day (availability and claims read the days), `BOOKED` guards
 * their TTL.
 * Each step pages through every booking (`byCollection`) and sets what is
 * missing, conditionally: a booking or guard changed meanwhile was written
 * whole by today's code, keys included.
 */

const everyBooking = (cursor: string | null, limit: number) => entity.query.byDate({}, { limit, cursor });

/** Sets `openPk` / `openSk` on an open booking, as every write of it computes them. */
async function indexOpen(b: Stored): Promise<boolean> {
  if (!isOpen(b.status)) return false;
  const updated = await entity.patch(
    { id: b.id },
    {
      index: { openBookings: entity.indexKey('openBookings', b) ?? null },
      when: (c) =>
        c.and(c.eq('status', b.status), c.eq('updatedAt', b.updatedAt), c.notInIndex('openBookings')),
      // An index backfill: a put read before it still writes the same booking.
      keepRev: true,
    },
  );
  return updated !== null;
}

/**
 * Puts an open booking's job on its technician's day (decision 066): a
 * booking claimed before the days held 15-minute crew guards, which nothing
 * reads now. One transaction: the day on condition of its version, and the
 * booking still the revision read; a day changed meanwhile is read again.
 */
async function addToDay(b: Stored): Promise<boolean> {
  const held = b.claim;
  if (!held || !isOpen(b.status)) return false;
  for (let attempt = 1; attempt <= 8; attempt += 1) {
    const day = await Crew.dayOf(b.date, held.technician);
    if (b.id in day.jobs) return false;
    try {
      await transactWrite([
        Crew.writeItem(b.date, day, { ...day.jobs, [b.id]: Crew.dayJob(jobOf(b)) }),
        entity.tx.check({ id: b.id }, unchangedSince(revisionOf(b))),
      ]);
      return true;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      // The booking changed: today's code wrote it (a cancel gave its time back, a claim wrote its day).
      if (failed.includes(1)) return false;
    }
  }
  throw new Error(`The day of booking ${b.id} kept changing; the next run tries again.`);
}

/** Gives the `BOOKED` guard a booking still holds the TTL today's bookings give it (a week after its date). */
async function expireGuard(b: Stored): Promise<boolean> {
  // A cancelled booking's guard was deleted; a custom booking holds none.
  if (b.status === 'Cancelled' || !holdsBookedGuard(b)) return false;
  const updated = await booked.patch(
    { key: b.bookedKey, date: b.date, time: b.time },
    {
      set: { expiresAt: bookedExpiry(b.date) },
      when: (c) => c.and(c.eq('bookingId', b.id), c.notExists('expiresAt')),
    },
  );
  return updated !== null;
}

export const bookingSteps: MigrationStep[] = [
  pagedStep('open-bookings-index', everyBooking, indexOpen),
  pagedStep('technician-days', everyBooking, addToDay),
  pagedStep('booked-guard-ttl', everyBooking, expireGuard),
];
