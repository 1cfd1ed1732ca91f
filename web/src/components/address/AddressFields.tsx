import type { ComponentProps } from 'react';
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
  /** One input: its label, its autofill token, its own rules; bound to the form with its error line. */
  const input = (name: keyof Fields, label: string, token: string, rules: ComponentProps<'input'>) => (
    <TextField
      label={label}
      autoComplete={auto(token)}
      {...rules}
      error={errors[name]?.message}
      {...field(name)}
    />
  );
  return (
    <div className="address-fields">
      <div className="form-row address-fields__street">
        {input('street', 'Street address', 'address-line1', {
          required: true,
          maxLength: ADDRESS_LIMITS.street,
        })}
        {input('unit', 'Unit (optional)', 'address-line2', { maxLength: ADDRESS_LIMITS.unit })}
      </div>
      <div className="form-row form-row--3">
        {input('city', 'City', 'address-level2', { required: true, maxLength: ADDRESS_LIMITS.city })}
        {input('state', 'State', 'address-level1', {
          required: true,
          maxLength: STATE_LENGTH,
          placeholder: 'PA',
        })}
        {input('zipCode', 'ZIP code', 'postal-code', {
          required: true,
          maxLength: ZIP_MAX,
          inputMode: 'numeric',
        })}
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
