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

const NAMES = [
  { name: 'clientFirstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'clientLastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

/** The client's first and last name, with the booking's limit. The customer's booking and the desk's custom booking. */
export function ClientFields({ field, errors, autofill = false }: ClientFieldsProps) {
  return (
    <div className="form-row">
      {NAMES.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          label={label}
          autoComplete={autofill ? autoComplete : undefined}
          required
          maxLength={BOOKING_LIMITS.name}
          error={errors[name]?.message}
          {...field(name)}
        />
      ))}
    </div>
  );
}
