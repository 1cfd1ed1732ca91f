import { indexBackfillStep } from '../db/migration';
import { config } from '../config';
import { estimateLineCents, laborLineCents, partLineCents, priceEstimate } from './pricing';
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
  /**
   * The customer's answer to its estimate (decision 125), or null: the total they approved, and
   * whether this total is within it × (1 + `ESTIMATE_TOLERANCE`); above it, a new approval first.
   */
  estimate: { approvedCents: number; within: boolean } | null;
};

export async function forBooking(bookingId: string, now = Date.now()): Promise<ForBooking | undefined> {
  const page = await entity.query.byBooking({ relatedBooking: bookingId }, { descending: true, limit: 10 });
  const wo = page.items.find((item) => item.status !== 'cancelled' && item.relatedBooking === bookingId);
  return wo ? chargeable(wo, now) : undefined;
}

function chargeable(wo: Stored, now: number): ForBooking {
  // The base lines and the approved estimate lines only (decision 125): proposed or declined work is never charged.
  const { pricing } = priceEstimate({
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    lines: wo.estimateLines,
    taxRate: wo.pricing.taxRate,
  });
  const approved = wo.estimateLines.filter((l) => l.state === 'approved');
  const limit = (cents: number) => Math.round(cents * (1 + config().estimateTolerance));
  return {
    id: wo.id,
    workOrderNumber: wo.workOrderNumber,
    acknowledged: stateOf(wo.acknowledgment, now) === 'acknowledged',
    laborItems: [
      ...wo.laborItems.map((l) => ({
        description: l.description,
        hours: l.hours,
        totalCents: laborLineCents(l.hours, l.hourlyRateCents),
      })),
      ...approved.map((l) => ({
        description: l.description,
        hours: l.hours,
        totalCents: estimateLineCents(l),
      })),
    ],
    partItems: wo.partItems.map((p) => ({
      description: p.description,
      quantity: p.quantity,
      totalCents: partLineCents(p.quantity, p.unitPriceCents),
    })),
    taxRate: pricing.taxRate,
    subtotalCents: pricing.subtotalCents,
    taxCents: pricing.taxAmountCents,
    totalCents: pricing.totalAmountCents,
    awaitingPrice: wo.awaitingPrice.map((a) => a.label),
    approvedCents: wo.priceApproval?.totalCents ?? null,
    estimate: wo.estimateApproval
      ? {
          approvedCents: wo.estimateApproval.totalCents,
          within: pricing.totalAmountCents <= limit(wo.estimateApproval.totalCents),
        }
      : null,
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
