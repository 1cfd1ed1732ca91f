import * as z from 'zod';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { defineEntity } from '../db/entity';
import { idSchema } from '../util/id';
import { type GarageVehicle, type Recommendation, RECOMMENDATION_STATES, VEHICLE_CLASSES } from './model';

/**
 * The garage's items (issue 34, decision 117). A vehicle lives in its
 * customer's partition beside their saved addresses (`USER#<id>` /
 * `VEHICLE#<id>`); its history is the sparse `byVehicle` index, where every
 * record that names the vehicle writes `VEHICLE#<id>` / `<instant>#<kind>#<id>`
 * (`historyEntry`). Recommended work (issue 33) is an item of the vehicle's
 * own partition, in its history too.
 */

export const vehicleId = idSchema('vehicle', 'vehicle');
export const recommendationId = idSchema('recommendation', 'recommendation');

const MileageReading = z.object({
  miles: z.number().int().nonnegative(),
  at: z.string(),
  source: z.enum(['customer', 'staff']),
});

export const Vehicle = z.object({
  id: z.string(),
  userId: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  vin: z.string(),
  plate: z.string(),
  vehicleClass: z.enum(VEHICLE_CLASSES).optional(),
  bodyClass: z.string(),
  mileage: z.array(MileageReading),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().optional(),
  rev: z.number().int().nonnegative().optional(),
}) satisfies z.ZodType<GarageVehicle>;
export type Vehicle = z.infer<typeof Vehicle>;

/** The `byVehicle` entry of a record of kind `kind` at `instant` (a history line). */
export const historyEntry = (vehicle: string, instant: string, kind: string, id: string) => ({
  pk: `VEHICLE#${vehicle}`,
  sk: `${instant}#${kind}#${id}`,
});

export const vehicle = defineEntity({
  name: 'garageVehicle',
  version: 1,
  schema: Vehicle,
  key: (v: { userId: string; id: string }) => ({ pk: `USER#${v.userId}`, sk: `VEHICLE#${v.id}` }),
  patterns: {
    /** A customer's vehicles, oldest first (ids are time-ordered), deleted ones included. */
    ofCustomer: {
      pk: { prefix: 'USER', composite: ['userId'] },
      sk: { prefix: 'VEHICLE', composite: ['id'] },
    },
  },
});

export const RecommendationRecord = z.object({
  id: z.string(),
  vehicleId: z.string(),
  userId: z.string(),
  workOrderId: z.string(),
  lineId: z.string(),
  description: z.string(),
  priceCents: z.number().int().nonnegative(),
  photoIds: z.array(z.string()),
  note: z.string(),
  decision: z.enum(['declined', 'deferred']),
  state: z.enum(RECOMMENDATION_STATES),
  recommendedAt: z.string(),
  followedUpAt: z.string().optional(),
  customerName: z.string().optional(),
  followUpAt: z.string().optional(),
  closed: z.object({ at: z.string(), bookingId: z.string().optional() }).optional(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Recommendation>;

export const recommendation = defineEntity({
  name: 'recommendation',
  version: 1,
  schema: RecommendationRecord,
  key: (r: { vehicleId: string; id: string }) => ({ pk: `VEHICLE#${r.vehicleId}`, sk: `REC#${r.id}` }),
  indexes: {
    byVehicle: (r: Recommendation) => historyEntry(r.vehicleId, r.recommendedAt, 'recommendation', r.id),
    // Its follow-up (issue 33, decision 126): due once, while open and not yet followed up.
    dueWork: (r: Recommendation) =>
      r.state === 'open' && r.followUpAt && !r.followedUpAt
        ? queueEntry(FOLLOW_UP_QUEUE, r.followUpAt, recommendationRef(r))
        : undefined,
  },
  patterns: {
    /** A vehicle's recommended work (its own partition, bounded by the vehicle's visits). */
    ofVehicle: {
      pk: { prefix: 'VEHICLE', composite: ['vehicleId'] },
      sk: { prefix: 'REC', composite: ['id'] },
    },
    /** The desk's open recommended work (decision 126): sparse, by customer name, then date. */
    open: {
      index: 'byCollection',
      pk: { prefix: 'RECOMMENDED' },
      sk: (r) => `${(r.customerName ?? '').trim().toLowerCase()}#${r.recommendedAt}#${r.id}`,
      condition: (r) => r.state === 'open',
    },
  },
});

/** The follow-ups' due queue (decision 109): an entry's id is `<vehicle>#<recommendation>`. */
export const FOLLOW_UP_QUEUE = 'recommended-follow-ups';
export const recommendationRef = (r: { vehicleId: string; id: string }) => `${r.vehicleId}#${r.id}`;
export const followUpQueue = defineDueQueue(FOLLOW_UP_QUEUE, recommendation, (ref) => {
  const [vehicleId = '', id = ''] = ref.split('#');
  return { vehicleId, id };
});

/**
 * What is outstanding of recommended work (issue 33): how many open lines and their value, changed
 * only by `ADD`s in the transaction that opens or closes one (the revenue section reads it).
 */
export const recommendedOutstanding = defineEntity({
  name: 'recommendedOutstanding',
  version: 1,
  schema: z.object({ count: z.number().int().optional(), cents: z.number().int().optional() }),
  key: (_one: { count?: number }) => ({ pk: 'RECOMMENDED', sk: 'OUTSTANDING' }),
});
