import { isClockTime } from '@app/core/time';
import { splitList } from '@app/core/timeslot/recurrence';
import { textProblem } from '@app/core/rules/fields';
import type { FieldMessages } from '../../lib/forms';

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
  /** Photos at booking (issue 34): what to photograph, and whether one is required. */
  photoPrompt: string;
  photoRequired: boolean;
};

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
    photoPrompt: textProblem(values.photoPrompt, { label: 'The photo request', max: PHOTO_PROMPT_MAX }),
  };
}
