import { isClockTime } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { dueFieldProblem } from '@app/core/garage/due-fields';
import type { FieldMessages } from '../../lib/forms';

/** The service editor's fields (doc 2 §5), as typed. */
export type ServiceFields = {
  name: string;
  description: string;
  price: string;
  duration: string;
  availableDays: string[];
  availableTimes: string;
  /** The due rule (issue 34): blank for none. */
  dueEveryDays: string;
  dueEveryMiles: string;
  dueRemindDaysAhead: string;
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

/** Name, description, price and duration required; times comma-separated, each HH:mm (core's clock rule). */
export function validateService(values: ServiceFields): FieldMessages<ServiceFields> {
  const price = values.price.trim();
  const duration = values.duration.trim();
  return {
    name: values.name.trim() ? undefined : serviceFormMessages.name,
    description: values.description.trim() ? undefined : serviceFormMessages.description,
    price:
      price !== '' && Number.isFinite(Number(price)) && Number(price) >= 0
        ? undefined
        : serviceFormMessages.price,
    duration:
      duration !== '' && Number.isInteger(Number(duration)) && Number(duration) >= 5
        ? undefined
        : serviceFormMessages.duration,
    availableTimes: splitList(values.availableTimes).every(isClockTime)
      ? undefined
      : serviceFormMessages.times,
    dueEveryDays: dueProblem(values.dueEveryDays, 'days'),
    dueEveryMiles: dueProblem(values.dueEveryMiles, 'miles'),
    dueRemindDaysAhead: dueProblem(values.dueRemindDaysAhead, 'ahead'),
  };
}
