import * as z from 'zod';
import { config } from '../config';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { defineEntity, type TransactItem } from '../db/entity';
import * as time from '../time';
import { type DueRule, firstTouchAt, milesPerDay, nextDue } from './due-rule';
import { vehicle } from './store';

/**
 * A vehicle's due item (issue 34, decision 124): what is next due on it for
 * one service, kept in the vehicle's own partition (`VEHICLE#<veh>` /
 * `DUE#<service>`), so a vehicle has at most one item per service (a later
 * completion of the same service replaces it). While open it waits in the
 * `vehicle-due` queue (decision 109) for its next notice: at most
 * `MAX_TOUCHES` (ahead, and on the day), each in daytime. Written in the completion's transaction;
 * the notices are sent above booking (core/src/due-reminder/).
 */

export const dueStates = ['open', 'closed'] as const;
/** Why an item closed: a booking made for it, the customer's "not now", no marketing consent, both notices sent, the vehicle or account gone. */
export const dueClosings = ['booked', 'not-now', 'no-consent', 'sent', 'gone'] as const;
export type DueClosing = (typeof dueClosings)[number];

export const VehicleDue = z.object({
  vehicleId: z.string(),
  userId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  /** The completed job it counts from. */
  bookingId: z.string(),
  completedAt: z.string(),
  dueDate: z.string(),
  dueMiles: z.number().int().optional(),
  by: z.enum(['days', 'miles']),
  /** Miles a day the date was estimated with, and where that came from (shown as an estimate). */
  milesPerDay: z.number().optional(),
  estimate: z.enum(['readings', 'default']).optional(),
  remindDaysAhead: z.number().int(),
  /** Notices sent so far. */
  touches: z.number().int().nonnegative(),
  firstSentAt: z.string().optional(),
  /** When the next notice goes, while open (its `dueWork` entry). */
  nextAt: z.string().optional(),
  state: z.enum(dueStates),
  closedAt: z.string().optional(),
  closedBy: z.enum(dueClosings).optional(),
  /** Epoch ms until which one run of the job holds it. */
  leaseUntil: z.number().optional(),
});
export type VehicleDue = z.infer<typeof VehicleDue>;

/** A due item's id in its queue: `<vehicleId>#<serviceId>`. */
export const dueItemId = (d: Pick<VehicleDue, 'vehicleId' | 'serviceId'>) => `${d.vehicleId}#${d.serviceId}`;

export const vehicleDue = defineEntity({
  name: 'vehicleDue',
  version: 1,
  schema: VehicleDue,
  key: (d: { vehicleId: string; serviceId: string }) => ({
    pk: `VEHICLE#${d.vehicleId}`,
    sk: `DUE#${d.serviceId}`,
  }),
  patterns: {
    /** A vehicle's due items (one per service), for its page. */
    ofVehicle: {
      pk: { prefix: 'VEHICLE', composite: ['vehicleId'] },
      sk: { prefix: 'DUE', composite: ['serviceId'] },
    },
  },
  indexes: {
    dueWork: (d) =>
      d.state === 'open' && d.nextAt ? queueEntry('vehicle-due', d.nextAt, dueItemId(d)) : undefined,
  },
});

/** The `vehicle-due` queue: an entry's id is `<vehicleId>#<serviceId>`. */
export const dueQueue = defineDueQueue('vehicle-due', vehicleDue, (id) => {
  const at = id.indexOf('#');
  return { vehicleId: id.slice(0, at), serviceId: id.slice(at + 1) };
});

/** Daytime in the business zone (the settings DAYTIME_START and DAYTIME_END, decision 097). */
export const daytime = () => ({ start: config().daytimeStart, end: config().daytimeEnd });

/** What the completion hands over of the completed job. */
export type CompletedJob = {
  id: string;
  userId?: string;
  vehicleId?: string;
  serviceId?: string;
  serviceName: string;
};

/**
 * The due item a completed job leaves on its vehicle, for the completion's
 * own transaction: none without a garage vehicle, an account or a due rule.
 * The vehicle's newest readings give its mileage and miles a day (else the
 * `DUE_MILES_PER_DAY` setting, an estimate either way).
 */
export async function completionDueItems(
  job: CompletedJob,
  rule: DueRule | undefined,
  now: Date,
): Promise<TransactItem[]> {
  if (!rule || !job.vehicleId || !job.userId || !job.serviceId) return [];
  const found = await vehicle.get({ userId: job.userId, id: job.vehicleId }, { consistent: true });
  if (!found || found.deletedAt) return [];
  const mileage = milesPerDay(found.mileage, config().dueMilesPerDay);
  const newest = [...found.mileage].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  const next = nextDue(rule, time.today(now), { ...mileage, miles: newest?.miles });
  const record: VehicleDue = {
    vehicleId: job.vehicleId,
    userId: job.userId,
    serviceId: job.serviceId,
    serviceName: job.serviceName,
    bookingId: job.id,
    completedAt: now.toISOString(),
    ...next,
    remindDaysAhead: rule.remindDaysAhead,
    touches: 0,
    nextAt: firstTouchAt(next.dueDate, rule.remindDaysAhead, now, daytime()),
    state: 'open',
  };
  return [vehicleDue.tx.put(record)];
}

/** A vehicle's due items (one per service at most), open and closed. */
export async function dueOf(vehicleId: string): Promise<VehicleDue[]> {
  const page = await vehicleDue.query.ofVehicle({ vehicleId }, { limit: 100 });
  return page.items;
}
