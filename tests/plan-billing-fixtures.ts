import { transactWrite } from '@app/core/db/entity';
import { firstPeriodItems } from '@app/core/plan/billing-hooks';
import { planCounterItems } from '@app/core/plan/counters';
import { type Enrolment, enrolment } from '@app/core/plan/store';
import { createId } from '@app/core/util/id';

/**
 * A monthly plan's enrolment written as the enrolment's transaction writes it (the record, its
 * counters, its first period: issue 35, decisions 131, 132), for billing's tests before (or beside)
 * h-plans' enrolment route; and its cancellation, so a browser spec leaves its stack as seeded.
 */
export const PLAN_FEE_CENTS = 4_900;

export async function enrolMonthly(
  userId: string,
  start: string,
  options: { feeCents?: number; autoRenew?: boolean; name?: string } = {},
): Promise<Enrolment> {
  const at = new Date().toISOString();
  const monthlyCents = options.feeCents ?? PLAN_FEE_CENTS;
  const record: Enrolment = {
    id: createId('enrolment'),
    planId: createId('plan'),
    userId,
    vehicleId: 'veh_test',
    addressId: 'adr_test',
    state: 'active',
    agreed: {
      name: options.name ?? 'Monthly Detail Club',
      serviceId: 'svc_test',
      recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1',
      price: { kind: 'monthly', monthlyCents },
      discountPercent: 10,
      terms: { autoRenew: options.autoRenew ?? true, minimumMonths: 0, cancellation: 'Cancel any time.' },
      at,
      time: '10:00',
    },
    startDate: start,
    skipped: [],
    stateSince: at,
    createdAt: at,
    updatedAt: at,
  };
  await transactWrite([
    enrolment.tx.put(record),
    ...planCounterItems({ state: 'none', monthlyCents: 0 }, { state: 'active', monthlyCents }, at),
    ...firstPeriodItems(record),
  ]);
  return record;
}

/** Cancels the enrolment as it stands (its counters moved): no period is charged after it. */
export async function cancelEnrolment(record: Pick<Enrolment, 'userId' | 'id'>): Promise<void> {
  const at = new Date().toISOString();
  const now = await enrolment.get(record, { consistent: true });
  if (!now || now.state === 'cancelled') return;
  const monthlyCents = now.agreed.price.kind === 'monthly' ? now.agreed.price.monthlyCents : 0;
  await transactWrite([
    enrolment.tx.patch(record, { set: { state: 'cancelled', stateSince: at, updatedAt: at } }),
    ...planCounterItems({ state: now.state, monthlyCents }, { state: 'cancelled', monthlyCents }, at),
  ]);
}
