import { textProblem, zipProblem } from '@app/core/rules/fields';
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

export const ADDRESS_LIMITS = { street: 120, unit: 40, city: 80, state: 2, accessNotes: 500 } as const;

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

const STATE = /^[A-Za-z]{2}$/;
export const stateMessage = 'State must be a two-letter code such as PA.';

/** Each field's problem, with core's field rules (the ones the server applies). */
export function validateAddress(fields: AddressFields): FieldMessages<AddressFields> {
  const state = fields.state.trim();
  return {
    street: textProblem(fields.street, { label: 'Street', max: ADDRESS_LIMITS.street, required: true }),
    unit: textProblem(fields.unit, { label: 'Unit', max: ADDRESS_LIMITS.unit }),
    city: textProblem(fields.city, { label: 'City', max: ADDRESS_LIMITS.city, required: true }),
    state:
      textProblem(fields.state, { label: 'State', max: ADDRESS_LIMITS.state, required: true }) ??
      (STATE.test(state) ? undefined : stateMessage),
    zipCode:
      textProblem(fields.zipCode, { label: 'ZIP code', max: 10, required: true }) ??
      zipProblem(fields.zipCode),
    accessNotes: textProblem(fields.accessNotes, {
      label: 'Access notes',
      max: ADDRESS_LIMITS.accessNotes,
      multiline: true,
    }),
  };
}

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
