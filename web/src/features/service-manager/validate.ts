import { isClockTime } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { VEHICLE_CLASSES, type VehicleClass } from '@app/core/garage/model';
import { dueFieldProblem } from '@app/core/garage/due-fields';
import { textProblem } from '@app/core/rules/fields';
import type { FieldMessages, PathMessages } from '../../lib/forms';

/** Service.PHOTO_PROMPT_MAX (core/src/service: zod, types only here). */
export const PHOTO_PROMPT_MAX = 160;

/** The service editor's fields (doc 2 §5), as typed. */
export type ServiceFields = {
  name: string;
  description: string;
  price: string;
  duration: string;
  availableDays: string[];
  availableTimes: string;
  /** Issue 34: whether it prices by vehicle class, each class's price and minutes, and the add-ons it offers. */
  priceByClass: boolean;
  rates: Record<VehicleClass, { price: string; duration: string }>;
  addOnIds: string[];
  /** The due rule (issue 34): blank for none. */
  dueEveryDays: string;
  dueEveryMiles: string;
  dueRemindDaysAhead: string;
  /** Photos at booking (issue 34): what to photograph, and whether one is required. */
  photoPrompt: string;
  photoRequired: boolean;
};

/** The due rule the fields give (null: none), as the API takes it. */
export function dueRuleOf(
  values: Pick<ServiceFields, 'dueEveryDays' | 'dueEveryMiles' | 'dueRemindDaysAhead'>,
) {
  const days = values.dueEveryDays.trim();
  const miles = values.dueEveryMiles.trim();
  if (!days && !miles) return null;
  const ahead = values.dueRemindDaysAhead.trim();
  return {
    ...(days ? { everyDays: Number(days) } : {}),
    ...(miles ? { everyMiles: Number(miles) } : {}),
    ...(ahead ? { remindDaysAhead: Number(ahead) } : {}),
  };
}

const dueProblem = (value: string, field: 'days' | 'miles' | 'ahead') =>
  value.trim() === '' ? undefined : dueFieldProblem(field, Number(value));

export const serviceFormMessages = {
  name: 'Name is required.',
  description: 'Description is required.',
  price: 'Price is required and cannot be negative.',
  duration: 'Duration is required: a whole number of minutes, at least 5.',
  times: 'Times must look like 09:30 (24-hour).',
} as const;

const priceProblem = (text: string) => {
  const price = text.trim();
  return price !== '' && Number.isFinite(Number(price)) && Number(price) >= 0
    ? undefined
    : serviceFormMessages.price;
};
const durationProblem = (text: string) => {
  const duration = text.trim();
  return duration !== '' && Number.isInteger(Number(duration)) && Number(duration) >= 5
    ? undefined
    : serviceFormMessages.duration;
};

/**
 * Name, description, price and duration required; times comma-separated, each HH:mm (core's clock
 * rule); priced by class (issue 34), each class's price and duration as the service's own.
 */
export function validateService(values: ServiceFields): FieldMessages<ServiceFields> | PathMessages {
  const rates: PathMessages = {};
  if (values.priceByClass) {
    for (const c of VEHICLE_CLASSES) {
      rates[`rates.${c}.price`] = priceProblem(values.rates[c].price);
      rates[`rates.${c}.duration`] = durationProblem(values.rates[c].duration);
    }
  }
  return { ...rates, ...validateOwn(values) };
}

function validateOwn(values: ServiceFields): FieldMessages<ServiceFields> {
  const price = values.price.trim();
  const duration = values.duration.trim();
  return {
    name: values.name.trim() ? undefined : serviceFormMessages.name,
    description: values.description.trim() ? undefined : serviceFormMessages.description,
    price: values.priceByClass ? undefined : priceProblem(price),
    duration: values.priceByClass ? undefined : durationProblem(duration),
    availableTimes: splitList(values.availableTimes).every(isClockTime)
      ? undefined
      : serviceFormMessages.times,
    dueEveryDays: dueProblem(values.dueEveryDays, 'days'),
    dueEveryMiles: dueProblem(values.dueEveryMiles, 'miles'),
    dueRemindDaysAhead: dueProblem(values.dueRemindDaysAhead, 'ahead'),
    photoPrompt: textProblem(values.photoPrompt, { label: 'The photo request', max: PHOTO_PROMPT_MAX }),
  };
}

/** The add-on form (issue 34): a name, a price in dollars and whole minutes. */
export type AddOnFields = { name: string; price: string; duration: string };

export const addOnFormMessages = {
  name: 'Name is required.',
  duration: 'Minutes must be a whole number, 0 or more.',
} as const;

export function validateAddOn(values: AddOnFields): FieldMessages<AddOnFields> {
  const minutes = values.duration.trim();
  return {
    name: values.name.trim() ? undefined : addOnFormMessages.name,
    price: priceProblem(values.price),
    duration:
      minutes !== '' && Number.isInteger(Number(minutes)) && Number(minutes) >= 0
        ? undefined
        : addOnFormMessages.duration,
  };
}
