import type { EstimateApproval, EstimateLine } from './model';
import { priceEstimate } from './pricing';
import type { Stored } from './store';

/**
 * The estimate as the customer reads it (issue 33, decision 125), on the acknowledgment link, the
 * portal and the technician's phone: each line with its photos, price and state (a proposed line
 * that was re-priced shows the price it had), the trip fee, the total approved so far, and the
 * last answer's record. Browser-safe types only (model.ts).
 */
export type EstimateView = {
  lines: Omit<EstimateLine, 'decidedAt'>[];
  /** Labour and parts of the base lines and the approved lines, taxed; plus the trip fee. */
  tripFeeCents: number;
  totalCents: number;
  taxRate: number;
  approval: EstimateApproval | null;
};

export function estimateViewOf(wo: Stored, tripFeeCents = 0): EstimateView {
  const totals = priceEstimate({
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    lines: wo.estimateLines,
    taxRate: wo.pricing.taxRate,
    tripFeeCents,
  });
  return {
    lines: wo.estimateLines.map(({ decidedAt: _at, ...line }) => line),
    tripFeeCents,
    totalCents: totals.totalCents,
    taxRate: wo.pricing.taxRate,
    approval: wo.estimateApproval ?? null,
  };
}
