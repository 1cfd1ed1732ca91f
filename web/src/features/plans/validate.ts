import { moneyProblem } from '@app/core/rules/fields';
import type { FieldMessages } from '../../lib/forms';

/** The enrolment form (issue 35): each choice made, the terms agreed to (the server checks the same). */
export type EnrolFields = {
  planId: string;
  vehicleId: string;
  addressId: string;
  firstDate: string;
  time: string;
  agree: boolean;
};

export const enrolMessages = {
  plan: 'Choose a plan.',
  vehicle: 'Choose one of your vehicles.',
  address: 'Choose one of your saved addresses.',
  date: 'Choose the first visit’s date.',
  time: 'Time must look like 09:30 (24-hour).',
  agree: 'Please agree to the plan’s terms.',
} as const;

export function validateEnrol(values: EnrolFields): FieldMessages<EnrolFields> {
  return {
    planId: values.planId ? undefined : enrolMessages.plan,
    vehicleId: values.vehicleId ? undefined : enrolMessages.vehicle,
    addressId: values.addressId ? undefined : enrolMessages.address,
    firstDate: /^\d{4}-\d{2}-\d{2}$/.test(values.firstDate) ? undefined : enrolMessages.date,
    time: /^([01]\d|2[0-3]):[0-5]\d$/.test(values.time) ? undefined : enrolMessages.time,
    agree: values.agree ? undefined : enrolMessages.agree,
  };
}

/** The admin's plan form: the cadence's parts and the price as typed. */
export type PlanFields = {
  name: string;
  description: string;
  serviceId: string;
  every: string;
  unit: 'weeks' | 'months';
  day: string;
  priceKind: 'per-visit' | 'monthly';
  price: string;
  discountPercent: string;
  autoRenew: boolean;
  minimumMonths: string;
  cancellation: string;
  active: boolean;
};

const wholeIn = (value: string, low: number, high: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= low && Number(value) <= high;

export function validatePlan(values: PlanFields): FieldMessages<PlanFields> {
  return {
    name: values.name.trim() ? undefined : 'Name is required.',
    serviceId: values.serviceId ? undefined : 'Choose one of the services in the catalogue.',
    every: wholeIn(values.every, 1, values.unit === 'weeks' ? 52 : 12)
      ? undefined
      : 'The cadence must be every 1 to 52 weeks on chosen days, or every 1 to 12 months on a day.',
    price: moneyProblem(values.price, 'Price', 1_000_000),
    discountPercent: wholeIn(values.discountPercent, 0, 100)
      ? undefined
      : 'The discount must be a whole percent from 0 to 100.',
    minimumMonths: wholeIn(values.minimumMonths, 0, 36)
      ? undefined
      : 'The minimum term must be 0 to 36 months.',
    cancellation: values.cancellation.trim() ? undefined : 'How to cancel is required.',
  };
}
