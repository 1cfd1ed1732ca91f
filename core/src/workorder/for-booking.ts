import { indexBackfillStep } from '../db/migration';
import { priceWorkOrder } from './pricing';
import { entity, type Stored } from './store';
import { stateOf } from './view';

/**
 * The work order a booking's completion charges (decision 068): the newest
 * work order related to the booking that is not cancelled, read from the
 * sparse `byOwner` partition `WO_FOR_BOOKING#<booking>` (a booking has a
 * handful at most: one page of 10). Its money is recomputed here from its
 * lines, never taken from a stored total.
 */
export type ForBooking = {
  id: string;
  workOrderNumber: string;
  acknowledged: boolean;
  laborItems: { description: string; hours: number; totalCents: number }[];
  partItems: { description: string; quantity: number; totalCents: number }[];
  taxRate: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Lines a technician priced by hand, awaiting the admin's price approval (decision 091). */
  awaitingPrice: string[];
  /** The most the admin approved it to charge, or null. */
  approvedCents: number | null;
};

export async function forBooking(bookingId: string, now = Date.now()): Promise<ForBooking | undefined> {
  const page = await entity.query.byBooking({ relatedBooking: bookingId }, { descending: true, limit: 10 });
  const wo = page.items.find((item) => item.status !== 'cancelled' && item.relatedBooking === bookingId);
  return wo ? chargeable(wo, now) : undefined;
}

function chargeable(wo: Stored, now: number): ForBooking {
  const priced = priceWorkOrder({
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    taxRate: wo.pricing.taxRate,
  });
  return {
    id: wo.id,
    workOrderNumber: wo.workOrderNumber,
    acknowledged: stateOf(wo.acknowledgment, now) === 'acknowledged',
    laborItems: priced.laborItems.map((l) => ({
      description: l.description,
      hours: l.hours,
      totalCents: l.totalCents,
    })),
    partItems: priced.partItems.map((p) => ({
      description: p.description,
      quantity: p.quantity,
      totalCents: p.totalCents,
    })),
    taxRate: priced.pricing.taxRate,
    subtotalCents: priced.pricing.subtotalCents,
    taxCents: priced.pricing.taxAmountCents,
    totalCents: priced.pricing.totalAmountCents,
    awaitingPrice: wo.awaitingPrice.map((a) => a.label),
    approvedCents: wo.priceApproval?.totalCents ?? null,
  };
}

/**
 * Work orders written before decision 068 are not in their booking's
 * partition: this step (decision 063) pages through every work order and
 * writes the `byOwner` keys of the ones with a related booking, each
 * conditional on the `rev` read (a live write meanwhile writes the keys itself).
 */
export const forBookingStep = indexBackfillStep<Stored>(
  'work-order-by-booking',
  (cursor, limit) => entity.query.byCreation({}, { limit, cursor }),
  entity,
  'byOwner',
  (wo) => (c) => c.unchangedSince(wo.rev),
);
