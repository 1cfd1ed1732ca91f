import { formatInstant } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FailureMessage } from '../../components/ui/FailureMessage';
import { SubmitButton } from '../../components/ui/SubmitButton';
import { TextField } from '../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../lib/forms';
import { busyCalendarQueryOptions, type BusyCalendarReply, useSaveBusyCalendarMutation } from './api';
import { type AddressFields, validateAddress } from './validate';
import './busy-calendar.css';
import { ActionButton } from '../../components/ui/ActionButton';

/** What the address's state says: read when, or failing since when and why. */
function State({ calendar }: { calendar: NonNullable<BusyCalendarReply['calendar']> }) {
  if (calendar.error) {
    return (
      <p className="busy-calendar__state is-failing" role="status">
        Could not read it{calendar.failedAt ? ` since ${formatInstant(calendar.failedAt)}` : ''}:{' '}
        {calendar.error}
        {calendar.readAt ? ` Times stay blocked as read at ${formatInstant(calendar.readAt)}.` : ''}
      </p>
    );
  }
  return (
    <p className="busy-calendar__state" role="status">
      {calendar.readAt
        ? `Read at ${formatInstant(calendar.readAt)}: its busy times are blocked.`
        : 'Saved: it is read within a quarter of an hour.'}
    </p>
  );
}

/**
 * A technician's own calendar address (issue 36, decision 119): paste the
 * private iCal address of Google, Outlook or Apple, and its busy times stop
 * customers from booking that technician then. Shown masked once saved (it
 * is a secret); replace or remove it here. `technician`: the one an admin
 * names; none, the signed-in technician's own.
 */
export default function BusyCalendarPanel({ technician }: { technician?: number }) {
  const query = useQuery(busyCalendarQueryOptions(technician));
  const form = useForm<AddressFields>({
    defaultValues: { address: '' },
    resolver: messagesResolver(validateAddress),
  });
  const save = useSaveBusyCalendarMutation(technician, () => form.reset({ address: '' }));
  const field = bindFields(form, { disabled: save.isPending });
  const calendar = query.data?.calendar ?? null;
  // The technician's own page says "your"; the admin's, naming a technician, "their".
  const title = `Busy time from ${technician === undefined ? 'your' : 'their'} own calendar`;
  return (
    <section className="busy-calendar" aria-label={title}>
      <h3>{title}</h3>
      {query.isError && (
        <FailureMessage error={query.error} fallback="Could not load the calendar address." />
      )}
      {calendar ? (
        <>
          <p className="busy-calendar__address">
            Calendar address: <code>{calendar.masked}</code>
          </p>
          <State calendar={calendar} />
          <ActionButton disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remove calendar address
          </ActionButton>
        </>
      ) : (
        query.isSuccess && <p>No calendar address yet: every working time is bookable.</p>
      )}
      <form onSubmit={form.handleSubmit(({ address }) => save.mutate(address.trim()))} noValidate>
        <TextField
          label={calendar ? 'Replace with another address' : 'Private calendar address (iCal)'}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          {...field('address')}
        />
        <p className="busy-calendar__hint">
          Google: Settings → your calendar → “Secret address in iCal format”. Outlook: Publish calendar → ICS
          link. Apple: share the calendar as Public Calendar.
        </p>
        <FailureMessage error={save.error} fallback="Could not save the calendar address." />
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save calendar address
        </SubmitButton>
      </form>
    </section>
  );
}
