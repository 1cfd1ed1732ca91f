import type { RevenueReply } from '../api';
import { Figure, money } from './Figures';

/**
 * Service plans (issue 35, decision 132), from their counters: monthly recurring revenue (the monthly
 * fees of active and past-due plans), the plans active and past due, and this month's churn (plans
 * cancelled this month over those standing at its start).
 */
export function PlanFigures({ plans }: { plans: RevenueReply['plans'] }) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <section aria-labelledby="revenue-plans-heading">
      <h3 className="revenue__heading" id="revenue-plans-heading">
        Service plans
      </h3>
      <dl className="revenue-figures">
        <Figure term="Monthly recurring revenue" testId="revenue-plans-mrr" value={money(plans.mrr)}>
          <dd className="revenue-figure__note">monthly fees of active and past-due plans</dd>
        </Figure>
        <Figure term="Active plans" testId="revenue-plans-active" value={plans.active}>
          <dd className="revenue-figure__note">
            {plural(plans.enrolled, 'enrolment', 'enrolments')} this month
          </dd>
        </Figure>
        <Figure term="Past due" testId="revenue-plans-past-due" value={plans.pastDue}>
          <dd className="revenue-figure__note">card declined after every retry; visits paused</dd>
        </Figure>
        <Figure
          term="Churn this month"
          testId="revenue-plans-churn"
          value={plans.churnPercent === null ? '—' : `${plans.churnPercent}%`}
        >
          <dd className="revenue-figure__note">
            {plural(plans.cancelled, 'plan', 'plans')} cancelled
            {plans.churnPercent === null ? "; none stood at the month's start" : ''}
          </dd>
        </Figure>
      </dl>
    </section>
  );
}
