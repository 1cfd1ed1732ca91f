import { type DurationBucket, durationBuckets } from '@app/core/service/duration';
import { defaultServiceFilter, PRICE_FILTER, type ServiceFilter } from '@app/core/service/filter';
import { type FormEvent, useId, useState } from 'react';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { formatWholeDollars } from '../../../lib/format';

type ServiceFiltersProps = {
  applied: ServiceFilter;
  onApply: (filter: ServiceFilter) => void;
  headingLevel: HeadingLevel;
};

const sameFilter = (a: ServiceFilter, b: ServiceFilter) =>
  a.search.trim() === b.search.trim() &&
  a.maxPrice === b.maxPrice &&
  a.buckets.length === b.buckets.length &&
  a.buckets.every((bucket) => b.buckets.includes(bucket));

/**
 * The filter sidebar (doc 1 §5). Inputs edit a draft; the list follows only
 * when 'Apply Filters' is pressed (doc 1 §4), which hands the draft to `onApply`.
 */
export function ServiceFilters({ applied, onApply, headingLevel }: ServiceFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState<ServiceFilter>(applied);
  // The applied filter can change from outside (Back, a link to /services): the draft follows it.
  const [shown, setShown] = useState<ServiceFilter>(applied);
  if (!sameFilter(shown, applied)) {
    setShown(applied);
    setDraft(applied);
  }

  const toggleBucket = (bucket: DurationBucket, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      buckets: checked
        ? durationBuckets.map((b) => b.id).filter((b) => b === bucket || current.buckets.includes(b))
        : current.buckets.filter((b) => b !== bucket),
    }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  const reset = () => {
    setDraft(defaultServiceFilter);
    onApply(defaultServiceFilter);
  };

  return (
    <form className="filters" aria-labelledby={`${id}-heading`} onSubmit={apply}>
      <Heading level={headingLevel} id={`${id}-heading`} className="filters__heading">
        Filter Services
      </Heading>

      <div className="field">
        <label htmlFor={`${id}-search`}>Search by name</label>
        <input
          id={`${id}-search`}
          type="search"
          value={draft.search}
          autoComplete="off"
          placeholder="e.g. brake"
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
      </div>

      <div className="field">
        <label htmlFor={`${id}-price`}>Max price: {formatWholeDollars(draft.maxPrice)}</label>
        <input
          id={`${id}-price`}
          type="range"
          min={PRICE_FILTER.min}
          max={PRICE_FILTER.max}
          step={PRICE_FILTER.step}
          value={draft.maxPrice}
          aria-valuetext={formatWholeDollars(draft.maxPrice)}
          onChange={(event) => setDraft({ ...draft, maxPrice: Number(event.target.value) })}
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
            <input
              type="checkbox"
              checked={draft.buckets.includes(bucket.id)}
              onChange={(event) => toggleBucket(bucket.id, event.target.checked)}
            />
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
