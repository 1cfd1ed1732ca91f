import { parseDurationMinutes } from '@app/core/service/duration';
import { addDays, today, weekdays } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { messageOf } from '../../lib/api';
import { refreshAfterServiceChange, servicesQueryOptions, timeSlotKeys } from '../../lib/shared-queries';
import {
  createService,
  createServiceSlots,
  deleteService,
  fetchSlotStats,
  type ServiceForm,
  type ServiceRow,
  updateService,
} from './api';
import './service-manager.css';
import { formatPrice } from '../../lib/format';

/** Doc 2 §5's two Create Slots messages. */
export const NO_TIMES = 'No available times set for this service. Please add available times first.';
export const NO_DAYS = 'No available days set for this service. Please add available days first.';
/** Create Slots reaches today plus 30 days (doc 2 §9). */
const WINDOW_DAYS = 30;

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The service manager (doc 2 §2, §5, §8): create, edit and delete services
 * (with confirmation), each service's slot statistics and its Create Slots
 * action. Every write refreshes the public service pages' data too.
 */
export default function ServiceManagerPanel() {
  const queryClient = useQueryClient();
  const services = useQuery(servicesQueryOptions());
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ServiceRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const refresh = () => refreshAfterServiceChange(queryClient);

  const remove = useMutation({
    mutationFn: deleteService,
    onSuccess: (_reply, serviceId) => {
      // The card goes at once, and its statistics are not asked for again (the service is gone).
      queryClient.setQueryData(servicesQueryOptions().queryKey, (list) =>
        list?.filter((s) => s._id !== serviceId),
      );
      queryClient.removeQueries({ queryKey: timeSlotKeys.ofService(serviceId) });
      setNotice({ tone: 'success', text: 'Service deleted.' });
    },
    onError: (error) => setNotice({ tone: 'error', text: messageOf(error, 'Could not delete service.') }),
    onSettled: () => void refresh(),
  });

  return (
    <div className="service-manager">
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {editing ? (
        <ServiceEditor
          service={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setNotice({ tone: 'success', text });
            await refresh();
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Add Service
        </button>
      )}

      {services.isError && (
        <FormMessage tone="error">{messageOf(services.error, 'Could not fetch services.')}</FormMessage>
      )}
      {services.isPending && <p className="status-text">Loading services...</p>}
      {services.data?.length === 0 && <p className="status-text">No services yet.</p>}
      <ul className="service-manager__list">
        {services.data?.map((service) => (
          <ServiceCard
            key={service._id}
            service={service}
            busy={remove.isPending}
            onEdit={() => {
              setNotice(null);
              setEditing(service);
            }}
            onDelete={() => setDeleting(service)}
            onSlotsCreated={refresh}
          />
        ))}
      </ul>

      {deleting && (
        <ConfirmDialog
          title="Delete service"
          confirmLabel="Delete Service"
          onConfirm={() => {
            remove.mutate(deleting._id);
            setDeleting(null);
          }}
          onKeep={() => setDeleting(null)}
        >
          <p>
            Are you sure you want to delete this service? {deleting.name} will no longer be offered; its
            existing bookings are kept, and its future unbooked time slots are removed.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function ServiceCard({
  service,
  busy,
  onEdit,
  onDelete,
  onSlotsCreated,
}: {
  service: ServiceRow;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSlotsCreated: () => Promise<unknown>;
}) {
  const titleId = useId();
  const stats = useQuery({
    queryKey: timeSlotKeys.ofService(service._id),
    queryFn: () => fetchSlotStats(service._id),
  });
  const [slotNotice, setSlotNotice] = useState<Notice>(null);
  const createSlots = useMutation({
    mutationFn: createServiceSlots,
    onSuccess: (reply) => setSlotNotice({ tone: 'success', text: reply.msg }),
    onError: (error) =>
      setSlotNotice({ tone: 'error', text: messageOf(error, 'Failed to create time slots.') }),
    onSettled: () => void onSlotsCreated(),
  });

  const onCreateSlots = () => {
    setSlotNotice(null);
    if (service.availableTimes.length === 0) return setSlotNotice({ tone: 'error', text: NO_TIMES });
    if (service.availableDays.length === 0) return setSlotNotice({ tone: 'error', text: NO_DAYS });
    const start = today();
    createSlots.mutate({
      serviceId: service._id,
      availableTimes: service.availableTimes,
      availableDays: service.availableDays,
      startDate: start,
      endDate: addDays(start, WINDOW_DAYS),
      notes: '',
    });
  };

  return (
    <li className="card service-manager__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{service.name}</h3>
      <p>{service.description}</p>
      <dl className="service-manager__facts">
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(service.price)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{typeof service.duration === 'number' ? `${service.duration} minutes` : service.duration}</dd>
        </div>
        <div>
          <dt>Days</dt>
          <dd>{service.availableDays.join(', ') || 'None set'}</dd>
        </div>
        <div>
          <dt>Times</dt>
          <dd>{service.availableTimes.join(', ') || 'None set'}</dd>
        </div>
        <div>
          <dt>Time slots</dt>
          <dd>
            {stats.data
              ? `${stats.data.total} total, ${stats.data.available} available, ${stats.data.booked} booked`
              : stats.isError
                ? 'Unavailable'
                : 'Loading...'}
          </dd>
        </div>
      </dl>
      {slotNotice && <FormMessage tone={slotNotice.tone}>{slotNotice.text}</FormMessage>}
      <div className="service-manager__actions">
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit<span className="visually-hidden"> {service.name}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={createSlots.isPending}
          onClick={onCreateSlots}
        >
          {createSlots.isPending ? 'Creating...' : 'Create Slots'}
          <span className="visually-hidden"> for {service.name}</span>
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onDelete}>
          Delete<span className="visually-hidden"> {service.name}</span>
        </button>
      </div>
    </li>
  );
}

type Fields = {
  name: string;
  description: string;
  price: string;
  duration: string;
  availableDays: string[];
  availableTimes: string;
};

function fieldsOf(service: ServiceRow | null): Fields {
  if (!service) {
    return { name: '', description: '', price: '', duration: '', availableDays: [], availableTimes: '' };
  }
  return {
    name: service.name,
    description: service.description,
    price: String(service.price),
    duration: String(parseDurationMinutes(service.duration) ?? ''),
    availableDays: service.availableDays,
    availableTimes: service.availableTimes.join(', '),
  };
}

/** Doc 2 §5: name, description, price and duration required; times comma-separated, trimmed, blanks dropped. */
function ServiceEditor({
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
  const form = useForm<Fields>({ defaultValues: fieldsOf(service) });
  const errors = form.formState.errors;
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
        }),
      )}
    >
      <h3 id={titleId}>{service ? `Edit ${service.name}` : 'New Service'}</h3>
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name', { validate: (v) => v.trim() !== '' || 'Name is required.' })}
      />
      <div className="field">
        <label htmlFor={`${titleId}-description`}>Description</label>
        <textarea
          id={`${titleId}-description`}
          className="input"
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${titleId}-description-error` : undefined}
          {...form.register('description', {
            validate: (v) => v.trim() !== '' || 'Description is required.',
          })}
        />
        {errors.description && (
          <p id={`${titleId}-description-error`} className="field__error">
            {errors.description.message}
          </p>
        )}
      </div>
      <TextField
        label="Price ($)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        error={errors.price?.message}
        {...form.register('price', {
          validate: (v) =>
            (v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0) ||
            'Price is required and cannot be negative.',
        })}
      />
      <TextField
        label="Duration (minutes)"
        type="number"
        min={5}
        step={1}
        inputMode="numeric"
        error={errors.duration?.message}
        {...form.register('duration', {
          validate: (v) =>
            (v.trim() !== '' && Number.isInteger(Number(v)) && Number(v) >= 5) ||
            'Duration is required: a whole number of minutes, at least 5.',
        })}
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
      <TextField
        label="Available times (comma-separated, e.g. 09:00, 13:30)"
        error={errors.availableTimes?.message}
        {...form.register('availableTimes', {
          validate: (v) =>
            splitList(v).every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t)) ||
            'Times must look like 09:30 (24-hour).',
        })}
      />
      {save.isError && (
        <FormMessage tone="error">{messageOf(save.error, 'Failed to save service.')}</FormMessage>
      )}
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
