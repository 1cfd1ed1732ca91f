import * as z from 'zod';
import { cents, line, optionalLine, optionalText, phone } from '../rules/schema';
import { idSchema } from '../util/id';
import { Decisions, hours, PartItem } from './input';
import { INSPECTION_CATEGORIES } from './inspection/terms';
import { PRICING_LIMITS } from './pricing';

/**
 * What staff and the customer send about an estimate (issue 33, decision 125), in cents (the
 * API's edge turns the spec's dollars into them, as for the form's lines).
 */

export const ESTIMATE_LIMITS = { maxParts: 20, maxPhotos: 20, groupMax: 60 } as const;

export const estimateMessages = {
  lineNotFound: 'Estimate line not found.',
  tooMany: `An estimate may hold at most ${PRICING_LIMITS.maxLines} lines.`,
  notAttention: 'Only an inspection item marked "needs attention" becomes a proposed line.',
  noInspectionItem: 'That inspection item was not filled.',
  photoNotFound: 'A photo named is not on this work order.',
  serviceNotFound: 'The catalogue service was not found.',
  undecided: (description: string) => `Approve, decline or defer "${description}".`,
  notProposed: 'Only a proposed line is answered: reload to see the current estimate.',
  twoOptions: (group: string) => `Pick one option of "${group}".`,
  termsRequired: 'Read and accept the terms before signing.',
  nothingToDecide: 'This estimate has no line awaiting an answer.',
  decided: 'Your answer to the estimate was recorded.',
  phoneRecorded: 'The customer’s answer by phone was recorded.',
  calledAtFuture: 'The call cannot be in the future.',
} as const;

const group = optionalLine('Option group', ESTIMATE_LIMITS.groupMax);

const EstimatePart = PartItem.extend({
  /** Priced from the catalogue: the server reads the service's price (the unit price sent is replaced). */
  serviceId: z
    .union([z.literal(''), z.null(), idSchema('service', 'service')])
    .optional()
    .transform((value) => value || undefined),
});

const Pricing = {
  hours: hours.optional().transform((value) => value ?? 0),
  /** Absent: the shop's rate (config). */
  hourlyRateCents: cents('Hourly rate', PRICING_LIMITS.maxRateCents).optional(),
  parts: z
    .array(EstimatePart, { error: 'Parts must be a list.' })
    .max(ESTIMATE_LIMITS.maxParts, `At most ${ESTIMATE_LIMITS.maxParts} parts.`)
    .nullish()
    .transform((parts) => parts ?? []),
};

/** A line staff write by hand, or re-price (`PUT`): the whole line. */
export const LineInput = z.object({
  description: line('Description', 300),
  note: optionalText({ label: 'Note', max: 1000, multiline: true }),
  group,
  photoIds: z
    .array(z.string().max(100))
    .max(ESTIMATE_LIMITS.maxPhotos)
    .nullish()
    .transform((ids) => ids ?? []),
  ...Pricing,
});
export type LineInput = z.input<typeof LineInput>;

/** One tap: an inspection item marked "needs attention" becomes a proposed line, with its note and photos. */
export const FindingInput = z.object({
  category: z.enum(INSPECTION_CATEGORIES, {
    error: `Category must be one of: ${INSPECTION_CATEGORIES.join(', ')}.`,
  }),
  /** The photos it carries: absent, the photos of that inspection item (decision 129). */
  photoIds: z.array(z.string().max(100)).max(ESTIMATE_LIMITS.maxPhotos).optional(),
});
export type FindingInput = z.input<typeof FindingInput>;

/** A call staff recorded (decision 125): the customer's answers, when, the number, who answered. */
export const PhoneApprovalInput = z.object({
  decisions: Decisions,
  calledAt: z.iso.datetime({ error: 'When the call was, as a date and time.' }),
  number: phone('Number called'),
  person: line('Name of the person', 100),
  version: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Invalid request.')
    .optional(),
});
export type PhoneApprovalInput = z.input<typeof PhoneApprovalInput>;
