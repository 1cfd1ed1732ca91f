import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ListOf } from '../../../components/ui/ListState';
import { changePlan, myEnrolmentsQueryOptions, type PlanChange, usePlanMutation } from '../api';
import { EnrolForm } from './EnrolForm';
import { done, PlanCard } from './PlanCard';
import '../plans.css';

/**
 * Account Settings → Service Plans (issue 35): the customer's plans with their next visits, skip,
 * pause, resume and cancel as easy as enrolling, and the enrolment form.
 */
export function MyPlans({ userId }: { userId: string }) {
  const enrolments = useQuery(myEnrolmentsQueryOptions(userId));
  const [enrolling, setEnrolling] = useState(false);
  const notice = useNotice();
  const change = usePlanMutation(changePlan);
  const act = (c: PlanChange) => {
    notice.set(null);
    change.mutate(c, { onSuccess: () => notice.success(done[c.kind]) });
  };

  return (
    <section className="card account-form service-addresses plans" aria-labelledby="plans-title">
      <h2 id="plans-title">Service Plans</h2>
      <p className="field__hint">Regular visits booked for you ahead, at your address and time.</p>
      <NoticeLine notice={notice.notice} />
      <FailureMessage error={change.error} fallback="Could not change the plan." />
      <ListOf
        query={enrolments}
        loading="Loading your plans..."
        failed="Could not load your plans."
        none="No plans yet."
        className="service-addresses__list"
        label="Your plans"
        item={(e) => <PlanCard key={e._id} e={e} act={act} busy={change.isPending} />}
      />
      {enrolling ? (
        <EnrolForm
          userId={userId}
          onDone={(name) => {
            setEnrolling(false);
            notice.success(`Enrolled in ${name}. Your first visits are booked.`);
          }}
        />
      ) : (
        <p>
          <button type="button" className="button button--primary" onClick={() => setEnrolling(true)}>
            Enrol in a Plan
          </button>
        </p>
      )}
    </section>
  );
}
