import { BOOKING_LIMITS, VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/booking/rules';
import type { FieldMessages } from '../../lib/forms';

/**
 * The confirm form's own checks (doc 1 §5, customer booking): names and the
 * vehicle's make, model, year and color are required, notes are optional and the
 * terms must be accepted. Limits come from core's booking rules, which the
 * server applies too.
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

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

function text(value: string, label: string, max: number): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return `${label} is required`;
  if (trimmed.length > max) return tooLong(label, max);
  return undefined;
}

export function validateBookingDetails(
  fields: BookingDetailsFields,
  todayDate: string,
): FieldMessages<BookingDetailsFields> {
  const maxYear = vehicleYearMax(todayDate);
  const year = fields.vehicleYear.trim();
  return {
    clientFirstName: text(fields.clientFirstName, 'First name', BOOKING_LIMITS.name),
    clientLastName: text(fields.clientLastName, 'Last name', BOOKING_LIMITS.name),
    vehicleMake: text(fields.vehicleMake, 'Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: text(fields.vehicleModel, 'Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear: !year
      ? 'Vehicle year is required'
      : !/^\d{4}$/.test(year) || Number(year) < VEHICLE_YEAR_MIN || Number(year) > maxYear
        ? `Vehicle year must be a year from ${VEHICLE_YEAR_MIN} to ${maxYear}`
        : undefined,
    vehicleColor: text(fields.vehicleColor, 'Vehicle color', BOOKING_LIMITS.color),
    notes:
      fields.notes.trim().length > BOOKING_LIMITS.notes ? tooLong('Notes', BOOKING_LIMITS.notes) : undefined,
    acceptTerms: fields.acceptTerms ? undefined : 'Please accept the terms and conditions to book',
  };
}
