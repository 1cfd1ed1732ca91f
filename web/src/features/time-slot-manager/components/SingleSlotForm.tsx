import { today } from '@app/core/time';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { createSlot } from '../api';
import { type SingleSlotFields, validateSingleSlot } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

const emptySingle: SingleSlotFields = {
  serviceId: '',
  date: '',
  time: '',
  isRecurring: false,
  recurringPattern: 'weekly',
  recurringEndDate: '',
  notes: '',
};

/** Doc 2 §5: service, date and time required; an end date when recurring. */
export function SingleSlotForm({ onDone }: { onDone: () => Promise<void> }) {
  const form = useForm<SingleSlotFields>({
    defaultValues: emptySingle,
    resolver: messagesResolver(validateSingleSlot),
  });
  const field = bindFields(form);
  const recurring = useWatch({ control: form.control, name: 'isRecurring' });
  const formId = useId();
  const create = useMutation({
    mutationFn: createSlot,
    onSuccess: () => form.reset({ ...form.getValues(), date: '', time: '', recurringEndDate: '', notes: '' }),
    onSettled: () => void onDone(),
  });

  return (
    <form
      className="card slot-manager__form"
      aria-labelledby="single-slot-title"
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <h3 id="single-slot-title">Create Time Slot</h3>
      <ServiceSelect placeholder="Choose a service" {...field('serviceId')} />
      <TextField label="Date" type="date" min={today()} {...field('date')} />
      <TextField label="Time" type="time" {...field('time')} />
      <label className="check">
        <input type="checkbox" {...form.register('isRecurring')} />
        Recurring
      </label>
      {recurring && (
        <>
          <div className="field">
            <label htmlFor={`${formId}-pattern`}>Repeats</label>
            <select id={`${formId}-pattern`} className="select" {...form.register('recurringPattern')}>
              <option value="weekly">Weekly</option>
              <option value="daily">Daily</option>
              <option value="monthly">Monthly</option>
            </select>
          </div>
          <TextField label="End date" type="date" min={today()} {...field('recurringEndDate')} />
        </>
      )}
      <TextField label="Notes" {...form.register('notes')} />
      <FailureMessage error={create.error} fallback="Error creating time slot" />
      {create.isSuccess && <FormMessage tone="success">{create.data.msg}</FormMessage>}
      <SubmitButton busy={create.isPending} busyLabel="Creating...">
        Create Time Slot
      </SubmitButton>
    </form>
  );
}
