import { formatPrice } from '../../../lib/format';
import type { PlanRow } from '../api';

/** A plan's terms as lines, with its amounts (the enrolment form; the customer's plan shows the server's words). */
export function planTerms(
  plan: Pick<
    PlanRow,
    'priceKind' | 'price' | 'discountPercent' | 'autoRenew' | 'minimumMonths' | 'cancellation'
  >,
): string[] {
  return [
    plan.priceKind === 'monthly'
      ? `${formatPrice(plan.price)} a month, charged to your card on file`
      : `${formatPrice(plan.price)} a visit, charged to your card on file when each visit is done`,
    ...(plan.discountPercent > 0 ? [`${plan.discountPercent}% off other work on this vehicle`] : []),
    plan.autoRenew ? 'Renews by itself' : 'Does not renew by itself',
    ...(plan.minimumMonths > 0 ? [`At least ${plan.minimumMonths} months`] : []),
    `To cancel: ${plan.cancellation}`,
  ];
}
