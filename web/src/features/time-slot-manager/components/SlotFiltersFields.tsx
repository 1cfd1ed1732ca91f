import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import type { SlotFilters } from '../api';

/** The two dates, and the two yes-or-no choices with what each answer reads. */
const dates = [
  ['startDate', 'From'],
  ['endDate', 'To'],
] as const;
const choices = [
  ['isAvailable', 'Availability', 'Available', 'Unavailable'],
  ['isBooked', 'Booked', 'Booked', 'Not booked'],
] as const;

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
      {dates.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          type="date"
          value={filters[name]}
          onChange={(e) => onChange(name, e.target.value)}
        />
      ))}
      {choices.map(([name, label, yes, no]) => (
        <SelectField
          key={name}
          label={label}
          value={filters[name]}
          onChange={(e) => onChange(name, e.target.value)}
          options={[
            ['', 'Any'],
            ['true', yes],
            ['false', no],
          ]}
        />
      ))}
      <button type="button" className="button button--secondary" onClick={onClear}>
        Clear Filters
      </button>
    </fieldset>
  );
}
