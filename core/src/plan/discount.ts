import { setPlanDiscount } from '../booking/plan-visit';
import { enrolment } from './store';

/**
 * The discount on other work (issue 35, decision 131): a booking of a vehicle whose plan is active
 * gets the plan's `discountPercent` off, computed where the booking's price is (booking/plan-visit.ts,
 * which asks here once plan/ is loaded). The customer's enrolments are one bounded read.
 */
export async function activeDiscount(userId: string, vehicleId: string) {
  const mine = await enrolment.query.ofCustomer({ userId }, { limit: 100 });
  const best = mine.items
    .filter((e) => e.state === 'active' && e.vehicleId === vehicleId && e.agreed.discountPercent > 0)
    .sort((a, b) => b.agreed.discountPercent - a.agreed.discountPercent)[0];
  return best ? { enrolmentId: best.id, percent: best.agreed.discountPercent } : undefined;
}

setPlanDiscount(activeDiscount);
