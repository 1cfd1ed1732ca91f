import { weekdays } from '@app/core/time';
import { useController, useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { messagesResolver } from '../../../lib/forms';
import { useInviteTechnicianMutation } from '../api';
import { type InviteFields, validateInvite } from '../validate';
import { daysOffOf, WorkingTimeFields } from './WorkingTimeFields';

const empty: InviteFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  hours: { workingDays: [...weekdays], dayStart: '07:00', dayEnd: '19:00', daysOff: '' },
};

/** Invites a technician: their account, and a mail whose link sets the password (as for shop-made customers). */
export function InviteTechnician() {
  const form = useForm<InviteFields>({ defaultValues: empty, resolver: messagesResolver(validateInvite) });
  const { field: hours } = useController({ control: form.control, name: 'hours' });
  const invite = useInviteTechnicianMutation(() => form.reset(empty));
  const errors = form.formState.errors;
  const submit = form.handleSubmit(({ hours: time, ...person }) =>
    invite.mutate({
      ...person,
      workingDays: time.workingDays as (typeof weekdays)[number][],
      dayStart: time.dayStart,
      dayEnd: time.dayEnd,
      daysOff: daysOffOf(time.daysOff),
    }),
  );
  return (
    <form className="technicians__invite" onSubmit={submit} noValidate aria-label="Invite a technician">
      <h3>Invite a technician</h3>
      <div className="technicians__names">
        <TextField
          label="First name"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField label="Phone" type="tel" error={errors.phone?.message} {...form.register('phone')} />
      <WorkingTimeFields value={hours.value} onChange={hours.onChange} />
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
