import * as z from 'zod';
import { calendarDate as dateField } from '../rules/schema';
import { Service } from '../service/index';
import * as time from '../time';
import { recurringPatterns, type RecurringPattern } from './recurrence';
import { id } from './store';

/** What the admin's Time Slot Manager sends (doc 2 §2, §4, §5, §7, §9; decision 032), its limits and messages. */

/** One request creates at most this many slots (issue 12); beyond that, 413. */
export const MAX_SLOTS_PER_REQUEST = 2000;
/** How far ahead a slot may be created. */
export const HORIZON_DAYS = 366;
/** Create Slots reaches at most this many days from today (doc 2 §9). */
export const BULK_WINDOW_DAYS = 30;
/** Slots in one page of the admin's list. */
export const LIST_LIMIT = 500;
const NOTES_MAX = 500;

export const messages = {
  notFound: 'Time slot not found.',
  booked: 'This time slot is booked. Cancel its booking first.',
  exists: 'This service already has a time slot at that date and time.',
  past: 'Time slots cannot be created for dates in the past.',
  passed: 'That time has already passed today.',
  tooFar: `Time slots can be created at most ${HORIZON_DAYS} days ahead.`,
  tooMany: `One request can create at most ${MAX_SLOTS_PER_REQUEST.toLocaleString('en-US')} time slots. Please choose fewer dates or times.`,
  endRequired: 'An end date is required for a recurring time slot.',
  endBeforeStart: 'The end date cannot be before the start date.',
  noTimes: 'No available times set for this service. Please add available times first.',
  noDays: 'No available days set for this service. Please add available days first.',
  bulkWindow: `Slots can be created at most ${BULK_WINDOW_DAYS} days from today.`,
  busyCreating: (done: number, of: number) =>
    `The database is busy right now: ${done} of ${of} new time slots were created. Please try again in a moment; the rest will be added without duplicates.`,
  busyDeleting: (done: number, of: number) =>
    `The database is busy right now: ${done} of ${of} time slots were deleted. Please try again in a moment.`,
} as const;

const calendarDate = dateField({ shape: 'Dates must be real dates written yyyy-MM-dd.' });
const clockTime = z
  .string({ error: 'Time is required.' })
  .trim()
  .refine(time.isClockTime, 'Times must look like 09:30 (24-hour).');
const serviceRef = z.string({ error: 'Service is required.' }).pipe(Service.id);
const notes = z
  .string({ error: 'Notes must be text.' })
  .trim()
  .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`)
  .optional()
  .transform((value) => value ?? '');
/** The browser's form sends '' (or null) for a field it leaves empty. */
const unset = z.union([z.literal(''), z.null()]).transform(() => undefined);

export const CreateInput = z
  .object({
    serviceId: serviceRef,
    date: calendarDate,
    time: clockTime,
    isRecurring: z.boolean({ error: 'isRecurring must be true or false.' }).optional().default(false),
    recurringPattern: z
      .enum(['', ...recurringPatterns], { error: 'The pattern must be weekly, daily or monthly.' })
      .nullable()
      .optional()
      .transform((value): RecurringPattern => value || 'weekly'),
    recurringEndDate: z
      .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
      .optional(),
    notes,
  })
  .superRefine((input, ctx) => {
    if (!input.isRecurring) return;
    if (!input.recurringEndDate) {
      ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: messages.endRequired });
    } else if (input.recurringEndDate < input.date) {
      ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: messages.endBeforeStart });
    }
  });
export type CreateInput = z.input<typeof CreateInput>;

export const BulkInput = z.object({
  serviceId: serviceRef,
  dates: z
    .array(calendarDate, { error: 'Dates must be a list.' })
    .min(1, 'Choose at least one date.')
    .max(MAX_SLOTS_PER_REQUEST, messages.tooMany),
  times: z
    .array(clockTime, { error: 'Times must be a list.' })
    .min(1, 'Enter at least one time.')
    .max(MAX_SLOTS_PER_REQUEST, messages.tooMany),
  notes,
});
export type BulkInput = z.input<typeof BulkInput>;

/** Create Slots of the service manager (doc 2 §5, §7). */
export const ServiceSlotsInput = z
  .object({
    serviceId: serviceRef,
    availableTimes: z
      .array(clockTime, { error: 'Available times must be a list.' })
      .min(1, messages.noTimes)
      .max(24 * 60, messages.tooMany),
    availableDays: z
      .array(z.enum(time.weekdays, { error: 'Days must be weekday names, Sunday to Saturday.' }), {
        error: 'Available days must be a list.',
      })
      .min(1, messages.noDays)
      .max(7 * 4),
    startDate: calendarDate,
    endDate: calendarDate,
    notes,
  })
  .refine((input) => input.endDate >= input.startDate, {
    path: ['endDate'],
    message: messages.endBeforeStart,
  });
export type ServiceSlotsInput = z.input<typeof ServiceSlotsInput>;

/** A query flag: 'true' or 'false' (or a boolean, from code). */
const flag = z
  .union([unset, z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'Filters take true or false.',
  })
  .optional();

export const ListFilter = z.object({
  serviceId: z.union([unset, serviceRef], { error: 'Invalid service id.' }).optional(),
  startDate: z
    .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
    .optional(),
  endDate: z
    .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
    .optional(),
  isAvailable: flag,
  isBooked: flag,
  cursor: z.string().max(2000, 'This page link is not valid.').optional(),
});
export type ListFilter = z.input<typeof ListFilter>;

export const DeleteManyInput = z.object({
  ids: z
    .array(id, { error: 'ids must be a list of time slot ids.' })
    .min(1, 'Select at least one time slot.')
    .max(MAX_SLOTS_PER_REQUEST, `At most ${MAX_SLOTS_PER_REQUEST} time slots at once.`),
});
