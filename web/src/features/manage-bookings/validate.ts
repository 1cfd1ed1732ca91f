import type { ClientAndVehicleFields } from '../../components/vehicle/VehicleFields';
import {
  ADMIN_DURATION,
  BOOKING_LIMITS,
  CUSTOM_BOOKING_TIMES,
  CUSTOM_PRICE_MAX,
} from '@app/core/booking/rules';
import {
  NAME_MAX,
  moneyProblem,
  nameProblem,
  PHONE_MAX,
  phoneProblem,
  textProblem,
  vehicleYearProblem,
} from '@app/core/rules/fields';
import { addressBody, type AddressFields, emptyAddress, validateAddress } from '../../lib/address-form';
import type { FieldMessages } from '../../lib/forms';
import { deskMessages } from './messages';
import type { BookingFilters, CustomBookingBody, NewCustomerBody } from './types';

/**
 * The Create Custom Booking form's rules (doc 2 §5, §9) and the new customer's,
 * as plain functions (decision 014). Each field's rule and message is core's
 * (core/src/rules/fields.ts, decision 059), which the server applies too.
 */

/** The time choices (every 30 minutes from 09:00 to 17:30) and the duration's bounds: core's, which the server applies. */
export { CUSTOM_BOOKING_TIMES };
export const DURATION_MIN = ADMIN_DURATION.min;
export const DURATION_STEP = ADMIN_DURATION.step;
export const DURATION_MAX = ADMIN_DURATION.max;

/** The custom service's name is at most this long (the server's limit too). */
export const CUSTOM_NAME_MAX = BOOKING_LIMITS.name;

/** The custom booking's fields, with the service address's (issue 20: required on every new booking). */
export type CustomBookingFields = AddressFields &
  ClientAndVehicleFields & {
    isCustomService: boolean;
    serviceId: string;
    customServiceName: string;
    /** As typed: dollars, at least 0, two decimals at most. */
    customServicePrice: string;
    date: string;
    time: string;
    /** As typed: minutes, at least 15, a multiple of 15. */
    duration: string;
  };

export const customBookingDefaults = (): CustomBookingFields => ({
  isCustomService: false,
  serviceId: '',
  customServiceName: '',
  customServicePrice: '',
  date: '',
  time: '',
  duration: String(ADMIN_DURATION.default),
  clientFirstName: '',
  clientLastName: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  vehicleColor: '',
  notes: '',
  ...emptyAddress(),
});

const required = (value: string, label: string, max: number) =>
  textProblem(value, { label, max, required: true });
const optional = (value: string, label: string, max: number, multiline = false) =>
  textProblem(value, { label, max, multiline });

export function validateCustomBooking(
  fields: CustomBookingFields,
  todayDate: string,
): FieldMessages<CustomBookingFields> {
  const duration = fields.duration.trim();
  const minutes = Number(duration);
  return {
    serviceId: !fields.isCustomService && !fields.serviceId ? 'Please select a service' : undefined,
    customServiceName: fields.isCustomService
      ? required(fields.customServiceName, 'Custom service name', CUSTOM_NAME_MAX)
      : undefined,
    customServicePrice: fields.isCustomService
      ? moneyProblem(fields.customServicePrice, 'Custom service price', CUSTOM_PRICE_MAX * 100)
      : undefined,
    date: !fields.date
      ? 'Date is required'
      : !/^\d{4}-\d{2}-\d{2}$/.test(fields.date)
        ? 'Please enter a valid date'
        : fields.date < todayDate
          ? 'The date cannot be earlier than today'
          : undefined,
    time: !fields.time
      ? 'Time is required'
      : CUSTOM_BOOKING_TIMES.includes(fields.time)
        ? undefined
        : 'Please choose one of the times offered',
    duration: !duration
      ? 'Duration is required'
      : !/^\d+$/.test(duration) || minutes < DURATION_MIN || minutes % DURATION_STEP !== 0
        ? `Duration must be at least ${DURATION_MIN} minutes, in steps of ${DURATION_STEP}`
        : minutes > DURATION_MAX
          ? `Duration must be at most ${DURATION_MAX} minutes`
          : undefined,
    clientFirstName: nameProblem(fields.clientFirstName, 'First name'),
    clientLastName: nameProblem(fields.clientLastName, 'Last name'),
    vehicleMake: required(fields.vehicleMake, 'Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: required(fields.vehicleModel, 'Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear: vehicleYearProblem(fields.vehicleYear, todayDate),
    vehicleColor: optional(fields.vehicleColor, 'Vehicle color', BOOKING_LIMITS.color),
    notes: optional(fields.notes, 'Notes', BOOKING_LIMITS.notes, true),
    ...validateAddress(fields),
  };
}

/** The request body of valid fields: only the chosen mode's service fields, trimmed texts, numbers as numbers. */
export function customBookingBody(fields: CustomBookingFields): CustomBookingBody {
  const color = fields.vehicleColor.trim();
  const notes = fields.notes.trim();
  return {
    isCustomService: fields.isCustomService,
    ...(fields.isCustomService
      ? {
          customServiceName: fields.customServiceName.trim(),
          customServicePrice: Number(fields.customServicePrice.trim()),
        }
      : { serviceId: fields.serviceId }),
    date: fields.date,
    time: fields.time,
    duration: Number(fields.duration.trim()),
    clientFirstName: fields.clientFirstName.trim(),
    clientLastName: fields.clientLastName.trim(),
    vehicleMake: fields.vehicleMake.trim(),
    vehicleModel: fields.vehicleModel.trim(),
    vehicleYear: Number(fields.vehicleYear.trim()),
    ...(color ? { vehicleColor: color } : {}),
    ...(notes ? { notes } : {}),
    serviceAddress: addressBody(fields),
    // The spec's client sends these; the server sets its own (contract).
    createdByAdmin: true,
    requiresCustomerVerification: true,
    status: 'Pending Verification',
  };
}

export type NewCustomerFields = { firstName: string; lastName: string; email: string; phone: string };

export { NAME_MAX, PHONE_MAX };
export const EMAIL_MAX = 254;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** New customer: first name, last name and email required; phone optional (doc 2 §5). */
export function validateNewCustomer(fields: NewCustomerFields): FieldMessages<NewCustomerFields> {
  const email = fields.email.trim();
  return {
    firstName: nameProblem(fields.firstName, 'First name'),
    lastName: nameProblem(fields.lastName, 'Last name'),
    email: !email
      ? 'Email is required'
      : email.length > EMAIL_MAX || !EMAIL.test(email)
        ? 'Please enter a valid email address'
        : undefined,
    phone: optional(fields.phone, 'Phone', PHONE_MAX) ?? phoneProblem(fields.phone),
  };
}

export function newCustomerBody(fields: NewCustomerFields): NewCustomerBody {
  const phone = fields.phone.trim();
  return {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    email: fields.email.trim(),
    ...(phone ? { phone } : {}),
  };
}

/** The progress note's bound (doc 2 §2; the server's limit too). */
export const PROGRESS_MAX = BOOKING_LIMITS.serviceStatus;

/** The desk's refund (decision 069): an amount, in dollars and cents, why, and the tip to give back (decision 130). */
export type RefundFields = { amount: string; reason: string; tip?: string };

/**
 * At least $0.01 and at most what is left (`leftCents`), in whole cents: core's money rule, the one the
 * server's schema applies; the desk says it in its own words. The tip, when given, at most what is left
 * of it (`tipLeftCents`), refunded as its own line: with a tip back the amount may be left empty or 0.
 * Then the reason.
 */
export function validateRefund(
  values: RefundFields,
  leftCents: number,
  tipLeftCents = 0,
): FieldMessages<RefundFields> {
  const tip = values.tip?.trim() ?? '';
  const badTip =
    tip !== '' && (moneyProblem(tip, 'Tip refund', tipLeftCents) !== undefined || Number(tip) < 0);
  const tipBack = !badTip && Number(tip) > 0;
  const noAmount = values.amount.trim() === '' || Number(values.amount) === 0;
  const badAmount =
    !(tipBack && noAmount) &&
    (moneyProblem(values.amount, 'Refund amount', leftCents) !== undefined || Number(values.amount) < 0.01);
  return {
    amount: badAmount ? deskMessages.refundAmount : undefined,
    tip: badTip ? deskMessages.refundTip : undefined,
    reason: values.reason.trim() ? undefined : deskMessages.refundReason,
  };
}

/** The desk's search (doc 2 §2): every filter optional; a year, when given, follows the vehicle year's rule. */
export function validateBookingSearch(
  filters: BookingFilters,
  todayDate: string,
): FieldMessages<BookingFilters> {
  return { year: filters.year.trim() ? vehicleYearProblem(filters.year, todayDate) : undefined };
}
