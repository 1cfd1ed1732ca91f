import * as z from 'zod';
import { vehicleId } from '../garage/store';
import { calendarDate, cents } from '../rules/schema';
import { Service } from '../service/index';
import * as time from '../time';
import { optionalLine, requiredLine } from '../util/text';
import { PRICE_KINDS } from './model';
import { ruleProblem } from './recurrence';
import { enrolmentId, planId } from './store';

/** What the plans' verbs accept (issue 35, decision 131), checked on the server. */

export const PLAN_LIMITS = { name: 80, description: 1000, cancellation: 500, priceCents: 1_000_000 } as const;

/** The plan's fields (the edge swaps the price in dollars for `priceCents`). */
export const PlanFields = z
  .object({
    name: requiredLine('Name', PLAN_LIMITS.name),
    description: optionalLine('Description', PLAN_LIMITS.description).transform((v) => v ?? ''),
    serviceId: Service.id,
    recurrence: z
      .string({ error: 'The cadence is required.' })
      .max(120)
      .superRefine((rule, ctx) => {
        const problem = ruleProblem(rule);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    priceKind: z.enum(PRICE_KINDS, { error: 'The price is per visit or monthly.' }),
    priceCents: cents('Price', PLAN_LIMITS.priceCents),
    discountPercent: z
      .number({ error: 'The discount must be a whole percent from 0 to 100.' })
      .int('The discount must be a whole percent from 0 to 100.')
      .min(0, 'The discount must be a whole percent from 0 to 100.')
      .max(100, 'The discount must be a whole percent from 0 to 100.'),
    autoRenew: z.boolean({ error: 'Say whether the plan renews by itself.' }),
    minimumMonths: z
      .number({ error: 'The minimum term must be 0 to 36 months.' })
      .int('The minimum term must be 0 to 36 months.')
      .min(0, 'The minimum term must be 0 to 36 months.')
      .max(36, 'The minimum term must be 0 to 36 months.'),
    cancellation: requiredLine('How to cancel', PLAN_LIMITS.cancellation),
    active: z.boolean({ error: 'Say whether the plan is offered.' }),
  })
  .strict();

export const PlanInput = PlanFields.refine((p) => p.priceKind === 'per-visit' || p.priceCents > 0, {
  message: 'A monthly fee must be more than $0.00.',
  path: ['priceCents'],
});
export type PlanInput = z.input<typeof PlanInput>;

export const EnrolInput = z
  .object({
    planId,
    vehicleId,
    addressId: z.string({ error: 'Choose one of your saved addresses.' }).max(40),
    firstDate: calendarDate(),
    time: z
      .string({ error: 'Time is required.' })
      .refine(time.isClockTime, 'Time must look like 09:30 (24-hour).'),
    agree: z.literal(true, { error: 'Please agree to the plan’s terms.' }),
  })
  .strict();
export type EnrolInput = z.input<typeof EnrolInput>;

/** A change of one of the customer's enrolments (by id). */
export const EnrolmentRef = enrolmentId;

/** Skip one visit (its date), or place one that needs a time at one of the nearest free times. */
export const SkipInput = z.object({ date: calendarDate(), acceptLateFee: z.boolean().optional() }).strict();
export const PlaceInput = z
  .object({
    date: calendarDate(),
    at: z
      .object({
        date: calendarDate(),
        time: z.string().refine(time.isClockTime, 'Time must look like 09:30 (24-hour).'),
      })
      .strict(),
  })
  .strict();
