import { DESK_STATUS_FILTERS, deskStatusFilterLabel } from '@app/core/booking/rules';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/rules/fields';
import { today } from '@app/core/time';
import { useId } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { messagesResolver } from '../../../lib/forms';
import { emptyFilters, hasFilters } from '../list';
import type { BookingFilters } from '../types';
import { validateBookingSearch } from '../validate';
import { MakeAndModel } from './MakeAndModel';
import { ActionButton } from '../../../components/ui/ActionButton';

/** The value the service filter sends for custom bookings (contract: service=custom). */
export const CUSTOM_SERVICE_FILTER = 'custom';

/**
 * Advanced search (doc 2 §2): customer name, date range, make, model, year and
 * service, and (issue 30) which bookings: the open ones, a status (Completed,
 * Cancelled ...), the paid or refunded ones, or all. Only the non-empty filters are sent; 'Clear' goes back to every
 * active booking.
 */
export function BookingSearch({
  applied,
  onSearch,
  busy,
}: {
  applied: BookingFilters;
  onSearch: (filters: BookingFilters) => void;
  busy: boolean;
}) {
  // The draft starts from the filters applied; the year's message shows from the first Search on.
  const form = useForm<BookingFilters>({
    defaultValues: applied,
    resolver: messagesResolver((filters) => validateBookingSearch(filters, today())),
    shouldFocusError: false,
  });
  const { field: make } = useController({ control: form.control, name: 'make' });
  const { field: model } = useController({ control: form.control, name: 'model' });
  const draft = useWatch({ control: form.control }) as BookingFilters;
  const id = useId();
  const maxYear = vehicleYearMax(today());

  const submit = form.handleSubmit(onSearch);
  const clear = () => {
    form.reset(emptyFilters);
    onSearch(emptyFilters);
  };

  return (
    <form className="desk-search" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 id={`${id}-title`} className="desk-search__title">
        Advanced Search
      </h4>
      <div className="desk-search__grid">
        <TextField
          label="Customer name"
          maxLength={80}
          placeholder="Name, ZIP or street"
          aria-describedby={`${id}-who-hint`}
          {...form.register('customerName')}
        />
        <TextField
          label="From date"
          type="date"
          max={draft.endDate || undefined}
          {...form.register('startDate')}
        />
        <TextField
          label="To date"
          type="date"
          min={draft.startDate || undefined}
          {...form.register('endDate')}
        />
        <MakeAndModel
          make={make.value}
          model={model.value}
          onMakeChange={make.onChange}
          onModelChange={model.onChange}
          anyLabel={{ make: 'Any make', model: 'Any model' }}
        />
        <TextField
          label="Year"
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={maxYear}
          step={1}
          error={form.formState.errors.year?.message}
          {...form.register('year')}
        />
        <ServiceSelect
          {...form.register('service')}
          placeholder="Any service"
          extraOptions={[[CUSTOM_SERVICE_FILTER, 'Custom service']]}
        />
        <SelectField
          label="Status"
          options={DESK_STATUS_FILTERS.map((filter) => [
            filter === 'open' ? '' : filter,
            deskStatusFilterLabel(filter),
          ])}
          {...form.register('status')}
        />
      </div>
      <p id={`${id}-who-hint`} className="field__hint desk-search__hint">
        Customer name also finds a booking by its service address: a ZIP code (19380) or a street (Gay St).
      </p>
      <div className="desk-search__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Searching...' : 'Search'}
        </button>
        <ActionButton onClick={clear} disabled={!hasFilters(draft) && !hasFilters(applied)}>
          Clear
        </ActionButton>
      </div>
    </form>
  );
}
