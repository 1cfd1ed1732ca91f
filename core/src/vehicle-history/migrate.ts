import { type MigrationStep, pagedStep } from '../db/migration';
import { writePacer } from '../db/pacing';
import { entity as bookingEntity, type Stored as Booking } from '../booking/store';
import { Garage } from '../garage/index';
import { entity as workOrderEntity, type Stored as WorkOrder } from '../workorder/store';

/**
 * The garage's migration steps (issue 34, decisions 117 and 121), run by the one runner
 * (db/migration.ts) from the list at the composition root. Bookings and work orders written before
 * the garage name no vehicle: each customer's booking is matched to their garage vehicle of the same
 * make, model and year (case aside), one created when none is (within the garage's limit; over it
 * the booking stays without), and gets `vehicleId` with its `byVehicle` history entry. Then each
 * work order of such a booking gets the booking's vehicle. Every write is conditional on the record
 * still naming no vehicle, so a page done twice, or two runs at once, change nothing the second
 * time; the runner pages with a cursor and stops at the cron's deadline (bounded per run), and the
 * writes are paced (a customer's bookings share their garage's partition).
 */

/** Writes a second, well below a partition's limit: the migration never crowds out the live traffic. */
const pacer = writePacer({ perSecond: 50, burst: 10 });

async function matchBooking(b: Booking): Promise<boolean> {
  if (b.vehicleId || !b.userId) return false;
  await pacer.take(3);
  const typed = { year: b.vehicleYear, make: b.vehicleMake, model: b.vehicleModel, color: b.vehicleColor };
  const { vehicleId } = await Garage.attach(b.userId, typed);
  if (!vehicleId) return false;
  const next = { ...b, vehicleId };
  const updated = await bookingEntity.patch(
    { id: b.id },
    {
      set: { vehicleId },
      index: { byVehicle: bookingEntity.indexKey('byVehicle', next) ?? null },
      when: (c) => c.and(c.itemExists(), c.notExists('vehicleId')),
      // A backfill: an edit read before it still writes the same booking.
      keepRev: true,
    },
  );
  return updated !== null;
}

async function matchWorkOrder(wo: WorkOrder): Promise<boolean> {
  if (wo.vehicleId || !wo.relatedBooking) return false;
  const booking = await bookingEntity.get({ id: wo.relatedBooking });
  if (!booking?.vehicleId) return false;
  await pacer.take(2);
  const next = { ...wo, vehicleId: booking.vehicleId };
  const updated = await workOrderEntity.patch(
    { id: wo.id },
    {
      set: { vehicleId: booking.vehicleId },
      index: { byVehicle: workOrderEntity.indexKey('byVehicle', next) ?? null },
      when: (c) => c.and(c.itemExists(), c.notExists('vehicleId')),
      keepRev: true,
    },
  );
  return updated !== null;
}

export const garageSteps: readonly MigrationStep[] = [
  pagedStep(
    'garage-bookings',
    (cursor, limit) => bookingEntity.query.byDate({}, { limit, cursor }),
    matchBooking,
  ),
  pagedStep(
    'garage-work-orders',
    (cursor, limit) => workOrderEntity.query.byCreation({}, { limit, cursor }),
    matchWorkOrder,
  ),
];
