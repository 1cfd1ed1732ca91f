import * as z from 'zod';
import {
  cents,
  line,
  optionalLine as ruleOptionalLine,
  optionalText as ruleOptionalText,
  optionalVin,
  optionalZip,
  phone,
  requiredText,
  vehicleYear,
} from '../rules/schema';
import { dateProblem } from '../rules/fields';
import * as time from '../time';
import { idSchema } from '../util/id';
import { emailAddress } from '../util/text';
import { ESTIMATE_DECISIONS, WORK_ORDER_STATUSES } from './model';
import { PRICING_LIMITS, quarterHours, taxRateThousandths } from './pricing';

/**
 * The work-order form as core takes it (doc 2 §3, §5, §7): the spec's fields,
 * but money in integer cents (`hourlyRateCents`, `unitPriceCents`); the API's
 * edge turns the spec's dollars into them (functions/src/api/workorders.ts,
 * decision 064). Texts, phone, VIN, ZIP and year are rules/schema's field
 * rules (decision 059); hours, quantities, tax rate, mileage and plate are the
 * work order's own. Totals, numbers, e-mail and acknowledgment state are not
 * part of the input: sent or not, they are ignored (zod drops unknown keys),
 * and the server computes the money (decision 038).
 */

/** Absent or null: a field the spec's clients send as null when empty. */
const nullish = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? undefined, schema);
/** An optional one-line text (rules/schema): absent, null or blank become ''. */
const optionalLine = (label: string, max: number) => nullish(ruleOptionalLine(label, max));
/** Optional free text, line breaks allowed: absent, null or blank become ''. */
const optionalText = (label: string, max: number) =>
  nullish(ruleOptionalText({ label, max, multiline: true }));

/** A number sent as a number or as its text (a form field). */
const numeric = (label: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number.`),
    ],
    {
      error: `${label} must be a number.`,
    },
  );

const PLATE = /^[A-Z0-9][A-Z0-9 -]{0,9}$/;

const Address = z
  .object({
    street: optionalLine('Street', 200),
    city: optionalLine('City', 100),
    state: optionalLine('State', 50),
    zipCode: nullish(optionalZip()),
  })
  .nullish()
  .transform((address) => address ?? { street: '', city: '', state: '', zipCode: '' });

const Customer = z.object(
  {
    name: line('Customer name', 100),
    email: emailAddress,
    phone: phone('Customer phone'),
    address: Address,
  },
  { error: 'Customer name, email and phone are required.' },
);

const Vehicle = z.object(
  {
    year: vehicleYear(),
    make: line('Vehicle make', 50),
    model: line('Vehicle model', 50),
    vin: nullish(optionalVin()),
    licensePlate: optionalLine('License plate', 10)
      .transform((plate) => plate.toUpperCase())
      .refine((plate) => plate === '' || PLATE.test(plate), 'License plate must be letters and digits.'),
    mileage: z
      .union([z.literal(''), z.null(), numeric('Mileage')])
      .optional()
      .transform((value) =>
        value === '' || value === null || value === undefined ? undefined : Number(value),
      )
      .pipe(
        z
          .number()
          .int('Mileage must be a whole number.')
          .min(0, 'Mileage cannot be negative.')
          .max(2_000_000, 'Mileage must be at most 2,000,000.')
          .optional(),
      ),
    color: optionalLine('Color', 30),
  },
  { error: 'Vehicle year, make and model are required.' },
);

const ServiceDetails = z.object(
  {
    description: requiredText({ label: 'Service description', max: 2000, multiline: true }),
    customerComplaints: optionalText('Customer complaints', 5000),
    diagnosis: optionalText('Diagnosis', 5000),
    workPerformed: optionalText('Work performed', 5000),
    recommendations: optionalText('Recommendations', 5000),
  },
  { error: 'Service description is required.' },
);

export const hours = numeric('Hours')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, 'Hours cannot be negative.')
      .max(PRICING_LIMITS.maxHours, `Hours must be at most ${PRICING_LIMITS.maxHours}.`)
      .refine((h) => Number.isFinite(quarterHours(h)), 'Hours must be in steps of 0.25.'),
  );

const quantity = numeric('Quantity')
  .transform(Number)
  .pipe(
    z
      .number()
      .int('Quantity must be a whole number.')
      .min(0, 'Quantity cannot be negative.')
      .max(PRICING_LIMITS.maxQuantity, `Quantity must be at most ${PRICING_LIMITS.maxQuantity}.`),
  );

const taxRate = numeric('Tax rate')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, 'Tax rate cannot be negative.')
      .max(PRICING_LIMITS.maxTaxRate, `Tax rate must be at most ${PRICING_LIMITS.maxTaxRate}.`)
      .refine((rate) => Number.isFinite(taxRateThousandths(rate)), 'Tax rate must be in steps of 0.001.'),
  );

const LaborItem = z.object({
  description: optionalLine('Labor description', 300),
  hours,
  /** Absent: the shop's default rate (config). */
  hourlyRateCents: cents('Hourly rate', PRICING_LIMITS.maxRateCents).optional(),
});

export const PartItem = z.object({
  partNumber: optionalLine('Part number', 50),
  description: optionalLine('Part description', 300),
  quantity,
  unitPriceCents: cents('Unit price', PRICING_LIMITS.maxUnitPriceCents),
});

const lines = <T extends z.ZodType>(item: T, label: string) =>
  z
    .array(item, { error: `${label} must be a list.` })
    .max(PRICING_LIMITS.maxLines, `At most ${PRICING_LIMITS.maxLines} ${label.toLowerCase()}.`)
    .nullish()
    .transform((items) => items ?? []);

export const WorkOrderInput = z
  .object({
    customer: Customer,
    vehicle: Vehicle,
    serviceDetails: ServiceDetails,
    laborItems: lines(LaborItem, 'Labor items'),
    partItems: lines(PartItem, 'Part items'),
    pricing: z.object({ taxRate: taxRate.optional() }).nullish(),
    taxRate: taxRate.optional(),
    status: z
      .enum(WORK_ORDER_STATUSES, { error: `Status must be one of ${WORK_ORDER_STATUSES.join(', ')}.` })
      .optional(),
    scheduledDate: z
      .union([z.literal(''), z.null(), z.string().trim()])
      .optional()
      .transform((value) => (value ? value.slice(0, 10) : undefined))
      .superRefine((value, ctx) => {
        const problem =
          value === undefined
            ? undefined
            : dateProblem(value, time.today(), 'Scheduled date must be a date such as 2026-11-23.');
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    internalNotes: optionalText('Internal notes', 5000),
    customerNotes: optionalText('Customer notes', 5000),
    relatedBooking: z
      .union([z.literal(''), z.null(), idSchema('booking', 'booking')])
      .optional()
      .transform((value) => value || undefined),
  })
  .transform(({ pricing, taxRate: topLevelRate, ...rest }) => ({
    ...rest,
    taxRate: pricing?.taxRate ?? topLevelRate,
  }));
export type WorkOrderInput = z.input<typeof WorkOrderInput>;
export type ParsedWorkOrderInput = z.output<typeof WorkOrderInput>;

export const StatusOnlyInput = z.object({
  status: z.enum(WORK_ORDER_STATUSES, {
    error: `Status must be one of ${WORK_ORDER_STATUSES.join(', ')}.`,
  }),
});

/** Whether a PUT's body is exactly `{ status }` (doc 2 §7: the list's status change). */
function isStatusOnly(raw: unknown): raw is Record<string, unknown> {
  return (
    Boolean(raw) &&
    typeof raw === 'object' &&
    !Array.isArray(raw) &&
    Object.keys(raw as object).length === 1 &&
    'status' in (raw as object)
  );
}

/** `PUT /api/workOrders/{id}`'s body: exactly `{ status }`, or the full form. */
export const UpdateInput = z.preprocess(
  (raw) => (isStatusOnly(raw) ? { kind: 'status', ...raw } : { kind: 'form', form: raw }),
  z.discriminatedUnion('kind', [
    StatusOnlyInput.extend({ kind: z.literal('status') }),
    z.object({ kind: z.literal('form'), form: WorkOrderInput }),
  ]),
);

export const ListInput = z.object({
  search: z.string().trim().max(200, 'The search is too long.').optional(),
  status: z
    .union([z.literal(''), z.literal('all'), z.enum(WORK_ORDER_STATUSES)], {
      error: `Status must be one of ${WORK_ORDER_STATUSES.join(', ')}.`,
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(20),
  skip: z.coerce
    .number({ error: 'skip must be a number.' })
    .int('skip must be a whole number.')
    .min(0, 'skip cannot be negative.')
    .max(100_000, 'skip is too large.')
    .default(0),
  /** The previous page's `cursor` (decision 049); when given, `skip` is not read. */
  cursor: z.string().max(2000, 'The cursor is too long.').optional(),
});
export type ListInput = z.input<typeof ListInput>;

/** The acknowledgment form (doc 2 §5): the signature is checked by its bytes in ./signature.ts. */
/** The customer's answer to each proposed line of the estimate (decision 125). */
export const Decisions = z
  .array(
    z.object(
      {
        lineId: z.string().max(40),
        decision: z.enum(ESTIMATE_DECISIONS, { error: 'A line is approved, declined or deferred.' }),
      },
      { error: 'Each decision names a line and an answer.' },
    ),
    { error: 'Decisions must be a list.' },
  )
  .max(PRICING_LIMITS.maxLines, `At most ${PRICING_LIMITS.maxLines} decisions.`);

export const AcknowledgeInput = z.object(
  {
    acknowledgedBy: z.object(
      {
        name: line('Name', 100),
        email: emailAddress,
      },
      { error: 'Please fill in all required fields.' },
    ),
    signature: z
      .string({ error: 'The signature must be a PNG image or null.' })
      .max(2_000_000, 'The signature image is too large.')
      .nullish()
      .transform((value) => value || null),
    userAgent: z
      .string()
      .max(1000)
      .nullish()
      .transform((value) => (value ?? '').slice(0, 500)),
    /**
     * The `version` the page was shown (GET /acknowledge/{token}): when given,
     * the acknowledgment is refused if the work, parts or money changed since
     * (decision 039). Clients that do not send it acknowledge the current version.
     */
    version: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'Invalid acknowledgment request.')
      .optional(),
    /** The customer's answer to each proposed estimate line (decision 125), when there are some. */
    decisions: Decisions.optional(),
    /** The customer read the terms above the signature (required with decisions). */
    termsAccepted: z.boolean().optional(),
  },
  { error: 'Please fill in all required fields.' },
);
export type AcknowledgeInput = z.input<typeof AcknowledgeInput>;
