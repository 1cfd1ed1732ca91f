import { ActionButton } from '../../../components/ui/ActionButton';
import { formatTime } from '@app/core/time';
import { formatDate } from '../../../lib/date';
import type { EnrolmentRow, PlanChange } from '../api';

const STATE_LABELS: Record<EnrolmentRow['state'], string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

export const done: Record<PlanChange['kind'], string> = {
  skip: 'Visit skipped. Its booking is cancelled.',
  place: 'Visit booked.',
  pause: 'Plan paused. Its upcoming visits are cancelled.',
  resume: 'Plan active again. Its visits are being booked.',
  cancel: 'Plan cancelled. We have mailed you a confirmation.',
};

/**
 * One plan: its terms, its next visits (each can be skipped), the visits that need a time, and its
 * actions; without `act`, read-only (a used plan link's page).
 */
export function PlanCard({
  e,
  act,
  busy,
}: {
  e: EnrolmentRow;
  act?: (c: PlanChange) => void;
  busy: boolean;
}) {
  const open = act ? e.state : 'cancelled';
  // A visit's Skip, whether it is booked or waits for a time.
  const skip = (date: string) => (
    <ActionButton
      disabled={busy}
      onClick={() => act?.({ kind: 'skip', id: e._id, date })}
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
              {open === 'active' && skip(v.date)}
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
                onClick={() => act?.({ kind: 'place', id: e._id, date: w.date, at: t })}
              >
                {formatDate(t.date)} at {formatTime(t.time)}
              </button>
            ))}
            {skip(w.date)}
          </p>
        </div>
      ))}
      {open !== 'cancelled' && (
        <p className="service-addresses__actions">
          {open === 'active' && (
            <ActionButton disabled={busy} onClick={() => act?.({ kind: 'pause', id: e._id })} named={e.name}>
              Pause
            </ActionButton>
          )}
          {open === 'paused' && (
            <ActionButton disabled={busy} onClick={() => act?.({ kind: 'resume', id: e._id })} named={e.name}>
              Resume
            </ActionButton>
          )}
          <ActionButton disabled={busy} onClick={() => act?.({ kind: 'cancel', id: e._id })} named={e.name}>
            Cancel plan
          </ActionButton>
        </p>
      )}
    </li>
  );
}
