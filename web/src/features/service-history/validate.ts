import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { textProblem, vehicleYearProblem } from '@app/core/rules/fields';
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
