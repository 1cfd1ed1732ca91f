import { isVehicleClass } from '@app/core/garage/model';
import { isCalendarDate, isClockTime } from '@app/core/time';
import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { nameProblem, PHONE_MAX, textProblem, vehicleYearProblem, zipProblem } from '@app/core/rules/fields';
import { photoMessages } from '@app/core/photo/messages';
import { usPhoneProblem } from '@app/core/rules/phone';
import type { ClientAndVehicleFields } from '../../components/vehicle/VehicleFields';
import type { FieldMessages } from '../../lib/forms';

/**
 * The confirm form's own checks (doc 1 §5, customer booking): names and the
 * vehicle's make, model, year and color are required, notes are optional and the
 * terms must be accepted. Each field's rule is core's (core/src/rules/fields.ts),
 * the one the server applies too, with the same message.
 */
export type BookingDetailsFields = ClientAndVehicleFields & {
  /** Asked only when the account has no number (issue 30); kept on the account by the server. */
  phone: string;
  /** The garage vehicle picked (issue 34); '' for another vehicle, typed. */
  vehicleId?: string;
  /** The photos uploaded for it (issue 34): their ids. */
  photoIds: string[];
  acceptTerms: boolean;
};

export function validateBookingDetails(
  fields: BookingDetailsFields,
  todayDate: string,
  askPhone = false,
  photoRequired = false,
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
    phone: askPhone
      ? (textProblem(fields.phone, { label: 'Phone number', max: PHONE_MAX, required: true }) ??
        usPhoneProblem(fields.phone))
      : undefined,
    photoIds: photoRequired && fields.photoIds.length === 0 ? photoMessages.required : undefined,
    acceptTerms: fields.acceptTerms ? undefined : 'Please accept the terms and conditions to book',
  };
}

/** The reschedule page's choice (issue 21): a date from the calendar, then a time from its buttons. */
export type RescheduleFields = { date?: string; time?: string };

/** The confirm step shows only with both chosen; the server checks the time is still free. */
export function validateReschedule(values: RescheduleFields): FieldMessages<RescheduleFields> {
  return {
    date: isCalendarDate(values.date) ? undefined : 'Choose a date.',
    time: isClockTime(values.time) ? undefined : 'Choose a time.',
  };
}

/** The visitor's ZIP before the times (issue 20): required, then core's ZIP rule. */
export type ZipFields = { zipCode: string };

export function validateZip(values: ZipFields): FieldMessages<ZipFields> {
  const zip = values.zipCode.trim();
  return { zipCode: zip ? zipProblem(zip) : 'Please enter your ZIP code.' };
}

/** The service step's choice (issue 34): the class (required when the service prices by class) and add-ons. */
export type ServiceChoiceFields = { vehicleClass: string; addOnIds: string[] };

export const serviceChoiceMessages = { vehicleClass: 'Choose your vehicle class.' } as const;

export function validateServiceChoice(
  values: ServiceChoiceFields,
  byClass: boolean,
): FieldMessages<ServiceChoiceFields> {
  return {
    vehicleClass:
      byClass && !isVehicleClass(values.vehicleClass) ? serviceChoiceMessages.vehicleClass : undefined,
  };
}
