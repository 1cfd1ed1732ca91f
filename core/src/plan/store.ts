import * as z from 'zod';
import { queueEntry } from '../db/due-queue';
import { defineEntity } from '../db/entity';
import { putIfUnchanged } from '../db/revision';
import { idSchema } from '../util/id';
import { ENROLMENT_STATES, PERIOD_STATES } from './model';

/**
 * Service plans' items (issue 35, decision 131; what each is: model.ts), and their types:
 *
 * - `plan`: `PLAN#<id>` / `PLAN`, the admin's offer; a small collection by construction (MAX_PLANS).
 * - `enrolment`: in its customer's partition beside their vehicles and addresses (`USER#<usr>` /
 *   `ENROL#<enr>`); due in `plan-visits` when its next visits are to be placed (`placeAt`).
 * - `planVisit`: one per visit placed, in the enrolment's own partition (`ENROLMENT#<enr>` /
 *   `VISIT#<date>#<bkg>`): the enrolment's visits by date, a bounded read (the placement horizon).
 * - `planPeriod`: one per month of a monthly plan (`ENROLMENT#<enr>` / `PERIOD#<yyyy-MM-dd>`): its key
 *   is the period's idempotency key, so a period is charged once; due in `plan-charges` at its start
 *   (and at each retry) until paid or failed for good.
 */

export const planId = idSchema('plan', 'plan');
export const enrolmentId = idSchema('enrolment', 'enrolment');

/** The most plans the admin may define (withdrawn ones included): a small collection by construction. */
export const MAX_PLANS = 50;

const Price = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('per-visit'), visitCents: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('monthly'), monthlyCents: z.number().int().positive() }),
]);

const Terms = z.object({
  autoRenew: z.boolean(),
  minimumMonths: z.number().int().nonnegative(),
  cancellation: z.string(),
});

/** What an enrolment agrees to of its plan (kept as agreed: later edits of the plan change no enrolment). */
const Offer = z.object({
  name: z.string(),
  /** The catalogue service each visit books. */
  serviceId: z.string(),
  /**
   * The cadence, an RFC 5545 RRULE without DTSTART (the enrolment's first visit is its start):
   * FREQ=WEEKLY or MONTHLY, INTERVAL, and BYDAY (weekly: the days; monthly: e.g. 1SA) or BYMONTHDAY.
   */
  recurrence: z.string(),
  /** Each visit at its own price (charged at completion), or a fixed fee a month. */
  price: Price,
  /** Percent off other work for the enrolled vehicle while its plan is active. */
  discountPercent: z.number().int().min(0).max(100),
  terms: Terms,
});

export const PlanRecord = Offer.extend({
  id: z.string(),
  description: z.string(),
  /** Offered to customers; a plan withdrawn keeps its enrolments. */
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rev: z.number().int().nonnegative().optional(),
});
export type Plan = z.infer<typeof PlanRecord>;
export type PlanPrice = z.infer<typeof Price>;
export type PlanTerms = z.infer<typeof Terms>;

export const plan = defineEntity({
  name: 'plan',
  version: 1,
  schema: PlanRecord,
  key: (p: { id: string }) => ({ pk: `PLAN#${p.id}`, sk: 'PLAN' }),
  smallCollection: { why: "one shop's plans", atMost: MAX_PLANS },
  patterns: {
    /** Every plan, oldest first. */
    all: { index: 'byCollection', pk: { prefix: 'PLANS' }, sk: (p) => p.id },
  },
});

export const EnrolmentRecord = z.object({
  id: z.string(),
  planId: z.string(),
  userId: z.string(),
  vehicleId: z.string(),
  addressId: z.string(),
  state: z.enum(ENROLMENT_STATES),
  /** The plan as agreed, when, and the visit's time of day the customer chose (HH:mm, business time). */
  agreed: Offer.extend({ at: z.string(), time: z.string() }),
  /** The first occurrence (yyyy-MM-dd, business date). */
  startDate: z.string(),
  /** Occurrences the customer skipped (yyyy-MM-dd): never placed again. */
  skipped: z.array(z.string()),
  /**
   * Occurrences that could not be placed (the time taken, no technician free): never double-booked,
   * kept here until the customer picks one of the nearest free times or skips them (yyyy-MM-dd).
   */
  needsTime: z.array(z.string()).optional(),
  /** Visits are placed up to this date (inclusive); the next placement starts after it. */
  placedThrough: z.string().optional(),
  /** A monthly plan: the start of the next period to charge (yyyy-MM-dd). */
  nextPeriod: z.string().optional(),
  /** When the enrolment entered its state (paused, past due, cancelled: the customer and the revenue section read it). */
  stateSince: z.string(),
  /** When its next visits are to be placed (the `plan-visits` queue); none while not active. */
  placeAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rev: z.number().int().nonnegative().optional(),
});
export type Enrolment = z.infer<typeof EnrolmentRecord>;

export const enrolmentRef = (e: { userId: string; id: string }) => `${e.userId}#${e.id}`;

export const enrolment = defineEntity({
  name: 'enrolment',
  version: 1,
  schema: EnrolmentRecord,
  key: (e: { userId: string; id: string }) => ({ pk: `USER#${e.userId}`, sk: `ENROL#${e.id}` }),
  indexes: {
    dueWork: (e: Enrolment) =>
      e.state === 'active' && e.placeAt ? queueEntry('plan-visits', e.placeAt, enrolmentRef(e)) : undefined,
  },
  patterns: {
    /** A customer's enrolments, oldest first (ids are time-ordered). */
    ofCustomer: {
      pk: { prefix: 'USER', composite: ['userId'] },
      sk: { prefix: 'ENROL', composite: ['id'] },
    },
    /** The admin's list: sparse by state, then id. */
    byState: { index: 'byCollection', pk: { prefix: 'ENROLMENTS' }, sk: (e) => `${e.state}#${e.id}` },
  },
});

export const PlanVisitRecord = z.object({
  enrolmentId: z.string(),
  date: z.string(),
  bookingId: z.string(),
  createdAt: z.string(),
});

export const planVisit = defineEntity({
  name: 'planVisit',
  version: 1,
  schema: PlanVisitRecord,
  key: (v: { enrolmentId: string; date: string; bookingId: string }) => ({
    pk: `ENROLMENT#${v.enrolmentId}`,
    sk: `VISIT#${v.date}#${v.bookingId}`,
  }),
  patterns: {
    /** An enrolment's visits by date (a range of dates reads a bounded page). */
    ofEnrolment: {
      pk: { prefix: 'ENROLMENT', composite: ['enrolmentId'] },
      sk: { prefix: 'VISIT', composite: ['date', 'bookingId'] },
    },
  },
});

export const PlanPeriodRecord = z.object({
  enrolmentId: z.string(),
  /** The enrolment's customer: the charge reads their card on file. */
  userId: z.string(),
  /** The period's first day (yyyy-MM-dd). */
  start: z.string(),
  amountCents: z.number().int().positive(),
  state: z.enum(PERIOD_STATES),
  attempts: z.number().int().nonnegative(),
  /** When it is next due in `plan-charges` (its start, then each retry); none once paid or failed. */
  dueAt: z.string().optional(),
  paymentId: z.string().optional(),
  updatedAt: z.string(),
  rev: z.number().int().nonnegative().optional(),
});
export type PlanPeriod = z.infer<typeof PlanPeriodRecord>;

export const periodRef = (p: { enrolmentId: string; start: string }) => `${p.enrolmentId}#${p.start}`;

export const planPeriod = defineEntity({
  name: 'planPeriod',
  version: 1,
  schema: PlanPeriodRecord,
  key: (p: { enrolmentId: string; start: string }) => ({
    pk: `ENROLMENT#${p.enrolmentId}`,
    sk: `PERIOD#${p.start}`,
  }),
  indexes: {
    dueWork: (p: PlanPeriod) =>
      (p.state === 'due' || p.state === 'retrying') && p.dueAt
        ? queueEntry('plan-charges', p.dueAt, periodRef(p))
        : undefined,
  },
  patterns: {
    /** An enrolment's periods, oldest first. */
    ofEnrolment: {
      pk: { prefix: 'ENROLMENT', composite: ['enrolmentId'] },
      sk: { prefix: 'PERIOD', composite: ['start'] },
    },
  },
});

/** Writes `next` in full (its queue and list entries recomputed) only while the stored enrolment is still `read`'s revision. */
export const putEnrolment = (next: Enrolment, read: Pick<Enrolment, 'rev'>) =>
  putIfUnchanged(enrolment, next, read);
