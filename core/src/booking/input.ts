import * as z from 'zod';
import { TipInput } from '../rules/tip-input';
import {
  cents,
  calendarDate as dateField,
  personName,
  usPhone,
  vehicleYear as vehicleYearRule,
} from '../rules/schema';
import { BookingPhoto } from '../photo/index';
import { Service } from '../service/index';
import { AddressChoice } from './address';
import { VehicleChoice } from './vehicle';
import { recommendationId as recommendationIdSchema, vehicleId as vehicleIdSchema } from '../garage/store';
import * as time from '../time';
import { idSchema } from '../util/id';
import { emailAddress, optionalLine, requiredLine } from '../util/text';
import {
  ADMIN_DURATION,
  BOOKING_LIMITS,
  BOOKING_STATUSES,
  CUSTOM_BOOKING_TIMES,
  DESK_STATUS_FILTERS,
  isAdminDuration,
  CUSTOM_PRICE_MAX,
} from './rules';

/** What a booking's verbs accept, checked on the server (the web checks the same rules first). */

// ---------------------------------------------------------------------------
// Input

/** The vehicle year's rule (core/src/rules/fields.ts): 1900 to next year, a number or its text. */
const vehicleYear = vehicleYearRule();

const notes = z
  .string()
  .trim()
  .max(BOOKING_LIMITS.notes, `Notes must be at most ${BOOKING_LIMITS.notes} characters.`)
  .optional()
  .transform((value) => value ?? '');

export const VehicleInput = z.object({
  vehicleMake: requiredLine('Vehicle make', BOOKING_LIMITS.vehicleText),
  vehicleModel: requiredLine('Vehicle model', BOOKING_LIMITS.vehicleText),
  vehicleYear,
  vehicleColor: requiredLine('Vehicle color', BOOKING_LIMITS.color),
  notes,
});
export type VehicleInput = z.input<typeof VehicleInput>;

/** A date the API takes (core/src/rules, decision 099): real, and within the bounded range. */
export const calendarDate = dateField();

export const CreateInput = VehicleInput.extend({
  ...AddressChoice,
  ...VehicleChoice,
  clientFirstName: personName('First name'),
  clientLastName: personName('Last name'),
  serviceId: Service.id,
  date: calendarDate,
  time: z
    .string({ error: 'Time is required.' })
    .refine(time.isClockTime, 'Time must look like 09:30 (24-hour).'),
  /**
   * The number the job is reached at (issue 30): our booking page sends it when the account has
   * none, and it is kept on the account; sent, it must be a US number (blank is refused). The spec's
   * client sends none: the booking then carries the account's, or none (decision 093).
   */
  phone: usPhone('Phone number').optional(),
  /** The vehicle class and add-ons (issue 34): the server prices and times the job by them. */
  ...Service.Choice,
  /** The recommended work it books (issue 33, decision 126): the follow-up link's lines, closed by it. */
  recommended: z
    .object({
      vehicleId: vehicleIdSchema,
      ids: z
        .array(recommendationIdSchema, { error: 'Choose the recommended work to book.' })
        .min(1, 'Choose the recommended work to book.')
        .max(20, 'At most 20 recommended lines a booking.'),
    })
    .strict()
    .optional(),
  /** Photos the customer uploaded for it (issue 34, decision 123): their drafts' ids, each once. */
  photoIds: z
    .array(BookingPhoto.id, { error: 'Photos must be a list of photo ids.' })
    .max(BookingPhoto.BOOKING_PHOTO_LIMIT, BookingPhoto.photoMessages.limit(BookingPhoto.BOOKING_PHOTO_LIMIT))
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may be attached once.')
    .optional(),
});
export type CreateInput = z.input<typeof CreateInput>;

/** Completing: charge the booked price or the related work order's total (decision 068). */
export type ChargeChoice = 'booking' | 'workOrder';

export const StatusInput = z.union(
  [
    z
      .object({
        status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status.' }),
        /** Completing: charge the booked price or the related work order's total (decision 068). */
        charge: z
          .enum(['booking', 'workOrder'], { error: 'Charge must be booking or workOrder.' })
          .optional(),
        /** Completing: the customer's tip, their own choice (issue 35, decision 130); absent: no tip. */
        tip: TipInput.optional(),
        /**
         * The admin completes a job before the completion rule allows (issue 30, decision 090):
         * why, kept in the booking's audit trail. Blank is the same as absent.
         */
        overrideReason: z.preprocess(
          (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
          z
            .string({ error: 'The reason must be text.' })
            .trim()
            .max(500, 'The reason must be at most 500 characters.')
            .optional(),
        ),
      })
      .strict(),
    z
      .object({
        serviceStatus: z
          .string()
          .trim()
          .max(
            BOOKING_LIMITS.serviceStatus,
            `Progress text must be at most ${BOOKING_LIMITS.serviceStatus} characters.`,
          ),
      })
      .strict(),
  ],
  { error: 'Send either a status or a serviceStatus.' },
);
export type StatusInput = z.input<typeof StatusInput>;

/** '' and absent are the same: the web sends only non-empty filters, other clients may not. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const PAGE_LIMIT_TEXT = 'Limit must be a whole number from 1 to 100.';

/** The desk's advanced search (doc 2 §2, §7), and which page of it. */
export const AllFilters = z
  .object({
    customerName: blankless(z.string().trim().max(160, 'Customer name must be at most 160 characters.')),
    startDate: blankless(dateField({ shape: 'Start date must be a real date written yyyy-MM-dd.' })),
    endDate: blankless(dateField({ shape: 'End date must be a real date written yyyy-MM-dd.' })),
    make: blankless(z.string().trim().max(BOOKING_LIMITS.vehicleText, 'Make is too long.')),
    model: blankless(z.string().trim().max(BOOKING_LIMITS.vehicleText, 'Model is too long.')),
    year: blankless(vehicleYear),
    service: blankless(
      z.union([z.literal('custom'), Service.id], { error: 'Service must be a service id or "custom".' }),
    ),
    /**
     * Which bookings (issue 30, decision 094): the open ones when absent (the spec's list), one
     * status, the paid or refunded ones, or all; closed ones are read from the bookings' collection.
     */
    status: blankless(
      z.enum(DESK_STATUS_FILTERS, {
        error: `Status must be one of: ${DESK_STATUS_FILTERS.join(', ')}.`,
      }),
    ),
    /** Paging (decision 049): the page size, and where the previous page stopped. */
    limit: blankless(
      z
        .union([z.number(), z.string().trim().regex(/^\d+$/, PAGE_LIMIT_TEXT).transform(Number)])
        .pipe(z.number().int(PAGE_LIMIT_TEXT).min(1, PAGE_LIMIT_TEXT).max(100, PAGE_LIMIT_TEXT)),
    ),
    cursor: blankless(z.string().max(1000, 'This page link is not valid.')),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'The start date must be on or before the end date.',
  });
export type AllFilters = z.input<typeof AllFilters>;

/** The custom service's price in whole cents: the API's edge turns the spec's dollars into these (decision 059). */
const customPriceCents = cents('Custom price', CUSTOM_PRICE_MAX * 100);

const adminDuration = z
  .union(
    [z.number(), z.string().trim().regex(/^\d+$/, 'Duration must be a number of minutes.').transform(Number)],
    {
      error: 'Duration must be a number of minutes.',
    },
  )
  .optional()
  .transform((minutes) => minutes ?? ADMIN_DURATION.default)
  .refine(
    isAdminDuration,
    `Duration must be at least ${ADMIN_DURATION.min} minutes, in steps of ${ADMIN_DURATION.step} (at most ${ADMIN_DURATION.max / 60} hours).`,
  );

/** The Create Custom Booking form (doc 2 §5), checked again on the server. */
/** Refuses a field of a transform: the first message of `error` (a field rule's), else `fallback`. */
function refuse(ctx: z.RefinementCtx, field: string, error: z.ZodError | undefined, fallback: string): never {
  ctx.addIssue({ code: 'custom', message: error?.issues[0]?.message ?? fallback, path: [field] });
  return z.NEVER;
}

export const AdminCreateInput = z
  .object({
    /** The spec's client always sends it; when absent, a booking without a serviceId is a custom one. */
    isCustomService: z.boolean({ error: 'Say whether this is a custom service.' }).optional(),
    serviceId: z.string().optional(),
    customServiceName: z.string().optional(),
    /** The custom service's price in cents (the spec's `customServicePrice` dollars, converted at the API's edge). */
    customServicePriceCents: z.unknown().optional(),
    date: calendarDate,
    time: z
      .string({ error: 'Time is required.' })
      .refine(
        (at) => CUSTOM_BOOKING_TIMES.includes(at),
        'Time must be from 09:00 to 17:30, every 30 minutes.',
      ),
    duration: adminDuration,
    clientFirstName: personName('First name'),
    clientLastName: personName('Last name'),
    vehicleMake: requiredLine('Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: requiredLine('Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear,
    vehicleColor: optionalLine('Vehicle color', BOOKING_LIMITS.color),
    notes,
    ...AddressChoice,
    ...VehicleChoice,
    /** Whose saved address `addressId` (and garage vehicle `vehicleId`) names (the custom booking's pickers). */
    customerId: idSchema('user', 'customer').optional(),
    // The spec's client sends these too; the server sets its own.
    createdByAdmin: z.unknown().optional(),
    requiresCustomerVerification: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const { createdByAdmin: _a, requiresCustomerVerification: _r, status: _s, ...rest } = input;
    if (input.isCustomService ?? input.serviceId === undefined) {
      const name = requiredLine('Custom service name', BOOKING_LIMITS.name).safeParse(
        input.customServiceName,
      );
      if (!name.success)
        return refuse(ctx, 'customServiceName', name.error, 'Custom service name is required.');
      if (input.customServicePriceCents === undefined || input.customServicePriceCents === null) {
        return refuse(ctx, 'customServicePrice', undefined, 'Custom price is required.');
      }
      const price = customPriceCents.safeParse(input.customServicePriceCents);
      if (!price.success) {
        return refuse(
          ctx,
          'customServicePrice',
          price.error,
          'Custom price must be a whole number of cents.',
        );
      }
      return {
        ...rest,
        mode: 'custom' as const,
        customServiceName: name.data,
        priceCents: price.data,
      };
    }
    const serviceId = Service.id.safeParse(input.serviceId);
    if (!serviceId.success) {
      return refuse(ctx, 'serviceId', undefined, 'Please select a service.');
    }
    return { ...rest, mode: 'service' as const, serviceId: serviceId.data };
  });
export type AdminCreateInput = z.input<typeof AdminCreateInput>;

export const AssignInput = z.object({
  customerId: idSchema('user', 'customer'),
  customerEmail: emailAddress,
});
export type AssignInput = z.input<typeof AssignInput>;

export const AnswerInput = z.union(
  [
    z.object({
      confirmed: z.literal(true),
      customerName: z.string().max(200).optional(),
      customerEmail: z.string().max(254).optional(),
    }),
    z.object({ confirmed: z.literal(false) }),
  ],
  { error: 'Send confirmed: true to confirm the booking, or confirmed: false to decline it.' },
);
export type AnswerInput = z.input<typeof AnswerInput>;

/** The owner (or the admin) moves a Pending booking: a new address sent, or a saved one by id. */
export const AddressChangeInput = z
  .object(AddressChoice)
  .refine((input) => input.serviceAddress || input.addressId, {
    message: 'Send the new serviceAddress or an addressId.',
  });
export type AddressChangeInput = z.input<typeof AddressChangeInput>;
