import { failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { additionItems, findOf, garageMessages, newRecord } from './garage';
import type { GarageVehicle } from './model';
import { vehicle } from './store';

/**
 * The vehicle a signed-in customer's booking is for (issue 34, decision 121):
 * the garage vehicle it names (`vehicleId`: its fields are the booking's
 * snapshot), or else the one of the garage with the same make, model and year
 * (case aside), or else the vehicle typed, saved into the garage now (before
 * the booking's claim, as the phone is: a booking that then fails leaves it
 * kept). A full garage books the typed vehicle without saving it.
 */
export type Typed = { year: number; make: string; model: string; color: string };
export type Attached = Typed & { vehicleId?: string; vin?: string; plate?: string };

const same = (a: Typed, b: Typed) =>
  a.year === b.year &&
  a.make.trim().toLowerCase() === b.make.trim().toLowerCase() &&
  a.model.trim().toLowerCase() === b.model.trim().toLowerCase();

/** The snapshot a booking keeps of garage vehicle `v` (its colour, or the one typed when it has none). */
export const snapshotOf = (v: GarageVehicle, typedColor = ''): Attached => ({
  vehicleId: v.id,
  year: v.year,
  make: v.make,
  model: v.model,
  color: v.color || typedColor,
  ...(v.vin ? { vin: v.vin } : {}),
  ...(v.plate ? { plate: v.plate } : {}),
});

/** The customer's live vehicle that matches `typed` (same make, model and year), if any. */
export async function matching(userId: string, typed: Typed): Promise<GarageVehicle | undefined> {
  const page = await vehicle.query.ofCustomer(
    { userId },
    { range: { beginsWith: {} }, limit: 50, consistent: true, filter: (v) => !v.deletedAt && same(v, typed) },
  );
  return page.items[0];
}

/** A typed vehicle saved into the garage; undefined when the garage is full. */
async function saved(userId: string, typed: Typed): Promise<GarageVehicle | undefined> {
  const record = newRecord(userId, { ...typed, vin: '', plate: '', bodyClass: '' });
  try {
    await transactWrite(additionItems(record));
    return record;
  } catch (error) {
    if (failedConditions(error) !== null) return undefined;
    throw error;
  }
}

export async function attach(userId: string, typed: Typed, vehicleId?: string): Promise<Attached> {
  if (vehicleId) {
    const picked = await findOf(userId, vehicleId);
    if (picked.deletedAt) throw new VisibleError('conflict', garageMessages.gone);
    return snapshotOf(picked, typed.color);
  }
  const found = (await matching(userId, typed)) ?? (await saved(userId, typed));
  return found ? { ...typed, vehicleId: found.id } : typed;
}
