import { DESK_STATUS_FILTERS, deskStatusFilterLabel } from '@app/core/booking/rules';
import { VEHICLE_YEAR_MIN, vehicleYearMax, vehicleYearProblem } from '@app/core/rules/fields';
import { today } from '@app/core/time';
import { type FormEvent, useId, useState } from 'react';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { TextField } from '../../../components/ui/TextField';
import { emptyFilters, hasFilters } from '../list';
import type { BookingFilters } from '../types';
import { MakeAndModel } from './MakeAndModel';

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
  const [draft, setDraft] = useState<BookingFilters>(applied);
  const id = useId();
  const maxYear = vehicleYearMax(today());
  const set = (key: keyof BookingFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  // The year filter is optional; when given, it follows the vehicle year's rule.
  const yearError = draft.year.trim() ? vehicleYearProblem(draft.year, today()) : undefined;
  const [showErrors, setShowErrors] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!yearError) onSearch(draft);
  };
  const clear = () => {
    setDraft(emptyFilters);
    setShowErrors(false);
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
          value={draft.customerName}
          maxLength={80}
          placeholder="Name, ZIP or street"
          aria-describedby={`${id}-who-hint`}
          onChange={(event) => set('customerName')(event.target.value)}
        />
        <TextField
          label="From date"
          type="date"
          value={draft.startDate}
          max={draft.endDate || undefined}
          onChange={(event) => set('startDate')(event.target.value)}
        />
        <TextField
          label="To date"
          type="date"
          value={draft.endDate}
          min={draft.startDate || undefined}
          onChange={(event) => set('endDate')(event.target.value)}
        />
        <MakeAndModel
          make={draft.make}
          model={draft.model}
          onMakeChange={set('make')}
          onModelChange={set('model')}
          anyLabel={{ make: 'Any make', model: 'Any model' }}
        />
        <TextField
          label="Year"
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={maxYear}
          step={1}
          value={draft.year}
          error={showErrors ? yearError : undefined}
          onChange={(event) => set('year')(event.target.value)}
        />
        <ServiceSelect
          value={draft.service}
          onChange={(event) => set('service')(event.target.value)}
          placeholder="Any service"
          extraOptions={[[CUSTOM_SERVICE_FILTER, 'Custom service']]}
        />
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="select"
            value={draft.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            {DESK_STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter === 'open' ? '' : filter}>
                {deskStatusFilterLabel(filter)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-who-hint`} className="field__hint desk-search__hint">
        Customer name also finds a booking by its service address: a ZIP code (19380) or a street (Gay St).
      </p>
      <div className="desk-search__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Searching...' : 'Search'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={clear}
          disabled={!hasFilters(draft) && !hasFilters(applied)}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
