import { splitList } from '@app/core/timeslot/recurrence';
import type { FieldMessages } from '../../lib/forms';
import type { CreateSlotBody } from './api';

/** Doc 2 §5, the Time Slot Manager's two forms and their texts. */
export const slotMessages = {
  service: 'Please choose a service.',
  startDate: 'Start date is required.',
  endDate: 'End date is required.',
  endBeforeStart: 'The end date cannot be before the start date.',
  times: 'Enter at least one time.',
  date: 'Date is required.',
  time: 'Time is required.',
  recurringEnd: 'An end date is required for a recurring time slot.',
} as const;

export type BulkSlotFields = {
  serviceId: string;
  startDate: string;
  endDate: string;
  times: string;
  notes: string;
};
export type SingleSlotFields = CreateSlotBody;

/** Service, start and end dates (the end not before the start) and at least one time. */
export function validateBulkSlots(values: BulkSlotFields): FieldMessages<BulkSlotFields> {
  return {
    serviceId: values.serviceId ? undefined : slotMessages.service,
    startDate: values.startDate ? undefined : slotMessages.startDate,
    endDate: !values.endDate
      ? slotMessages.endDate
      : values.startDate && values.endDate < values.startDate
        ? slotMessages.endBeforeStart
        : undefined,
    times: splitList(values.times).length > 0 ? undefined : slotMessages.times,
  };
}

/** Service, date and time; an end date when recurring. */
export function validateSingleSlot(values: SingleSlotFields): FieldMessages<SingleSlotFields> {
  return {
    serviceId: values.serviceId ? undefined : slotMessages.service,
    date: values.date ? undefined : slotMessages.date,
    time: values.time ? undefined : slotMessages.time,
    recurringEndDate: values.isRecurring && !values.recurringEndDate ? slotMessages.recurringEnd : undefined,
  };
}
