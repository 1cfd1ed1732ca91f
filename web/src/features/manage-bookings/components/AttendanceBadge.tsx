import { formatInstant } from '@app/core/time';

/**
 * "Confirmed by customer" (issue 21): the customer answered a reminder with
 * "I'll be there". Nothing when they have not (yet).
 */
export function AttendanceBadge({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span className="desk-card__attendance" title={`Confirmed ${formatInstant(at)}`}>
      Confirmed by customer
    </span>
  );
}
