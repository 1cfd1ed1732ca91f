import type { UseFormRegisterReturn } from 'react-hook-form';
import { ZIP_MAX } from '@app/core/rules/fields';
import { ADDRESS_LIMITS, type AddressFields as Fields, STATE_LENGTH } from '../../lib/address-form';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import './address.css';

type AddressFieldsProps = {
  /** The form's `register` for each address field (the form holds them flat: street, unit, ...). */
  field: (name: keyof Fields) => UseFormRegisterReturn;
  /** The form's errors (react-hook-form's `formState.errors`, or messages by field). */
  errors: Partial<Record<keyof Fields, { message?: string } | undefined>>;
  /** Autofill section, when a page holds more than one address. */
  section?: string;
};

/**
 * The service address's inputs (issue 20): street, unit, city, state, ZIP
 * and access notes, with the browser's address autofill. One component for
 * Account Settings, the booking page, the custom booking and the booking edit.
 */
export function AddressFields({ field, errors, section = 'service' }: AddressFieldsProps) {
  const auto = (token: string) => `section-${section} shipping ${token}`;
  return (
    <div className="address-fields">
      <div className="form-row address-fields__street">
        <TextField
          label="Street address"
          autoComplete={auto('address-line1')}
          required
          maxLength={ADDRESS_LIMITS.street}
          error={errors.street?.message}
          {...field('street')}
        />
        <TextField
          label="Unit (optional)"
          autoComplete={auto('address-line2')}
          maxLength={ADDRESS_LIMITS.unit}
          error={errors.unit?.message}
          {...field('unit')}
        />
      </div>
      <div className="form-row form-row--3">
        <TextField
          label="City"
          autoComplete={auto('address-level2')}
          required
          maxLength={ADDRESS_LIMITS.city}
          error={errors.city?.message}
          {...field('city')}
        />
        <TextField
          label="State"
          autoComplete={auto('address-level1')}
          required
          maxLength={STATE_LENGTH}
          placeholder="PA"
          error={errors.state?.message}
          {...field('state')}
        />
        <TextField
          label="ZIP code"
          autoComplete={auto('postal-code')}
          inputMode="numeric"
          required
          maxLength={ZIP_MAX}
          error={errors.zipCode?.message}
          {...field('zipCode')}
        />
      </div>
      <TextAreaField
        label="Access notes: gate code, parking (optional)"
        rows={2}
        maxLength={ADDRESS_LIMITS.accessNotes}
        placeholder="e.g. Gate code 4321; the car is behind the house"
        error={errors.accessNotes?.message}
        {...field('accessNotes')}
      />
    </div>
  );
}
