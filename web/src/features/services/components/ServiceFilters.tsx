import { durationBuckets } from '@app/core/service/duration';
import {
  defaultServiceFilter,
  PRICE_FILTER,
  sameServiceFilter as sameFilter,
  type ServiceFilter,
} from '@app/core/service/filter';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { TextField } from '../../../components/ui/TextField';
import { formatWholeDollars } from '../../../lib/format';

type ServiceFiltersProps = {
  applied: ServiceFilter;
  onApply: (filter: ServiceFilter) => void;
  headingLevel: HeadingLevel;
};

/**
 * The filter sidebar (doc 1 §5). Inputs edit a draft; the list follows only
 * when 'Apply Filters' is pressed (doc 1 §4), which hands the draft to `onApply`.
 */
export function ServiceFilters({ applied, onApply, headingLevel }: ServiceFiltersProps) {
  const id = useId();
  const form = useForm<ServiceFilter>({ defaultValues: applied });
  const draft = useWatch({ control: form.control }) as ServiceFilter;
  // The applied filter can change from outside (Back, a link to /services): the draft follows it.
  const shown = useRef(applied);
  useEffect(() => {
    if (sameFilter(shown.current, applied)) return;
    shown.current = applied;
    form.reset(applied);
  }, [form, applied]);

  const apply = form.handleSubmit((filter) =>
    // The durations in the list's order, whichever was ticked first.
    onApply({
      ...filter,
      buckets: durationBuckets.map((b) => b.id).filter((b) => filter.buckets.includes(b)),
    }),
  );

  const reset = () => {
    form.reset(defaultServiceFilter);
    onApply(defaultServiceFilter);
  };

  return (
    <form className="filters" aria-labelledby={`${id}-heading`} onSubmit={apply}>
      <Heading level={headingLevel} id={`${id}-heading`} className="filters__heading">
        Filter Services
      </Heading>

      <TextField
        label="Search by name"
        type="search"
        autoComplete="off"
        placeholder="e.g. brake"
        {...form.register('search')}
      />

      <div className="field">
        <label htmlFor={`${id}-price`}>Max price: {formatWholeDollars(draft.maxPrice)}</label>
        <input
          id={`${id}-price`}
          type="range"
          min={PRICE_FILTER.min}
          max={PRICE_FILTER.max}
          step={PRICE_FILTER.step}
          aria-valuetext={formatWholeDollars(draft.maxPrice)}
          {...form.register('maxPrice', { valueAsNumber: true })}
        />
        <div className="field__range-ends" aria-hidden="true">
          <span>{formatWholeDollars(PRICE_FILTER.min)}</span>
          <span>{formatWholeDollars(PRICE_FILTER.max)}</span>
        </div>
      </div>

      <fieldset className="field field--group">
        <legend>Duration</legend>
        {durationBuckets.map((bucket) => (
          <label key={bucket.id} className="check">
            <input type="checkbox" value={bucket.id} {...form.register('buckets')} />
            {bucket.label}
          </label>
        ))}
      </fieldset>

      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          Apply Filters
        </button>
        <button type="button" className="button button--secondary" onClick={reset}>
          Reset
        </button>
      </div>
      {!sameFilter(draft, applied) && (
        <p className="filters__hint">Press Apply Filters to update the list.</p>
      )}
    </form>
  );
}
