/**
 * A work order's money (doc 2 §5, decision 038). Pure and browser-safe: the
 * admin form's live totals, the API, the PDF and the mails all call this one
 * function, so what the shop sees while typing is what the customer is billed.
 *
 * Everything is integer cents. Hours come in quarter hours and the tax rate in
 * thousandths (the form's steps), so every product is exact in integers and
 * rounding happens once per line and once for the tax: half a cent rounds up
 * (amounts are never negative).
 */

export type LaborInput = { hours: number; hourlyRateCents: number };
export type PartInput = { quantity: number; unitPriceCents: number };

export type Priced<Labor extends LaborInput, Part extends PartInput> = {
  laborItems: (Labor & { totalCents: number })[];
  partItems: (Part & { totalCents: number })[];
  pricing: WorkOrderPricing;
};

export type WorkOrderPricing = {
  /** A fraction: 0.08 is 8 %. */
  taxRate: number;
  laborSubtotalCents: number;
  partsSubtotalCents: number;
  subtotalCents: number;
  taxAmountCents: number;
  totalAmountCents: number;
};

/** The limits the form's inputs and the API's validation share. */
export const PRICING_LIMITS = {
  hoursStep: 0.25,
  maxHours: 999.75,
  maxRateCents: 10_000_00,
  maxQuantity: 9_999,
  maxUnitPriceCents: 100_000_00,
  taxRateStep: 0.001,
  maxTaxRate: 0.5,
  maxLines: 100,
} as const;

/** n / d rounded half up, for whole n ≥ 0 and d > 0, without floating point. */
function divideRoundingHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** Quarter hours in `hours`, or NaN when `hours` is not a whole number of quarters. */
export function quarterHours(hours: number): number {
  const quarters = Math.round(hours * 4);
  return Math.abs(quarters - hours * 4) < 1e-9 ? quarters : Number.NaN;
}

/** Thousandths in a tax rate, or NaN when the rate has a finer step than 0.001. */
export function taxRateThousandths(taxRate: number): number {
  const thousandths = Math.round(taxRate * 1000);
  return Math.abs(thousandths - taxRate * 1000) < 1e-6 ? thousandths : Number.NaN;
}

/** hours × rate, rounded to the cent (quarter hours make at most a half cent). */
export function laborLineCents(hours: number, hourlyRateCents: number): number {
  const quarters = quarterHours(hours);
  if (!Number.isFinite(quarters) || quarters < 0)
    throw new RangeError(`Hours must be whole quarter hours: ${hours}`);
  assertCents(hourlyRateCents);
  return divideRoundingHalfUp(quarters * hourlyRateCents, 4);
}

/** quantity × unit price. */
export function partLineCents(quantity: number, unitPriceCents: number): number {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new RangeError(`Quantity must be a whole number: ${quantity}`);
  assertCents(unitPriceCents);
  return quantity * unitPriceCents;
}

/** subtotal × rate, rounded to the cent, half a cent up. */
export function taxCents(subtotalCents: number, taxRate: number): number {
  const thousandths = taxRateThousandths(taxRate);
  if (!Number.isFinite(thousandths) || thousandths < 0)
    throw new RangeError(`Tax rate must be in steps of 0.001: ${taxRate}`);
  assertCents(subtotalCents);
  return divideRoundingHalfUp(subtotalCents * thousandths, 1000);
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
}

/**
 * Every line's total, the subtotals, the tax and the total, from the lines'
 * hours, rates, quantities and unit prices alone (any totals sent with them
 * are replaced).
 */
export function priceWorkOrder<Labor extends LaborInput, Part extends PartInput>(input: {
  laborItems: readonly Labor[];
  partItems: readonly Part[];
  taxRate: number;
}): Priced<Labor, Part> {
  const laborItems = input.laborItems.map((item) => ({
    ...item,
    totalCents: laborLineCents(item.hours, item.hourlyRateCents),
  }));
  const partItems = input.partItems.map((item) => ({
    ...item,
    totalCents: partLineCents(item.quantity, item.unitPriceCents),
  }));
  const laborSubtotalCents = laborItems.reduce((sum, item) => sum + item.totalCents, 0);
  const partsSubtotalCents = partItems.reduce((sum, item) => sum + item.totalCents, 0);
  const subtotalCents = laborSubtotalCents + partsSubtotalCents;
  const taxAmountCents = taxCents(subtotalCents, input.taxRate);
  return {
    laborItems,
    partItems,
    pricing: {
      taxRate: input.taxRate,
      laborSubtotalCents,
      partsSubtotalCents,
      subtotalCents,
      taxAmountCents,
      totalAmountCents: subtotalCents + taxAmountCents,
    },
  };
}

/** '8.0%', '6.0%', '8.3%': the tax rate as the spec shows it (one decimal). */
export function formatTaxRate(taxRate: number): string {
  return `${(taxRate * 100).toFixed(1)}%`;
}

/** An estimate line's price input (decision 125): labour and parts, and its state. */
export type EstimateLineInput = {
  state: string;
  hours: number;
  hourlyRateCents: number;
  parts: readonly PartInput[];
};

/** A line's labour and parts before tax. */
export function estimateLineCents(line: Omit<EstimateLineInput, 'state'>): number {
  return (
    laborLineCents(line.hours, line.hourlyRateCents) +
    line.parts.reduce((sum, p) => sum + partLineCents(p.quantity, p.unitPriceCents), 0)
  );
}

export type EstimateTotals = {
  /** The base lines (always approved) and the approved estimate lines, with tax: what is charged. */
  pricing: WorkOrderPricing;
  /** Every estimate line's own price, before tax, in the lines' order. */
  lineCents: number[];
  /** Proposed (awaiting the customer), approved, and declined or deferred estimate lines, before tax. */
  proposedCents: number;
  approvedLinesCents: number;
  declinedCents: number;
  tripFeeCents: number;
  /** `pricing.totalAmountCents` plus the trip fee: the estimate's total as the customer reads it. */
  totalCents: number;
};

/**
 * The estimate's money (issue 33, decision 125), the one function the server, the customer's
 * page (its total changes as they choose) and the charge use: the base lines (a work order made
 * through the spec's calls has only those, all approved) and the approved estimate lines, taxed
 * once, plus the trip fee. Proposed, declined and deferred lines are never in the total.
 */
export function priceEstimate(input: {
  laborItems: readonly LaborInput[];
  partItems: readonly PartInput[];
  lines: readonly EstimateLineInput[];
  taxRate: number;
  tripFeeCents?: number;
}): EstimateTotals {
  const approved = input.lines.filter((l) => l.state === 'approved');
  const base = priceWorkOrder({
    laborItems: [
      ...input.laborItems,
      ...approved.map((l) => ({ hours: l.hours, hourlyRateCents: l.hourlyRateCents })),
    ],
    partItems: [...input.partItems, ...approved.flatMap((l) => l.parts)],
    taxRate: input.taxRate,
  });
  const lineCents = input.lines.map(estimateLineCents);
  const sum = (states: readonly string[]) =>
    input.lines.reduce((s, l, i) => (states.includes(l.state) ? s + (lineCents[i] ?? 0) : s), 0);
  const tripFeeCents = input.tripFeeCents ?? 0;
  assertCents(tripFeeCents);
  return {
    pricing: base.pricing,
    lineCents,
    proposedCents: sum(['proposed']),
    approvedLinesCents: sum(['approved']),
    declinedCents: sum(['declined', 'deferred']),
    tripFeeCents,
    totalCents: base.pricing.totalAmountCents + tripFeeCents,
  };
}
