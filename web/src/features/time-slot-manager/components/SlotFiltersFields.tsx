import { useId } from 'react';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { TextField } from '../../../components/ui/TextField';
import type { SlotFilters } from '../api';

/** The list's filters (doc 2 §2): service, dates, availability, booked; Clear Filters empties them. */
export function SlotFiltersFields({
  filters,
  onChange,
  onClear,
}: {
  filters: SlotFilters;
  onChange: (name: keyof SlotFilters, value: string) => void;
  onClear: () => void;
}) {
  return (
    <fieldset className="slot-manager__filters">
      <legend>Filter time slots</legend>
      <ServiceSelect
        value={filters.serviceId}
        onChange={(e) => onChange('serviceId', e.target.value)}
        placeholder="All services"
      />
      <TextField
        label="From"
        type="date"
        value={filters.startDate}
        onChange={(e) => onChange('startDate', e.target.value)}
      />
      <TextField
        label="To"
        type="date"
        value={filters.endDate}
        onChange={(e) => onChange('endDate', e.target.value)}
      />
      <Choice
        label="Availability"
        value={filters.isAvailable}
        onChange={(value) => onChange('isAvailable', value)}
        options={[
          ['', 'Any'],
          ['true', 'Available'],
          ['false', 'Unavailable'],
        ]}
      />
      <Choice
        label="Booked"
        value={filters.isBooked}
        onChange={(value) => onChange('isBooked', value)}
        options={[
          ['', 'Any'],
          ['true', 'Booked'],
          ['false', 'Not booked'],
        ]}
      />
      <button type="button" className="button button--secondary" onClick={onClear}>
        Clear Filters
      </button>
    </fieldset>
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
