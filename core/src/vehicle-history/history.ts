import * as z from 'zod';
import { assertAdmin, useUser } from '../actor';
import { entity as bookingEntity } from '../booking/store';
import { technicianOf } from '../booking/lookup';
import { queryIndexPage } from '../db/entity';
import { VisibleError } from '../error';
import { Garage } from '../garage/index';
import { Technician } from '../technician/index';
import { callerFirst, fn } from '../util/fn';
import { entity as workOrderEntity } from '../workorder/store';

/**
 * A garage vehicle's history (issue 34, decisions 117 and 121): every visit, work order, inspection
 * and recommended line, newest first, one page of the sparse `byVehicle` index at a time (a cursor,
 * never a scan of the customer's bookings). Each entry is read back by the entity that wrote it
 * (its `_type`), so a record of an unknown kind is skipped, never guessed at. It stands above the
 * bookings and the work orders it reads (garage/ stands below them: they write its entries).
 *
 * Who reads it: the vehicle's customer, the desk, and the technician of a job for the vehicle
 * (before the visit, from /tech), through that job.
 */

/** One line of the history, by kind. Money in cents. */
export type Entry =
  | {
      kind: 'booking';
      id: string;
      at: string;
      date: string;
      time: string;
      serviceName: string;
      status: string;
      notes: string;
    }
  | {
      kind: 'workOrder';
      id: string;
      at: string;
      workOrderNumber: string;
      status: string;
      totalCents: number;
      lines: string[];
    }
  | {
      kind: 'inspection';
      id: string;
      at: string;
      workOrderNumber: string;
      /** Items marked for attention, with their notes. */
      attention: { category: string; note: string }[];
      inspected: number;
    }
  | {
      kind: 'recommendation';
      id: string;
      at: string;
      description: string;
      priceCents: number;
      decision: string;
      state: string;
      workOrderId: string;
    };

export type HistoryPage = {
  vehicle: Garage.GarageVehicle | Garage.VehicleSnapshot;
  entries: Entry[];
  cursor: string | null;
};

export const HISTORY_PAGE = 20;
const READ_BUDGET = 200;

const atOf = (raw: Record<string, unknown>) => String(raw.vehicleSk ?? '').split('#')[0] ?? '';

/** The entries a stored item gives (a work order with an inspection gives both). */
function entriesOf(raw: Record<string, unknown>): Entry[] {
  const at = atOf(raw);
  switch (raw._type) {
    case bookingEntity.name: {
      const b = bookingEntity.parse(raw);
      const { id, date, time, serviceName, status, notes } = b;
      return [{ kind: 'booking', id, at, date, time, serviceName, status, notes }];
    }
    case workOrderEntity.name: {
      const wo = workOrderEntity.parse(raw);
      const lines = [...wo.laborItems, ...wo.partItems].map((line) => line.description);
      const entry: Entry = {
        kind: 'workOrder',
        id: wo.id,
        at,
        workOrderNumber: wo.workOrderNumber,
        status: wo.status,
        totalCents: wo.pricing.totalAmountCents,
        lines,
      };
      if (!wo.inspection) return [entry];
      const attention = wo.inspection.items
        .filter((item) => item.condition === 'attention')
        .map((item) => ({ category: item.category, note: item.note }));
      return [
        {
          kind: 'inspection',
          id: wo.id,
          at: wo.inspection.inspectedAt,
          workOrderNumber: wo.workOrderNumber,
          attention,
          inspected: wo.inspection.items.length,
        },
        entry,
      ];
    }
    case Garage.recommendation.name: {
      const r = Garage.recommendation.parse(raw);
      const { id, description, priceCents, decision, state, workOrderId } = r;
      return [{ kind: 'recommendation', id, at, description, priceCents, decision, state, workOrderId }];
    }
    default:
      return [];
  }
}

/** One page of vehicle `vehicleId`'s history, newest first (no authorization: the verbs below check). */
async function pageOf(vehicleId: string, page: { limit?: number; cursor?: string }) {
  const read = await queryIndexPage({
    index: 'byVehicle',
    partition: Garage.historyEntry(vehicleId, '', '', '').pk,
    descending: true,
    limit: page.limit ?? HISTORY_PAGE,
    budget: READ_BUDGET,
    cursor: page.cursor ?? null,
    accept: () => true,
  });
  return { entries: read.items.flatMap(entriesOf), cursor: read.cursor };
}

/** A history page: its size and the cursor where the page before stopped. */
export const HistoryPageInput = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z.string().max(2000).optional(),
});
const PageInput = HistoryPageInput;
type PageInput = z.output<typeof PageInput>;

/** The signed-in customer's vehicle's history (a deleted vehicle's too). */
export const historyMine = fn(
  z.tuple([z.string(), PageInput]),
  async (vehicleId, page): Promise<HistoryPage> => {
    const vehicle = await Garage.findMine(vehicleId);
    return { vehicle, ...(await pageOf(vehicle.id, page)) };
  },
  callerFirst(useUser),
);

/** A customer's vehicle's history (the desk). */
export const historyFor = fn(
  z.tuple([z.string(), z.string(), PageInput]),
  async (userId, vehicleId, page): Promise<HistoryPage> => {
    assertAdmin();
    const vehicle = await Garage.findOf(userId, vehicleId);
    return { vehicle, ...(await pageOf(vehicle.id, page)) };
  },
  callerFirst(assertAdmin),
);

export const jobMessages = {
  noJob: 'Job not found.',
} as const;

/**
 * The history of the vehicle of job `bookingId`, for its technician before the visit (and the
 * desk): 403 for another technician, 404 for no such job. A job for no garage vehicle (a guest's,
 * an older one) has its snapshot and no entries.
 */
export const historyForJob = fn(
  z.tuple([z.string(), PageInput]),
  async (bookingId, page: PageInput): Promise<HistoryPage> => {
    const user = useUser();
    if (user.role !== 'admin' && user.role !== 'technician')
      throw new VisibleError('forbidden', 'You do not have permission to do that.');
    await Technician.assertWorks(await technicianOf(bookingId));
    const booking = await bookingEntity.get({ id: bookingId }, { consistent: true });
    if (!booking) throw new VisibleError('not_found', jobMessages.noJob);
    const snapshot: Garage.VehicleSnapshot = {
      year: booking.vehicleYear,
      make: booking.vehicleMake,
      model: booking.vehicleModel,
      color: booking.vehicleColor,
      ...(booking.vehicleId ? { vehicleId: booking.vehicleId } : {}),
    };
    if (!booking.vehicleId) return { vehicle: snapshot, entries: [], cursor: null };
    const owned = booking.userId
      ? await Garage.vehicle.get({ userId: booking.userId, id: booking.vehicleId })
      : undefined;
    return { vehicle: owned ?? snapshot, ...(await pageOf(booking.vehicleId, page)) };
  },
  callerFirst(useUser),
);
