import { formatCents } from '../money';
import type { OrderLine } from '../payments/square';
import type { WorkOrder } from '../workorder/model';

/**
 * The lines of a payment link's order (decision 070), pure: a booking is its
 * service and the trip fee; a work order is its labour and part lines, the tax
 * as a line of its own (the amount the work order computed, so Square's total
 * is ours to the cent), and the trip fee of its booking. Money in cents.
 */

/** Square allows 512 characters in a line's name; ours stay well short. */
const NAME_MAX = 200;
const named = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text);

const tripFeeLine = (cents: number | undefined): OrderLine[] =>
  cents && cents > 0 ? [{ name: 'Trip fee', quantity: '1', unitCents: cents }] : [];

export function bookingLines(booking: {
  serviceName: string;
  priceCents: number;
  tripFeeCents?: number;
}): OrderLine[] {
  return [
    ...(booking.priceCents > 0
      ? [{ name: named(booking.serviceName), quantity: '1', unitCents: booking.priceCents }]
      : []),
    ...tripFeeLine(booking.tripFeeCents),
  ];
}

/** What of a work order its lines are made of. */
type WorkOrderMoney = Pick<WorkOrder, 'laborItems' | 'partItems'> & {
  pricing: Pick<WorkOrder['pricing'], 'taxRate' | 'taxAmountCents'>;
};

export function workOrderLines(wo: WorkOrderMoney, tripFeeCents?: number): OrderLine[] {
  const labor = wo.laborItems
    .filter((item) => item.totalCents > 0)
    .map((item): OrderLine => ({
      name: named(`Labor: ${item.description || 'Labor'}`),
      quantity: '1',
      unitCents: item.totalCents,
      note: `${item.hours} h at ${formatCents(item.hourlyRateCents)}/h`,
    }));
  const parts = wo.partItems
    .filter((item) => item.totalCents > 0)
    .map((item): OrderLine => {
      const name = named(
        `Part: ${item.description || 'Part'}${item.partNumber ? ` (${item.partNumber})` : ''}`,
      );
      // Quantity × unit price when it is exactly the line's total; the total as one unit otherwise.
      return item.quantity * item.unitPriceCents === item.totalCents
        ? { name, quantity: String(item.quantity), unitCents: item.unitPriceCents }
        : { name, quantity: '1', unitCents: item.totalCents };
    });
  const percent = Math.round(wo.pricing.taxRate * 100_000) / 1000;
  const tax: OrderLine[] =
    wo.pricing.taxAmountCents > 0
      ? [{ name: `Tax (${percent}%)`, quantity: '1', unitCents: wo.pricing.taxAmountCents }]
      : [];
  return [...labor, ...parts, ...tax, ...tripFeeLine(tripFeeCents)];
}

/** What the lines add up to, in cents (Square's order total for them). */
export function totalOf(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, line) => sum + Math.round(Number(line.quantity) * line.unitCents), 0);
}
