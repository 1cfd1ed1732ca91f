import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyBooking, setBookingProgress } from '../api';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';
import { PROGRESS_MAX } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

/** The progress note (serviceStatus), saved on an explicit action; at most 500 characters. */
export function ProgressForm({ booking }: { booking: AdminBooking }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm({ defaultValues: { text: booking.serviceStatus } });
  const text = useWatch({ control: form.control, name: 'text' });
  const save = useMutation({
    mutationFn: (serviceStatus: string) => setBookingProgress(booking._id, serviceStatus),
    onSuccess: (updated) => applyBooking(queryClient, updated),
  });
  const unchanged = text.trim() === booking.serviceStatus.trim();

  return (
    <form
      className="desk-card__progress"
      onSubmit={form.handleSubmit((values) => save.mutate(values.text.trim()))}
    >
      <label htmlFor={id}>Service progress</label>
      <div className="desk-card__progress-row">
        <input
          id={id}
          className="input"
          maxLength={PROGRESS_MAX}
          placeholder="e.g. Technician on the way"
          aria-describedby={`${id}-count`}
          {...form.register('text', { onChange: () => save.reset() })}
        />
        <SubmitButton busy={save.isPending} busyLabel="Saving..." disabled={unchanged}>
          Save Progress
        </SubmitButton>
      </div>
      <p id={`${id}-count`} className="field__hint">
        {text.length}/{PROGRESS_MAX} characters
      </p>
      <p role="status" className="desk-card__saved">
        {save.isSuccess && deskMessages.progressSaved}
      </p>
      <FailureMessage error={save.error} fallback={deskMessages.statusFailed} />
    </form>
  );
}
