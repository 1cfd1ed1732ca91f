import { addDays } from '@app/core/time';

/**
 * The day navigation of the admin's day views (Today, the dispatch board):
 * back and forward by `step` days from `from`, and back to today (`undefined`:
 * the page's address then names no date).
 */
export function DaySteps({
  from,
  step,
  onDate,
  showToday = true,
  labels,
  className,
}: {
  from: string;
  step: number;
  onDate: (date: string | undefined) => void;
  /** Today hides its own Today button while it shows today. */
  showToday?: boolean;
  labels: { previous: string; next: string };
  className: string;
}) {
  return (
    <div className={className} role="group" aria-label="Dates">
      <button type="button" className="button button--secondary" onClick={() => onDate(addDays(from, -step))}>
        {labels.previous}
      </button>
      {showToday && (
        <button type="button" className="button button--secondary" onClick={() => onDate(undefined)}>
          Today
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={() => onDate(addDays(from, step))}>
        {labels.next}
      </button>
    </div>
  );
}
