import { BOOKING_LIMITS, VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/booking/rules';
import type { FieldMessages } from '../../lib/forms';

/** The edit form's values; the year is a number (NaN while the field is empty). */
export type BookingEditFields = {
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  notes: string;
};

const required = (value: string, label: string, max: number): string | undefined => {
  const text = value.trim();
  if (!text) return `${label} is required.`;
  if (text.length > max) return `${label} can be at most ${max} characters.`;
  return undefined;
};

/**
 * Booking edit (doc 2 §5, §9): make, model, year and colour required, the year a
 * whole number from 1900 to next year; notes optional. `todayIso` is today in
 * the business's zone (core/src/time.ts `today()`).
 */
export function validateBookingEdit(
  values: BookingEditFields,
  todayIso: string,
): FieldMessages<BookingEditFields> {
  const max = vehicleYearMax(todayIso);
  const year = values.vehicleYear;
  return {
    vehicleMake: required(values.vehicleMake, 'Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: required(values.vehicleModel, 'Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear:
      typeof year !== 'number' || Number.isNaN(year)
        ? 'Vehicle year is required.'
        : !Number.isInteger(year) || year < VEHICLE_YEAR_MIN || year > max
          ? `Vehicle year must be a whole number from ${VEHICLE_YEAR_MIN} to ${max}.`
          : undefined,
    vehicleColor: required(values.vehicleColor, 'Vehicle color', BOOKING_LIMITS.color),
    notes:
      values.notes.trim().length > BOOKING_LIMITS.notes
        ? `Notes can be at most ${BOOKING_LIMITS.notes} characters.`
        : undefined,
  };
}
