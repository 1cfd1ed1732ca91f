/**
 * What a booking knows of service plans (issue 35, decision 131), without importing them (plan/
 * stands above booking): a plan's visit names its enrolment and carries the plan's visit price;
 * another booking of a vehicle whose plan is active gets the plan's discount, which plan/ tells
 * booking how to find when it loads (`setPlanDiscount`), as billing hands over its payment steps.
 */
import type { TransactItem } from '../db/entity';
import type { Stored } from './store';

/**
 * A booking placed for a plan's enrolment: the enrolment's id, the price each visit carries, and the
 * plan's items written in the visit's own claim (the enrolment itself with its first visit, the
 * visit's record).
 */
export type PlanVisit = {
  enrolmentId: string;
  priceCents: number;
  items?: (booking: Stored) => TransactItem[];
};

/** The percent off (0–100) for the customer's vehicle from an active plan: none until plan/ loads. */
type DiscountOf = (
  userId: string,
  vehicleId: string,
) => Promise<{ enrolmentId: string; percent: number } | undefined>;

let discountOf: DiscountOf = async () => undefined;

export function setPlanDiscount(find: DiscountOf): void {
  discountOf = find;
}

/** The booking's price fields: a plan visit's own price, or the quote less an active plan's discount. */
export async function planPrice(
  userId: string,
  vehicleId: string | undefined,
  quotedCents: number,
  plan: PlanVisit | undefined,
): Promise<{ priceCents: number; planEnrolmentId?: string; planDiscountPercent?: number }> {
  if (plan) return { priceCents: plan.priceCents, planEnrolmentId: plan.enrolmentId };
  const discount = vehicleId ? await discountOf(userId, vehicleId) : undefined;
  if (!discount || discount.percent <= 0) return { priceCents: quotedCents };
  return {
    priceCents: Math.round((quotedCents * (100 - discount.percent)) / 100),
    planDiscountPercent: discount.percent,
  };
}
