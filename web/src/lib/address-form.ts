import { ADDRESS_LIMITS, addressProblems } from '@app/core/rules/fields';
import type { FieldMessages } from './forms';

/**
 * A service address as a form holds it (issue 20): street, unit, city,
 * state, ZIP and access notes, as typed. Account Settings, the booking page,
 * the desk's custom booking and the booking edit all use this one shape, its
 * one validator and its one body.
 */
export type AddressFields = {
  street: string;
  unit: string;
  city: string;
  state: string;
  zipCode: string;
  accessNotes: string;
};

/** The wire's address (the names of the spec's work-order address, plus unit and access notes). */
export type AddressBody = AddressFields;

export { ADDRESS_LIMITS };

/** The state's code is two letters. */
export const STATE_LENGTH = 2;

export const emptyAddress = (): AddressFields => ({
  street: '',
  unit: '',
  city: '',
  state: '',
  zipCode: '',
  accessNotes: '',
});

/** A saved or booked address in the form's inputs (missing or null fields read as blank). */
export function addressFieldsOf(
  address: Partial<Record<keyof AddressFields, string | null>> | null,
): AddressFields {
  const text = (key: keyof AddressFields) => address?.[key] ?? '';
  return {
    street: text('street'),
    unit: text('unit'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zipCode'),
    accessNotes: text('accessNotes'),
  };
}

/** Each field's problem, with core's address rules (the ones the server applies). */
export const validateAddress = (fields: AddressFields): FieldMessages<AddressFields> =>
  addressProblems(fields);

/** The address as sent: trimmed, the state in capitals. */
export function addressBody(fields: AddressFields): AddressBody {
  return {
    street: fields.street.trim(),
    unit: fields.unit.trim(),
    city: fields.city.trim(),
    state: fields.state.trim().toUpperCase(),
    zipCode: fields.zipCode.trim(),
    accessNotes: fields.accessNotes.trim(),
  };
}
