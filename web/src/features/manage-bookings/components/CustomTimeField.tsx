import { formatTime } from '@app/core/time';
import { type ComponentPropsWithRef, useId } from 'react';
import { CUSTOM_BOOKING_TIMES } from '../validate';

type CustomTimeFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & { error?: string };

/** The custom booking's time: every 30 minutes from 09:00 to 17:30 (doc 2 §5), as the shop's clocks show them. */
export function CustomTimeField({ error, ...select }: CustomTimeFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Time</label>
      <select
        id={id}
        className="select"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">Select a time</option>
        {CUSTOM_BOOKING_TIMES.map((time) => (
          <option key={time} value={time}>
            {formatTime(time)}
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
