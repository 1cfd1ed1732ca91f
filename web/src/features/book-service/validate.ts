import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { nameProblem, textProblem, vehicleYearProblem } from '@app/core/rules/fields';
import type { FieldMessages } from '../../lib/forms';

/**
 * The confirm form's own checks (doc 1 §5, customer booking): names and the
 * vehicle's make, model, year and color are required, notes are optional and the
 * terms must be accepted. Each field's rule is core's (core/src/rules/fields.ts),
 * the one the server applies too, with the same message.
 */
export type BookingDetailsFields = {
  clientFirstName: string;
  clientLastName: string;
  vehicleMake: string;
  vehicleModel: string;
  /** As typed; a whole number from 1900 to next year when valid. */
  vehicleYear: string;
  vehicleColor: string;
  notes: string;
  acceptTerms: boolean;
};

export function validateBookingDetails(
  fields: BookingDetailsFields,
  todayDate: string,
): FieldMessages<BookingDetailsFields> {
  const vehicleText = (value: string, label: string, max: number) =>
    textProblem(value, { label, max, required: true });
  return {
    clientFirstName: nameProblem(fields.clientFirstName, 'First name'),
    clientLastName: nameProblem(fields.clientLastName, 'Last name'),
    vehicleMake: vehicleText(fields.vehicleMake, 'Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: vehicleText(fields.vehicleModel, 'Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear: vehicleYearProblem(fields.vehicleYear, todayDate),
    vehicleColor: vehicleText(fields.vehicleColor, 'Vehicle color', BOOKING_LIMITS.color),
    notes: textProblem(fields.notes, { label: 'Notes', max: BOOKING_LIMITS.notes, multiline: true }),
    acceptTerms: fields.acceptTerms ? undefined : 'Please accept the terms and conditions to book',
  };
}
