import type { weekdays } from '@app/core/time';
import { type ReactNode, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { messagesResolver } from '../../../lib/forms';
import {
  type DeactivateReply,
  daysSummary,
  hoursSummary,
  type TechnicianReply,
  useEditTechnicianMutation,
  useToggleTechnicianMutation,
} from '../api';
import { type HoursFields, validateHours } from '../validate';
import { daysOffOf, type WorkingTime, WorkingTimeFields } from './WorkingTimeFields';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

const timeOf = (t: TechnicianReply): WorkingTime => ({
  workingDays: t.workingDays,
  dayStart: t.dayStart,
  dayEnd: t.dayEnd,
  daysOff: t.daysOff.join(', '),
});

/**
 * One technician: who, when they work, and the admin's actions (edit the
 * working time, deactivate or activate). Deactivating lists their jobs still
 * to come, to give to others on the dispatch board or the desk.
 */
export function TechnicianRow({
  technician: t,
  renderCalendar,
}: {
  technician: TechnicianReply;
  renderCalendar?: (technician: number) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [calendar, setCalendar] = useState(false);
  // The row stays mounted across the list's refreshes (what deactivating says stays in view);
  // the form follows the saved working time, keeping what the admin is typing.
  const form = useForm<HoursFields>({
    values: { hours: timeOf(t) },
    resetOptions: { keepDirtyValues: true },
    resolver: messagesResolver(validateHours),
  });
  const { field: hours } = useController({ control: form.control, name: 'hours' });
  const [left, setLeft] = useState<DeactivateReply | null>(null);
  const save = useEditTechnicianMutation(t.number, () => setEditing(false));
  const toggle = useToggleTechnicianMutation(t);
  const submit = form.handleSubmit(({ hours: time }) =>
    save.mutate({
      workingDays: time.workingDays as (typeof weekdays)[number][],
      dayStart: time.dayStart,
      dayEnd: time.dayEnd,
      daysOff: daysOffOf(time.daysOff),
    }),
  );
  const name = `${t.firstName} ${t.lastName}`;
  return (
    <li className={t.active ? 'technicians__row' : 'technicians__row is-inactive'}>
      <div className="technicians__who">
        <strong>
          {t.number}. {name}
        </strong>{' '}
        {!t.active && <span className="badge">Deactivated</span>}
        {t.active && !t.hasAccount && <span className="badge">No sign-in</span>}
        <div className="technicians__contact">
          {t.email && <span>{t.email}</span>} {t.phone && <span>{t.phone}</span>}
        </div>
        <div className="technicians__time">
          {daysSummary(t.workingDays)} · {hoursSummary(t)}
          {t.daysOff.length > 0 && ` · Off: ${t.daysOff.join(', ')}`}
        </div>
      </div>
      <div className="technicians__actions">
        <button type="button" className="button button--secondary" onClick={() => setEditing(!editing)}>
          {editing ? 'Close' : 'Edit hours'}
        </button>
        {renderCalendar && (
          <button type="button" className="button button--secondary" onClick={() => setCalendar(!calendar)}>
            {calendar ? 'Close calendar' : 'Own calendar'}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(undefined, { onSuccess: setLeft })}
        >
          {t.active ? `Deactivate ${name}` : `Activate ${name}`}
        </button>
      </div>
      {editing && (
        <form
          className="technicians__edit"
          onSubmit={submit}
          noValidate
          aria-label={`Working time of ${name}`}
        >
          <WorkingTimeFields value={hours.value} onChange={hours.onChange} />
          <FailureMessage error={save.error} fallback="Could not save the working time." />
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            Save working time
          </SubmitButton>
        </form>
      )}
      {calendar && renderCalendar?.(t.number)}
      <FailureMessage error={toggle.error} fallback="Could not change the technician." />
      {left && (
        <div className="technicians__left" role="status">
          {left.jobsToReassign.length === 0 ? (
            <p>{name} has no jobs still to come.</p>
          ) : (
            <>
              <p>{name} still holds these jobs: give each to another technician on the dispatch board.</p>
              <ul>
                {left.jobsToReassign.map((job) => (
                  <li key={job._id}>
                    {job.date} {job.time}: {job.serviceName} for {job.customerName}
                  </li>
                ))}
              </ul>
              {left.cursor && <p>More jobs follow: see the dispatch board.</p>}
            </>
          )}
        </div>
      )}
    </li>
  );
}
