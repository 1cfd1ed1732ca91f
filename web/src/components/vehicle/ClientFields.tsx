import { BOOKING_LIMITS } from '@app/core/booking/rules';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../ui/TextField';

export type ClientName = 'clientFirstName' | 'clientLastName';

type ClientFieldsProps = {
  /** The form's `register` for each name field. */
  field: (name: ClientName) => UseFormRegisterReturn;
  /** The form's errors (react-hook-form's `formState.errors`). */
  errors: Partial<Record<ClientName, { message?: string } | undefined>>;
  /** The customer's own names fill in from the browser; the desk types someone else's. */
  autofill?: boolean;
};

/** The client's first and last name, with the booking's limit. The customer's booking and the desk's custom booking. */
export function ClientFields({ field, errors, autofill = false }: ClientFieldsProps) {
  return (
    <div className="form-row">
      <TextField
        label="First name"
        autoComplete={autofill ? 'given-name' : undefined}
        required
        maxLength={BOOKING_LIMITS.name}
        error={errors.clientFirstName?.message}
        {...field('clientFirstName')}
      />
      <TextField
        label="Last name"
        autoComplete={autofill ? 'family-name' : undefined}
        required
        maxLength={BOOKING_LIMITS.name}
        error={errors.clientLastName?.message}
        {...field('clientLastName')}
      />
    </div>
  );
}
