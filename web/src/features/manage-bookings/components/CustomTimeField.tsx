import { formatTime } from '@app/core/time';
import type { ComponentPropsWithRef } from 'react';
import { Field } from '../../../components/ui/Field';
import { CUSTOM_BOOKING_TIMES } from '../validate';

type CustomTimeFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & { error?: string };

/** The custom booking's time: every 30 minutes from 09:00 to 17:30 (doc 2 §5), as the shop's clocks show them. */
export function CustomTimeField({ error, ...select }: CustomTimeFieldProps) {
  return (
    <Field label="Time" error={error}>
      {(control) => (
        <select {...control} className="select" required {...select}>
          <option value="">Select a time</option>
          {CUSTOM_BOOKING_TIMES.map((time) => (
            <option key={time} value={time}>
              {formatTime(time)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
