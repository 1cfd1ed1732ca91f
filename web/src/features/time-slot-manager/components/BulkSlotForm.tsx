import { everyDate, splitList } from '@app/core/timeslot/recurrence';
import { today } from '@app/core/time';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { createBulk } from '../api';
import { type BulkSlotFields, validateBulkSlots } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

/** Doc 2 §5: service, start and end dates and times required; times comma-separated, trimmed, empties dropped; every day of the range. */
export function BulkSlotForm({ onDone }: { onDone: () => Promise<void> }) {
  const form = useForm<BulkSlotFields>({
    defaultValues: { serviceId: '', startDate: '', endDate: '', times: '', notes: '' },
    resolver: messagesResolver(validateBulkSlots),
  });
  const field = bindFields(form);
  const create = useMutation({
    mutationFn: createBulk,
    onSuccess: () => form.reset({ ...form.getValues(), startDate: '', endDate: '', times: '', notes: '' }),
    onSettled: () => void onDone(),
  });

  return (
    <form
      className="card slot-manager__form"
      aria-labelledby="bulk-slot-title"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        create.mutate({
          serviceId: values.serviceId,
          dates: everyDate(values.startDate, values.endDate),
          times: splitList(values.times),
          notes: values.notes,
        }),
      )}
    >
      <h3 id="bulk-slot-title">Bulk Create Time Slots</h3>
      <ServiceSelect placeholder="Choose a service" {...field('serviceId')} />
      <TextField label="Start date" type="date" min={today()} {...field('startDate')} />
      <TextField label="End date" type="date" min={today()} {...field('endDate')} />
      <TextField label="Times (comma-separated, e.g. 09:00, 13:30)" {...field('times')} />
      <TextField label="Notes" {...form.register('notes')} />
      <FailureMessage error={create.error} fallback="Error creating bulk time slots" />
      {create.isSuccess && <FormMessage tone="success">{create.data.msg}</FormMessage>}
      <SubmitButton busy={create.isPending} busyLabel="Creating...">
        Create Time Slots
      </SubmitButton>
    </form>
  );
}
