import { parseDurationMinutes } from '@app/core/service/duration';
import { weekdays } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { servicesQueryOptions } from '../../../lib/shared-queries';
import { createService, type ServiceForm, type ServiceRow, updateService } from '../api';
import { PHOTO_PROMPT_MAX, type ServiceFields, validateService } from '../validate';
import { FailureMessage } from '../../../components/ui/FailureMessage';

function fieldsOf(service: ServiceRow | null): ServiceFields {
  if (!service) {
    return {
      name: '',
      description: '',
      price: '',
      duration: '',
      availableDays: [],
      availableTimes: '',
      photoPrompt: '',
      photoRequired: false,
    };
  }
  return {
    name: service.name,
    description: service.description,
    price: String(service.price),
    duration: String(parseDurationMinutes(service.duration) ?? ''),
    availableDays: service.availableDays,
    availableTimes: service.availableTimes.join(', '),
    photoPrompt: service.photoPrompt ?? '',
    photoRequired: service.photoRequired === true,
  };
}

/** Doc 2 §5: name, description, price and duration required; times comma-separated, trimmed, blanks dropped. */
export function ServiceEditor({
  service,
  onCancel,
  onSaved,
}: {
  service: ServiceRow | null;
  onCancel: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const form = useForm<ServiceFields>({
    defaultValues: fieldsOf(service),
    resolver: messagesResolver(validateService),
  });
  const field = bindFields(form);
  const save = useMutation({
    mutationFn: (values: ServiceForm) =>
      service ? updateService({ id: service._id, form: values }) : createService(values),
    onSuccess: (saved) => {
      // The list shows the saved service at once; the refetch that follows confirms it.
      queryClient.setQueryData(servicesQueryOptions().queryKey, (list) =>
        service ? list?.map((s) => (s._id === saved._id ? saved : s)) : list && [...list, saved],
      );
      return onSaved(service ? 'Service updated.' : 'Service created.');
    },
  });

  return (
    <form
      className="card service-manager__form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          name: values.name.trim(),
          description: values.description.trim(),
          price: Number(values.price),
          duration: Number(values.duration),
          availableDays: values.availableDays,
          availableTimes: splitList(values.availableTimes),
          photoPrompt: values.photoPrompt.trim(),
          photoRequired: values.photoRequired,
        }),
      )}
    >
      <h3 id={titleId}>{service ? `Edit ${service.name}` : 'New Service'}</h3>
      <TextField label="Name" {...field('name')} />
      <TextAreaField label="Description" rows={3} {...field('description')} />
      <TextField
        label="Price ($)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        {...field('price')}
      />
      <TextField
        label="Duration (minutes)"
        type="number"
        min={5}
        step={1}
        inputMode="numeric"
        {...field('duration')}
      />
      <fieldset className="field field--group">
        <legend>Available days</legend>
        <div className="service-manager__days">
          {weekdays.map((day) => (
            <label key={day} className="check">
              <input type="checkbox" value={day} {...form.register('availableDays')} />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Available times (comma-separated, e.g. 09:00, 13:30)" {...field('availableTimes')} />
      <TextField
        label="Photo request at booking (optional, e.g. a photo of the warning light)"
        maxLength={PHOTO_PROMPT_MAX}
        {...field('photoPrompt')}
      />
      <label className="check">
        <input type="checkbox" {...form.register('photoRequired')} />
        Require at least one photo to book
      </label>
      <FailureMessage error={save.error} fallback="Failed to save service." />
      <div className="service-manager__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : service ? 'Update Service' : 'Create Service'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
