import * as z from 'zod';
import { assertAdmin, useActor, useUser } from '../actor';
import { config } from '../config';
import { defineEntity, onConflict, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import * as time from '../time';
import { callerFirst, fn } from '../util/fn';
import { createId } from '../util/id';
import { MileageInput, VehicleInput } from './input';
import { type GarageVehicle, MILEAGE_READINGS_KEPT, type MileageReading } from './model';
import { type Vehicle, vehicle, vehicleId } from './store';

/**
 * A customer's garage (issue 34, decisions 117 and 121): their vehicles, at
 * most `GARAGE_VEHICLE_LIMIT`. The garage's counter (`USER#<id>` / `GARAGE`)
 * holds how many live vehicles there are; adding writes the vehicle and
 * raises the counter in one transaction, conditional on the counter being
 * under the limit, so two adds at once never pass it. Deleting sets
 * `deletedAt` (the vehicle leaves the garage, its history stays) and lowers
 * the counter in the same transaction.
 */

export const garageMessages = {
  notFound: 'Vehicle not found.',
  limit: (limit: number) => `You can keep up to ${limit} vehicles. Please delete one to add another.`,
  customersOnly: 'Only customers keep vehicles.',
  deleted: 'Vehicle deleted. Its history is kept.',
  gone: 'This vehicle was deleted.',
} as const;

const Counter = z.object({
  userId: z.string(),
  count: z.number().int(),
  rev: z.number().int().nonnegative().optional(),
});

/** How many live vehicles a customer keeps. */
export const counter = defineEntity({
  name: 'garageCounter',
  version: 1,
  schema: Counter,
  key: (g: { userId: string }) => ({ pk: `USER#${g.userId}`, sk: 'GARAGE' }),
});

const limit = () => config().garageVehicleLimit;

/** The signed-in customer's id; 403 for staff (the shop keeps no vehicles of its own). */
function customerId(): string {
  const me = useUser();
  if (me.role !== 'user') throw new VisibleError('forbidden', garageMessages.customersOnly);
  return me.userId;
}

const live = (v: GarageVehicle) => !v.deletedAt;

/** Newest first, at most `MILEAGE_READINGS_KEPT`. */
const withReading = (readings: readonly MileageReading[], reading: MileageReading) =>
  [...readings, reading].sort((a, b) => b.at.localeCompare(a.at)).slice(0, MILEAGE_READINGS_KEPT);

/** The customer's live vehicles, oldest first: one page bounded by the limit (deleted ones skipped). */
async function vehiclesOf(userId: string): Promise<GarageVehicle[]> {
  const page = await vehicle.query.ofCustomer(
    { userId },
    { range: { beginsWith: {} }, limit: limit(), consistent: true, filter: live },
  );
  return page.items;
}

/** The customer's vehicle `id` (deleted ones too: their history stays readable); 404 when not theirs. */
export async function findOf(userId: string, id: string): Promise<Vehicle> {
  const found = vehicleId.safeParse(id).success
    ? await vehicle.get({ userId, id }, { consistent: true })
    : undefined;
  if (!found) throw new VisibleError('not_found', garageMessages.notFound);
  return found;
}

const sourceOf = (): MileageReading['source'] => {
  const actor = useActor();
  return actor.type === 'user' && actor.role === 'user' ? 'customer' : 'staff';
};

type Parsed = z.output<typeof VehicleInput>;

function recordOf(userId: string, input: Parsed, now: string): GarageVehicle {
  const { miles, ...fields } = input;
  return {
    ...fields,
    id: createId('vehicle'),
    userId,
    mileage: miles === undefined ? [] : [{ miles, at: now, source: sourceOf() }],
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The items that add `record` to its customer's garage: the vehicle and the counter raised, only
 * while under the limit. For a booking's own transaction too (a vehicle typed at booking).
 */
export function additionItems(record: GarageVehicle): TransactItem[] {
  return [
    vehicle.tx.put(record, { ifAbsent: true }),
    counter.tx.upsert(
      { userId: record.userId },
      { add: { count: 1 }, when: (c) => c.or(c.itemAbsent(), c.lt('count', limit())) },
    ),
  ];
}

async function add(userId: string, input: Parsed): Promise<GarageVehicle> {
  const record = recordOf(userId, input, new Date().toISOString());
  await onConflict(garageMessages.limit(limit()), () => transactWrite(additionItems(record)));
  return record;
}

async function edit(userId: string, id: string, input: Parsed): Promise<GarageVehicle> {
  const existing = await findOf(userId, id);
  if (existing.deletedAt) throw new VisibleError('conflict', garageMessages.gone);
  const { miles, ...fields } = input;
  const now = new Date().toISOString();
  const mileage =
    miles === undefined || existing.mileage[0]?.miles === miles
      ? existing.mileage
      : withReading(existing.mileage, { miles, at: now, source: sourceOf() });
  const updated = await vehicle.patch(
    { userId, id },
    {
      set: { ...fields, mileage, updatedAt: now },
      remove: [fields.vehicleClass === undefined && 'vehicleClass'],
      when: (c) => c.and(c.itemExists(), c.notExists('deletedAt'), c.unchangedSince(existing.rev ?? 0)),
    },
  );
  if (!updated) throw new VisibleError('conflict', garageMessages.gone);
  return updated;
}

async function remove(userId: string, id: string): Promise<void> {
  const existing = await findOf(userId, id);
  if (existing.deletedAt) return;
  const now = new Date().toISOString();
  await onConflict(garageMessages.gone, () =>
    transactWrite([
      vehicle.tx.patch(
        { userId, id },
        {
          set: { deletedAt: now, updatedAt: now },
          when: (c) => c.and(c.itemExists(), c.notExists('deletedAt')),
        },
      ),
      counter.tx.patch({ userId }, { add: { count: -1 }, when: (c) => c.gt('count', 0) }),
    ]),
  );
}

async function addMileage(userId: string, id: string, input: z.output<typeof MileageInput>) {
  const existing = await findOf(userId, id);
  if (existing.deletedAt) throw new VisibleError('conflict', garageMessages.gone);
  const now = new Date();
  const at =
    input.date && input.date !== time.today(now) ? time.instantOf(input.date, '12:00') : now.toISOString();
  const updated = await vehicle.patch(
    { userId, id },
    {
      set: {
        mileage: withReading(existing.mileage, { miles: input.miles, at, source: sourceOf() }),
        updatedAt: now.toISOString(),
      },
      when: (c) => c.and(c.itemExists(), c.notExists('deletedAt'), c.unchangedSince(existing.rev ?? 0)),
    },
  );
  if (!updated) throw new VisibleError('conflict', 'The vehicle changed at the same time. Please try again.');
  return updated;
}

// ---------------------------------------------------------------------------
// The customer's verbs (`/api/users/me/vehicles`)

/** The signed-in customer's vehicles, oldest first. */
export const listMine = () => vehiclesOf(customerId());
/** Adds a vehicle; 409 at the limit. */
export const addMine = fn(VehicleInput, (input) => add(customerId(), input), callerFirst(customerId));
/** Changes one of the customer's vehicles; 404 for another's, 409 once deleted. */
export const editMine = fn(
  z.tuple([z.string(), VehicleInput]),
  (id, input) => edit(customerId(), id, input),
  callerFirst(customerId),
);
/** Deletes one of the customer's vehicles (its history stays). */
export const removeMine = fn(z.string(), (id) => remove(customerId(), id), callerFirst(customerId));
/** Records a mileage reading. */
export const addMileageMine = fn(
  z.tuple([z.string(), MileageInput]),
  (id, input) => addMileage(customerId(), id, input),
  callerFirst(customerId),
);
/** The signed-in customer's vehicle `id` (deleted ones too). */
export const findMine = (id: string) => findOf(customerId(), id);

// ---------------------------------------------------------------------------
// The desk's verbs (`/api/admin/users/{id}/vehicles`): a customer's garage, for the custom booking

const adminFirst = callerFirst(assertAdmin);
const asAdmin =
  <A extends unknown[], R>(body: (...args: A) => Promise<R>) =>
  (...args: A) => {
    assertAdmin();
    return body(...args);
  };

/** A customer's vehicles (admin). */
export const listFor = fn(z.string(), asAdmin(vehiclesOf), adminFirst);
/** Adds a vehicle to a customer's garage (admin); 409 at the limit. */
export const addFor = fn(z.tuple([z.string(), VehicleInput]), asAdmin(add), adminFirst);
/** Changes a customer's vehicle (admin). */
export const editFor = fn(z.tuple([z.string(), z.string(), VehicleInput]), asAdmin(edit), adminFirst);
/** Deletes a customer's vehicle (admin); its history stays. */
export const removeFor = fn(z.tuple([z.string(), z.string()]), asAdmin(remove), adminFirst);
/** Records a reading on a customer's vehicle (admin). */
export const addMileageFor = fn(
  z.tuple([z.string(), z.string(), MileageInput]),
  asAdmin(addMileage),
  adminFirst,
);

/** A record for a vehicle typed at booking (./attach via the booking): for `additionItems`. */
export const newRecord = (userId: string, input: Parsed) => recordOf(userId, input, new Date().toISOString());
