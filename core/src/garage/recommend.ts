import { config } from '../config';
import type { KeyReader, TransactItem } from '../db/entity';
import { VisibleError } from '../error';
import { createId } from '../util/id';
import type { Recommendation } from './model';
import { recommendation, recommendedOutstanding } from './store';

/** A line the customer declined or deferred, as the estimate's approval hands it over (issue 33). */
export type DeclinedLine = Pick<
  Recommendation,
  'lineId' | 'description' | 'priceCents' | 'photoIds' | 'note' | 'decision'
>;

const DAY_MS = 86_400_000;

/** When the follow-up of work recommended at `at` is due (`RECOMMENDED_FOLLOW_UP_DAYS` later). */
export const followUpAt = (at: string): string =>
  new Date(Date.parse(at) + config().recommendedFollowUpDays * DAY_MS).toISOString();

/** The outstanding counter's change (count and value) as a transaction item: + opens, - closes. */
function outstandingItem(count: number, cents: number): TransactItem {
  return recommendedOutstanding.tx.upsert({}, { add: { count, cents } });
}

/**
 * The recommended work a decided estimate leaves on its vehicle (issue 33, decisions 117, 126):
 * one item per declined or deferred line, with its follow-up due `RECOMMENDED_FOLLOW_UP_DAYS`
 * later, and the outstanding counter raised, for the approval's own transaction, so the estimate's
 * answer and the work kept for later are written together or not at all. None without a garage
 * vehicle. `customer.name` (the work order's) orders the desk's list.
 */
export function recommendationItems(
  workOrder: { id: string; vehicleId?: string; userId?: string; customer?: { name: string } },
  lines: readonly DeclinedLine[],
  at: string,
): TransactItem[] {
  const { vehicleId, userId } = workOrder;
  if (!vehicleId || !userId || lines.length === 0) return [];
  return [
    ...lines.map((line) =>
      recommendation.tx.put(
        {
          ...line,
          id: createId('recommendation'),
          vehicleId,
          userId,
          workOrderId: workOrder.id,
          ...(workOrder.customer ? { customerName: workOrder.customer.name } : {}),
          state: 'open',
          recommendedAt: at,
          followUpAt: followUpAt(at),
          updatedAt: at,
        },
        { ifAbsent: true },
      ),
    ),
    outstandingItem(
      lines.length,
      lines.reduce((sum, line) => sum + line.priceCents, 0),
    ),
  ];
}

/** How recommended work stops being open: booked (a booking takes it), done, or dismissed by the desk. */
export type Closing = Exclude<Recommendation['state'], 'open'>;

/**
 * Closes open recommended work in the transaction of the change that closes it (a booking, the
 * desk's dismissal, the work done): each on condition that it is still open (so it is closed and
 * un-counted once), out of the desk's list and the follow-up queue, its history line kept.
 */
export function closeItems(
  open: readonly Pick<Recommendation, 'vehicleId' | 'id' | 'priceCents'>[],
  state: Closing,
  at: string,
  bookingId?: string,
): TransactItem[] {
  if (open.length === 0) return [];
  return [
    ...open.map((r) =>
      recommendation.tx.patch(
        { vehicleId: r.vehicleId, id: r.id },
        {
          set: { state, updatedAt: at, closed: { at, ...(bookingId ? { bookingId } : {}) } },
          index: { byCollection: null, dueWork: null },
          when: (c) => c.and(c.itemExists(), c.eq('state', 'open')),
        },
      ),
    ),
    outstandingItem(-open.length, -open.reduce((sum, r) => sum + r.priceCents, 0)),
  ];
}

/** The most lines of one vehicle a read takes (its partition holds only its own recommended work). */
export const VEHICLE_READ_LIMIT = 100;

/** A vehicle's open recommended work, oldest first (read by key: the vehicle's `REC#` partition). */
export async function openOfVehicle(vehicleId: string): Promise<Recommendation[]> {
  const page = await recommendation.query.ofVehicle({ vehicleId }, { limit: VEHICLE_READ_LIMIT });
  return page.items.filter((r) => r.state === 'open');
}

/** What the counter holds now (count and value of open recommended work; 0 when none was ever kept). */
export async function outstanding(batch?: KeyReader): Promise<{ count: number; cents: number }> {
  const item = await recommendedOutstanding.get({}, { batch });
  return { count: Math.max(0, item?.count ?? 0), cents: Math.max(0, item?.cents ?? 0) };
}

export const recommendedMessages = {
  notOpen: 'Some of this recommended work is no longer open: it was booked or dismissed meanwhile.',
  otherVehicle: 'This recommended work is for another of your vehicles: choose that vehicle to book it.',
} as const;

/**
 * The open recommended work a booking of `userId` takes (the follow-up's link carries the ids):
 * every id must be one of that customer's open lines on that vehicle, or nothing is booked (409;
 * another customer's ids read the same as closed ones, so the link tells nobody else anything).
 */
export async function openForBooking(
  userId: string,
  chosen: { vehicleId: string; ids: readonly string[] },
): Promise<Recommendation[]> {
  const ids = [...new Set(chosen.ids)];
  const found = await recommendation.getMany(ids.map((id) => ({ vehicleId: chosen.vehicleId, id })));
  const open = found.filter((r) => r.userId === userId && r.state === 'open');
  if (open.length !== ids.length) throw new VisibleError('conflict', recommendedMessages.notOpen);
  return open;
}
