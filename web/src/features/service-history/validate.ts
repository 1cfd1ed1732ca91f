import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { textProblem, vehicleYearProblem } from '@app/core/rules/fields';
import {
  type AddressBody,
  addressBody,
  addressFieldsOf,
  type AddressFields,
  validateAddress,
} from '../../lib/address-form';
import type { FieldMessages } from '../../lib/forms';

/** The edit form's values; the year is a number (NaN while the field is empty). */
export type BookingEditFields = {
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  notes: string;
};

/**
 * Booking edit (doc 2 §5, §9): make, model, year and colour required, the year a
 * whole number from 1900 to next year; notes optional. `todayIso` is today in
 * the business's zone (core/src/time.ts `today()`). The rules and their
 * messages are core's (core/src/rules/fields.ts), which the server applies too.
 */
export function validateBookingEdit(
  values: BookingEditFields,
  todayIso: string,
): FieldMessages<BookingEditFields> {
  const required = (value: string, label: string, max: number) =>
    textProblem(value, { label, max, required: true });
  return {
    vehicleMake: required(values.vehicleMake, 'Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: required(values.vehicleModel, 'Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear: vehicleYearProblem(values.vehicleYear, todayIso),
    vehicleColor: required(values.vehicleColor, 'Vehicle color', BOOKING_LIMITS.color),
    notes: textProblem(values.notes, { label: 'Notes', max: BOOKING_LIMITS.notes, multiline: true }),
  };
}

/**
 * The edit's service address (issue 20): a booking that has one keeps one
 * (every field's rule applies); a booking made before addresses may be given
 * one, or left without (all fields blank).
 */
export function validateEditAddress(
  fields: AddressFields,
  hadAddress: boolean,
): FieldMessages<AddressFields> {
  // Only the address's own fields count (the edit form holds the vehicle's too).
  const address = addressFieldsOf(fields);
  if (!hadAddress && Object.values(address).every((value) => !value.trim())) return {};
  return validateAddress(address);
}

/** The address to send with the edit: only when it changed (a change is checked again against the day's drive). */
export function changedAddress(fields: AddressFields, before: AddressFields | null): AddressBody | undefined {
  const body = addressBody(fields);
  if (!before && Object.values(body).every((value) => !value)) return undefined;
  const was = before ? addressBody(before) : null;
  return was && (Object.keys(body) as (keyof AddressBody)[]).every((key) => body[key] === was[key])
    ? undefined
    : body;
}
