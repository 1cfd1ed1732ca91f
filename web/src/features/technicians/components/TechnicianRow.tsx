import type { weekdays } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { dispatchKeys } from '../../../lib/dispatch';
import {
  activateTechnician,
  type DeactivateReply,
  daysSummary,
  deactivateTechnician,
  editTechnician,
  hoursSummary,
  technicianKeys,
  type TechnicianReply,
} from '../api';
import { daysOffOf, type WorkingTime, WorkingTimeFields } from './WorkingTimeFields';

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
export function TechnicianRow({ technician: t }: { technician: TechnicianReply }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [hours, setHours] = useState(() => timeOf(t));
  const [left, setLeft] = useState<DeactivateReply | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: technicianKeys.all });
    void client.invalidateQueries({ queryKey: dispatchKeys.all });
  };
  const save = useMutation({
    mutationFn: () =>
      editTechnician(t.number, {
        workingDays: hours.workingDays as (typeof weekdays)[number][],
        dayStart: hours.dayStart,
        dayEnd: hours.dayEnd,
        daysOff: daysOffOf(hours.daysOff),
      }),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: async () => {
      if (!t.active) return activateTechnician(t.number).then(() => null);
      return deactivateTechnician(t.number);
    },
    onSuccess: (reply) => {
      setLeft(reply);
      refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
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
        <button
          type="button"
          className="button button--secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {t.active ? `Deactivate ${name}` : `Activate ${name}`}
        </button>
      </div>
      {editing && (
        <form className="technicians__edit" onSubmit={submit} aria-label={`Working time of ${name}`}>
          <WorkingTimeFields value={hours} onChange={setHours} />
          {save.isError && (
            <FormMessage tone="error">
              {messageOf(save.error, 'Could not save the working time.')}
            </FormMessage>
          )}
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save working time'}
          </button>
        </form>
      )}
      {toggle.isError && (
        <FormMessage tone="error">{messageOf(toggle.error, 'Could not change the technician.')}</FormMessage>
      )}
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
