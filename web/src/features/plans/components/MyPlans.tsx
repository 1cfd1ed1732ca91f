import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { ActionButton } from '../../../components/ui/ActionButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ListOf } from '../../../components/ui/ListState';
import { formatTime } from '@app/core/time';
import { formatDate } from '../../../lib/date';
import {
  changePlan,
  type EnrolmentRow,
  myEnrolmentsQueryOptions,
  type PlanChange,
  usePlanMutation,
} from '../api';
import { EnrolForm } from './EnrolForm';
import '../plans.css';

const STATE_LABELS: Record<EnrolmentRow['state'], string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

const done: Record<PlanChange['kind'], string> = {
  skip: 'Visit skipped. Its booking is cancelled.',
  place: 'Visit booked.',
  pause: 'Plan paused. Its upcoming visits are cancelled.',
  resume: 'Plan active again. Its visits are being booked.',
  cancel: 'Plan cancelled. We have mailed you a confirmation.',
};

/** One plan: its terms, its next visits (each can be skipped), the visits that need a time, and its actions. */
function PlanCard({ e, act, busy }: { e: EnrolmentRow; act: (c: PlanChange) => void; busy: boolean }) {
  // A visit's Skip, whether it is booked or waits for a time.
  const skip = (date: string) => (
    <ActionButton
      disabled={busy}
      onClick={() => act({ kind: 'skip', id: e._id, date })}
      named={formatDate(date)}
    >
      Skip
    </ActionButton>
  );
  return (
    <li className="service-addresses__item plans__item">
      <p>
        <strong>{e.name}</strong> ·{' '}
        <span className={`plans__state plans__state--${e.state}`}>{STATE_LABELS[e.state]}</span>
      </p>
      <p className="service-addresses__meta">{e.amounts}</p>
      <p className="service-addresses__meta">{e.terms}</p>
      {e.next.length > 0 && (
        <ol className="plans__next" aria-label={`Next visits of ${e.name}`}>
          {e.next.map((v) => (
            <li key={v.date}>
              {formatDate(v.date)} at {formatTime(v.time)}
              {e.state === 'active' && skip(v.date)}
            </li>
          ))}
        </ol>
      )}
      {e.waiting.map((w) => (
        <div
          key={w.date}
          className="plans__waiting"
          role="group"
          aria-label={`Visit of ${formatDate(w.date)} needs a time`}
        >
          <p>
            The visit of {formatDate(w.date)} could not be booked at its usual time. Choose one of the nearest
            free times:
          </p>
          <p className="service-addresses__actions">
            {w.nearest.map((t) => (
              <button
                key={`${t.date}${t.time}`}
                type="button"
                className="button"
                disabled={busy}
                onClick={() => act({ kind: 'place', id: e._id, date: w.date, at: t })}
              >
                {formatDate(t.date)} at {formatTime(t.time)}
              </button>
            ))}
            {skip(w.date)}
          </p>
        </div>
      ))}
      {e.state !== 'cancelled' && (
        <p className="service-addresses__actions">
          {e.state === 'active' && (
            <ActionButton disabled={busy} onClick={() => act({ kind: 'pause', id: e._id })} named={e.name}>
              Pause
            </ActionButton>
          )}
          {e.state === 'paused' && (
            <ActionButton disabled={busy} onClick={() => act({ kind: 'resume', id: e._id })} named={e.name}>
              Resume
            </ActionButton>
          )}
          <ActionButton disabled={busy} onClick={() => act({ kind: 'cancel', id: e._id })} named={e.name}>
            Cancel plan
          </ActionButton>
        </p>
      )}
    </li>
  );
}

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
