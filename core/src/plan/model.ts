/**
 * Service plans and memberships (issue 35, decision 131). Browser-safe (no
 * zod): the web imports it; the records' types are store.ts's (`import type`).
 *
 * - A **plan** is what the admin offers: one service each visit, on a
 *   cadence (an RFC 5545 recurrence rule), a price (per visit, or a monthly
 *   fee), a discount on other work, and its terms.
 * - An **enrolment** is one customer's garage vehicle at one of their saved
 *   addresses on a plan, with their card on file and the terms they agreed to
 *   (the amounts as shown). Its visits are ordinary bookings (each claimed on
 *   its own, with the reminders and links every booking has) that name it.
 * - A **period** is one month of a monthly plan: charged once, whatever
 *   retries happen (the enrolment and the period's start are the idempotency key).
 */

export const ENROLMENT_STATES = ['active', 'paused', 'past_due', 'cancelled'] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];

export const PERIOD_STATES = ['due', 'paid', 'retrying', 'failed'] as const;
export type PeriodState = (typeof PERIOD_STATES)[number];

export const PRICE_KINDS = ['per-visit', 'monthly'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
