import { weekdays } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { dispatchKeys } from '../../../lib/dispatch';
import { inviteTechnician, technicianKeys } from '../api';
import { daysOffOf, type WorkingTime, WorkingTimeFields } from './WorkingTimeFields';

const empty = { firstName: '', lastName: '', email: '', phone: '' };
const wholeWeek: WorkingTime = {
  workingDays: [...weekdays],
  dayStart: '07:00',
  dayEnd: '19:00',
  daysOff: '',
};

/** Invites a technician: their account, and a mail whose link sets the password (as for shop-made customers). */
export function InviteTechnician() {
  const client = useQueryClient();
  const [person, setPerson] = useState(empty);
  const [hours, setHours] = useState(wholeWeek);
  const invite = useMutation({
    mutationFn: () =>
      inviteTechnician({
        ...person,
        workingDays: hours.workingDays as (typeof weekdays)[number][],
        dayStart: hours.dayStart,
        dayEnd: hours.dayEnd,
        daysOff: daysOffOf(hours.daysOff),
      }),
    onSuccess: () => {
      setPerson(empty);
      setHours(wholeWeek);
      void client.invalidateQueries({ queryKey: technicianKeys.all });
      void client.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const field = (key: keyof typeof empty) => ({
    value: person[key],
    onChange: (e: { target: { value: string } }) => setPerson({ ...person, [key]: e.target.value }),
  });
  return (
    <form className="technicians__invite" onSubmit={submit} aria-label="Invite a technician">
      <h3>Invite a technician</h3>
      <div className="technicians__names">
        <TextField label="First name" required {...field('firstName')} />
        <TextField label="Last name" required {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" required {...field('email')} />
      <TextField label="Phone" type="tel" {...field('phone')} />
      <WorkingTimeFields value={hours} onChange={setHours} />
      {invite.isError && (
        <FormMessage tone="error">{messageOf(invite.error, 'Could not invite the technician.')}</FormMessage>
      )}
      {invite.isSuccess && (
        <FormMessage tone="success">
          Invitation sent to {invite.data.email}: technician {invite.data.number}.
        </FormMessage>
      )}
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </button>
    </form>
  );
}
