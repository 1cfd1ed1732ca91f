import { everyDate, splitList } from '@app/core/timeslot/recurrence';
import { formatTime, today } from '@app/core/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentPropsWithRef, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { messageOf } from '../../lib/api';
import { refreshAfterSlotChange, servicesQueryOptions, timeSlotKeys } from '../../lib/shared-queries';
import { formatDate } from '../../lib/date';
import {
  createBulk,
  createSlot,
  deleteSlot,
  deleteSlots,
  fetchSlots,
  fetchStatistics,
  type Slot,
  type SlotFilters,
  setAvailable,
} from './api';
import './time-slot-manager.css';

/** Rows shown at first, and added by 'Show More' (the server sends up to 500 a request). */
const PAGE = 50;

const noFilters: SlotFilters = { serviceId: '', startDate: '', endDate: '', isAvailable: '', isBooked: '' };

/** Doc 2 §4: Booked if booked, else Available if available, else Unavailable. */
export const slotStatus = (slot: Pick<Slot, 'isBooked' | 'isAvailable'>) =>
  slot.isBooked ? 'Booked' : slot.isAvailable ? 'Available' : 'Unavailable';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The Time Slot Manager (doc 2 §2, §4, §5, §8): statistics, filters, the
 * single (optionally recurring) and bulk forms, and the list with toggle,
 * delete and bulk delete. Booked slots cannot be toggled, selected or deleted.
 */
export default function TimeSlotManagerPanel() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<SlotFilters>(noFilters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[] } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [shown, setShown] = useState(PAGE);

  const services = useQuery(servicesQueryOptions());
  const slots = useQuery({ queryKey: timeSlotKeys.list(filters), queryFn: () => fetchSlots(filters) });
  const stats = useQuery({ queryKey: timeSlotKeys.statistics(), queryFn: fetchStatistics });

  const refresh = async () => {
    await refreshAfterSlotChange(queryClient);
  };

  const toggle = useMutation({
    mutationFn: setAvailable,
    onSuccess: () => setNotice(null),
    onError: (error) => setNotice({ tone: 'error', text: messageOf(error, 'Error updating time slot') }),
    onSettled: () => void refresh(),
  });

  const remove = useMutation({
    mutationFn: async (ids: string[]) =>
      ids.length === 1 && ids[0] ? { msg: (await deleteSlot(ids[0])).msg } : deleteSlots(ids),
    onSuccess: (reply) => {
      setSelected(new Set());
      setNotice({ tone: 'success', text: reply.msg });
    },
    onError: (error, ids) =>
      setNotice({
        tone: 'error',
        text: messageOf(error, ids.length === 1 ? 'Error deleting time slot' : 'Error deleting time slots'),
      }),
    onSettled: () => void refresh(),
  });

  const list = slots.data?.timeSlots ?? [];
  const selectable = list.slice(0, shown).filter((slot) => !slot.isBooked);
  const allSelected = selectable.length > 0 && selectable.every((slot) => selected.has(slot._id));

  const setFilter = (name: keyof SlotFilters, value: string) => {
    setSelected(new Set());
    setShown(PAGE);
    setFilters((current) => ({ ...current, [name]: value }));
  };

  return (
    <div className="slot-manager">
      <section aria-labelledby="slot-stats-title">
        <h3 id="slot-stats-title">Statistics</h3>
        {stats.data && (
          <dl className="slot-manager__stats">
            <div>
              <dt>Total Slots</dt>
              <dd>{stats.data.totalSlots}</dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd>{stats.data.availableSlots}</dd>
            </div>
            <div>
              <dt>Booked</dt>
              <dd>{stats.data.bookedSlots}</dd>
            </div>
            <div>
              <dt>Utilization</dt>
              <dd>{stats.data.utilizationRate}%</dd>
            </div>
          </dl>
        )}
      </section>

      <div className="slot-manager__forms">
        <SingleSlotForm services={services.data ?? []} onDone={refresh} />
        <BulkSlotForm services={services.data ?? []} onDone={refresh} />
      </div>

      <section aria-labelledby="slot-list-title">
        <h3 id="slot-list-title">Time Slots</h3>
        <fieldset className="slot-manager__filters">
          <legend>Filter time slots</legend>
          <ServiceSelect
            label="Service"
            value={filters.serviceId}
            onChange={(e) => setFilter('serviceId', e.target.value)}
            services={services.data ?? []}
            placeholder="All services"
          />
          <TextField
            label="From"
            type="date"
            value={filters.startDate}
            onChange={(e) => setFilter('startDate', e.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={filters.endDate}
            onChange={(e) => setFilter('endDate', e.target.value)}
          />
          <Choice
            label="Availability"
            value={filters.isAvailable}
            onChange={(value) => setFilter('isAvailable', value)}
            options={[
              ['', 'Any'],
              ['true', 'Available'],
              ['false', 'Unavailable'],
            ]}
          />
          <Choice
            label="Booked"
            value={filters.isBooked}
            onChange={(value) => setFilter('isBooked', value)}
            options={[
              ['', 'Any'],
              ['true', 'Booked'],
              ['false', 'Not booked'],
            ]}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSelected(new Set());
              setShown(PAGE);
              setFilters(noFilters);
            }}
          >
            Clear Filters
          </button>
        </fieldset>

        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
        {slots.isError && (
          <FormMessage tone="error">{messageOf(slots.error, 'Error fetching time slots')}</FormMessage>
        )}
        {slots.isPending && <p className="status-text">Loading time slots...</p>}

        {slots.isSuccess && (
          <>
            <div className="slot-manager__bulk-actions">
              <label className="check">
                <input
                  type="checkbox"
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(selectable.map((slot) => slot._id)))
                  }
                />
                Select all unbooked
              </label>
              <button
                type="button"
                className="button button--danger"
                disabled={selected.size === 0 || remove.isPending}
                onClick={() => setConfirm({ ids: [...selected] })}
              >
                Delete Selected ({selected.size})
              </button>
            </div>
            {list.length === 0 ? (
              <p className="status-text">No time slots found.</p>
            ) : (
              <div className="slot-manager__table-wrap">
                <table className="slot-manager__table">
                  <caption className="visually-hidden">Time slots</caption>
                  <thead>
                    <tr>
                      <th scope="col">Select</th>
                      <th scope="col">Date</th>
                      <th scope="col">Time</th>
                      <th scope="col">Service</th>
                      <th scope="col">Status</th>
                      <th scope="col">Booked by</th>
                      <th scope="col">Notes</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.slice(0, shown).map((slot) => (
                      <SlotRow
                        key={slot._id}
                        slot={slot}
                        selected={selected.has(slot._id)}
                        busy={toggle.isPending || remove.isPending}
                        onSelect={(on) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (on) next.add(slot._id);
                            else next.delete(slot._id);
                            return next;
                          })
                        }
                        onToggle={() => toggle.mutate({ id: slot._id, isAvailable: !slot.isAvailable })}
                        onDelete={() => setConfirm({ ids: [slot._id] })}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {list.length > shown && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setShown(shown + PAGE)}
              >
                Show {Math.min(PAGE, list.length - shown)} More
              </button>
            )}
            {slots.data.cursor && list.length <= shown && (
              <p className="status-text">
                Showing the first {list.length} time slots. Narrow the dates or the service to see the others.
              </p>
            )}
          </>
        )}
      </section>

      {confirm && (
        <ConfirmDialog
          title="Delete time slots"
          confirmLabel="Delete"
          onConfirm={() => {
            remove.mutate(confirm.ids);
            setConfirm(null);
          }}
          onKeep={() => setConfirm(null)}
        >
          <p>
            {confirm.ids.length === 1
              ? 'Are you sure you want to delete this time slot?'
              : `Are you sure you want to delete ${confirm.ids.length} time slots?`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function SlotRow({
  slot,
  selected,
  busy,
  onSelect,
  onToggle,
  onDelete,
}: {
  slot: Slot;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const status = slotStatus(slot);
  const label = `${formatDate(slot.date)} ${formatTime(slot.time)}`;
  return (
    <tr className={`slot-row slot-row--${status.toLowerCase()}`}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          checked={selected}
          disabled={slot.isBooked}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td>{formatDate(slot.date)}</td>
      <td>{formatTime(slot.time)}</td>
      <td>{slot.service?.name ?? 'Service removed'}</td>
      <td>
        <span className={`slot-status slot-status--${status.toLowerCase()}`}>{status}</span>
      </td>
      <td>{slot.booking ? `${slot.booking.clientFirstName} ${slot.booking.clientLastName}` : ''}</td>
      <td>{slot.notes}</td>
      <td className="slot-row__actions">
        {!slot.isBooked && (
          <>
            <button type="button" className="button button--secondary" disabled={busy} onClick={onToggle}>
              {slot.isAvailable ? 'Make Unavailable' : 'Make Available'}
              <span className="visually-hidden"> {label}</span>
            </button>
            <button type="button" className="button button--danger" disabled={busy} onClick={onDelete}>
              Delete<span className="visually-hidden"> {label}</span>
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

type ServiceName = { _id: string; name: string };

function ServiceSelect({
  label,
  services,
  placeholder,
  error,
  ...select
}: Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: string;
  services: ServiceName[];
  placeholder: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {services.map((service) => (
          <option key={service._id} value={service._id}>
            {service.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

type SingleFields = {
  serviceId: string;
  date: string;
  time: string;
  isRecurring: boolean;
  recurringPattern: 'weekly' | 'daily' | 'monthly';
  recurringEndDate: string;
  notes: string;
};

const emptySingle: SingleFields = {
  serviceId: '',
  date: '',
  time: '',
  isRecurring: false,
  recurringPattern: 'weekly',
  recurringEndDate: '',
  notes: '',
};

/** Doc 2 §5: service, date and time required; an end date when recurring. */
function SingleSlotForm({ services, onDone }: { services: ServiceName[]; onDone: () => Promise<void> }) {
  const form = useForm<SingleFields>({ defaultValues: emptySingle });
  const errors = form.formState.errors;
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
      <ServiceSelect
        label="Service"
        services={services}
        placeholder="Choose a service"
        error={errors.serviceId?.message}
        {...form.register('serviceId', { required: 'Please choose a service.' })}
      />
      <TextField
        label="Date"
        type="date"
        min={today()}
        error={errors.date?.message}
        {...form.register('date', { required: 'Date is required.' })}
      />
      <TextField
        label="Time"
        type="time"
        error={errors.time?.message}
        {...form.register('time', { required: 'Time is required.' })}
      />
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
          <TextField
            label="End date"
            type="date"
            min={today()}
            error={errors.recurringEndDate?.message}
            {...form.register('recurringEndDate', {
              validate: (value, values) =>
                !values.isRecurring || value !== '' || 'An end date is required for a recurring time slot.',
            })}
          />
        </>
      )}
      <TextField label="Notes" {...form.register('notes')} />
      {create.isError && (
        <FormMessage tone="error">{messageOf(create.error, 'Error creating time slot')}</FormMessage>
      )}
      {create.isSuccess && <FormMessage tone="success">{create.data.msg}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Time Slot'}
      </button>
    </form>
  );
}

type BulkFields = { serviceId: string; startDate: string; endDate: string; times: string; notes: string };

/** Doc 2 §5: service, start and end dates and times required; times comma-separated, trimmed, empties dropped; every day of the range. */
function BulkSlotForm({ services, onDone }: { services: ServiceName[]; onDone: () => Promise<void> }) {
  const form = useForm<BulkFields>({
    defaultValues: { serviceId: '', startDate: '', endDate: '', times: '', notes: '' },
  });
  const errors = form.formState.errors;
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
      <ServiceSelect
        label="Service"
        services={services}
        placeholder="Choose a service"
        error={errors.serviceId?.message}
        {...form.register('serviceId', { required: 'Please choose a service.' })}
      />
      <TextField
        label="Start date"
        type="date"
        min={today()}
        error={errors.startDate?.message}
        {...form.register('startDate', { required: 'Start date is required.' })}
      />
      <TextField
        label="End date"
        type="date"
        min={today()}
        error={errors.endDate?.message}
        {...form.register('endDate', {
          required: 'End date is required.',
          validate: (value, values) =>
            !values.startDate || value >= values.startDate || 'The end date cannot be before the start date.',
        })}
      />
      <TextField
        label="Times (comma-separated, e.g. 09:00, 13:30)"
        error={errors.times?.message}
        {...form.register('times', {
          validate: (value) => splitList(value).length > 0 || 'Enter at least one time.',
        })}
      />
      <TextField label="Notes" {...form.register('notes')} />
      {create.isError && (
        <FormMessage tone="error">{messageOf(create.error, 'Error creating bulk time slots')}</FormMessage>
      )}
      {create.isSuccess && <FormMessage tone="success">{create.data.msg}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Time Slots'}
      </button>
    </form>
  );
}
