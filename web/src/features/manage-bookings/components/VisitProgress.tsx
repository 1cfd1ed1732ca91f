import { formatTime, localOf, today } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { AskOutsideHours, asksToConfirm } from '../../../components/ui/AskOutsideHours';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { applyBooking, recordVisitStep } from '../api';
import type { AdminBooking } from '../types';

type Step = 'on-my-way' | 'arrived' | 'started';

const STEPS: { step: Step; label: string; field: 'onMyWayAt' | 'arrivedAt' | 'startedAt' }[] = [
  { step: 'on-my-way', label: 'On my way', field: 'onMyWayAt' },
  { step: 'arrived', label: 'Arrived', field: 'arrivedAt' },
  { step: 'started', label: 'Started', field: 'startedAt' },
];

const clock = (iso: string) => formatTime(localOf(iso).time);

/**
 * The visit's progress on a desk card (issue 21): "On my way" (the customer
 * is mailed the ETA and a tracking link), "Arrived" and "Started", offered on
 * a booking Confirmed for today, each with its recorded time. A step is not
 * offered again once it, or a later one, is recorded (the server says the same).
 */
export function VisitProgress({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const queryClient = useQueryClient();
  const labelId = useId();
  const record = useMutation({
    mutationFn: ({ step, confirm = false }: { step: Step; confirm?: boolean }) =>
      recordVisitStep(booking._id, step, confirm),
    onSuccess: (updated) => applyBooking(queryClient, updated),
  });
  const { progress } = booking;
  const recorded = STEPS.filter(({ field }) => progress[field] !== null);
  const actionable = booking.status === 'Confirmed' && booking.date === today();
  if (!actionable && recorded.length === 0) return null;
  const furthest = Math.max(-1, ...recorded.map((s) => STEPS.indexOf(s)));

  return (
    // Named with its card's title: the desk shows several cards, each with its visit's progress.
    <section className="desk-card__visit" aria-labelledby={`${labelId} ${describedBy}`}>
      <span id={labelId} hidden>
        Visit progress
      </span>
      {recorded.length > 0 && (
        <ul className="desk-card__visit-times">
          {recorded.map(({ field, label }) => (
            <li key={field}>
              {label} at {clock(progress[field] ?? '')}
              {field === 'onMyWayAt' && progress.etaAt && <> (ETA {clock(progress.etaAt)})</>}
            </li>
          ))}
        </ul>
      )}
      {actionable && (
        <p className="desk-card__actions">
          {STEPS.map(({ step, label }, i) => (
            <button
              key={step}
              type="button"
              className="button button--secondary"
              aria-describedby={describedBy}
              disabled={record.isPending || i <= furthest}
              onClick={() => record.mutate({ step })}
            >
              {label}
            </button>
          ))}
        </p>
      )}
      {record.isError &&
        (asksToConfirm(record.error) ? (
          <AskOutsideHours
            error={record.error}
            busy={record.isPending}
            onSend={() => record.mutate({ step: 'on-my-way', confirm: true })}
            onCancel={() => record.reset()}
          />
        ) : (
          <FormMessage tone="error">{messageOf(record.error, 'The visit could not be updated.')}</FormMessage>
        ))}
    </section>
  );
}
