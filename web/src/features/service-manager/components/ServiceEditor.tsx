import { parseDurationMinutes } from '@app/core/service/duration';
import { weekdays } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { servicesQueryOptions } from '../../../lib/shared-queries';
import { createService, type ServiceForm, type ServiceRow, updateService } from '../api';
import { dueRuleOf, PHOTO_PROMPT_MAX, type ServiceFields, validateService } from '../validate';
import { DueRuleFields } from './DueRuleFields';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { VEHICLE_CLASSES } from '@app/core/garage/model';
import { ServicePricingFields } from './ServicePricingFields';
import { MinutesField, PriceField } from './PriceFields';

/** Each class's rate as the form shows it: the service's own, else its one price and duration. */
function ratesOf(service: ServiceRow | null): ServiceFields['rates'] {
  const one = {
    price: service ? String(service.price) : '',
    duration: service ? String(parseDurationMinutes(service.duration) ?? '') : '',
  };
  const own = service?.byClass;
  return Object.fromEntries(
    VEHICLE_CLASSES.map((c) => [
      c,
      own ? { price: String(own[c].price), duration: String(own[c].duration) } : one,
    ]),
  ) as ServiceFields['rates'];
}

/** The form's rates as the API takes them (null: one price and duration). */
function byClassOf(values: ServiceFields): ServiceForm['byClass'] {
  if (!values.priceByClass) return null;
  return Object.fromEntries(
    VEHICLE_CLASSES.map((c) => [
      c,
      { price: Number(values.rates[c].price), duration: Number(values.rates[c].duration) },
    ]),
  ) as ServiceForm['byClass'];
}

function fieldsOf(service: ServiceRow | null): ServiceFields {
  const pricing = {
    priceByClass: !!service?.byClass,
    rates: ratesOf(service),
    addOnIds: service?.addOns.map((a) => a._id) ?? [],
  };
  if (!service) {
    return {
      name: '',
      description: '',
      price: '',
      duration: '',
      availableDays: [],
      availableTimes: '',
      ...pricing,
      dueEveryDays: '',
      dueEveryMiles: '',
      dueRemindDaysAhead: '',
      photoPrompt: '',
      photoRequired: false,
    };
  }
  return {
    ...pricing,
    name: service.name,
    description: service.description,
    price: String(service.price),
    duration: String(parseDurationMinutes(service.duration) ?? ''),
    availableDays: service.availableDays,
    availableTimes: service.availableTimes.join(', '),
    dueEveryDays: String(service.due?.everyDays ?? ''),
    dueEveryMiles: String(service.due?.everyMiles ?? ''),
    dueRemindDaysAhead: String(service.due?.remindDaysAhead ?? ''),
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
  const byClass = useWatch({ control: form.control, name: 'priceByClass' });
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
          // Priced by class, the server keeps the lowest class's price and duration as the service's own.
          price: Number(values.priceByClass ? values.rates.compact.price : values.price),
          duration: Number(values.priceByClass ? values.rates.compact.duration : values.duration),
          availableDays: values.availableDays,
          availableTimes: splitList(values.availableTimes),
          byClass: byClassOf(values),
          addOnIds: values.addOnIds,
          due: dueRuleOf(values),
          photoPrompt: values.photoPrompt.trim(),
          photoRequired: values.photoRequired,
        }),
      )}
    >
      <h3 id={titleId}>{service ? `Edit ${service.name}` : 'New Service'}</h3>
      <TextField label="Name" {...field('name')} />
      <TextAreaField label="Description" rows={3} {...field('description')} />
      {/* Priced by class (issue 34): each class's own fields below stand in for these. */}
      {!byClass && (
        <>
          <PriceField label="Price ($)" {...field('price')} />
          <MinutesField label="Duration (minutes)" {...field('duration')} />
        </>
      )}
      <ServicePricingFields form={form} />
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
      <DueRuleFields field={field} />
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
