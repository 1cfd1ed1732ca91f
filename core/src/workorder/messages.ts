import * as z from 'zod';
import { linkTexts } from '../auth/link-texts';
import { VisibleError } from '../error';
import { idSchema } from '../util/id';

/** The work order's id, its replies' texts, and how it refuses (with `msg` and `message`). */
export const id = idSchema('workOrder', 'work order');
/**
 * A work order's id or a link's token as a verb takes it (`fn`): any text, so
 * one that names no work order answers 404 where it is looked up, not 400.
 */
export const key = z.string({ error: 'Invalid request.' });

export const messages = {
  notFound: 'Work order not found.',
  changedMeanwhile: linkTexts.acknowledgeWorkOrder.changed,
  noEmail: 'This work order has no customer email address.',
  portalBadEmail: 'Please provide a valid email address',
  portalNotFound: 'Work order not found or email does not match our records',
  // The acknowledgment link's refusals (the link flow table, core/src/auth/link-flows.ts).
  linkInvalid: linkTexts.acknowledgeWorkOrder.invalid,
  alreadyAcknowledged: linkTexts.acknowledgeWorkOrder.acknowledged,
  linkExpired: linkTexts.acknowledgeWorkOrder.expired,
  emailMismatch: 'The email address does not match the work order customer.',
  acknowledged: 'Work order acknowledged successfully.',
  deleted: 'Work order deleted successfully.',
  noSuchBooking: 'The related booking does not exist.',
  changedSinceShown:
    'This work order was changed after you opened it. Please reload the page to see the current version before acknowledging.',
} as const;

/**
 * A work order's 4xx (the house's `VisibleError`, with any `extra` fields). The
 * `message` beside `msg` the spec's clients read is the API router's to add
 * (functions/src/api/workorders.ts `withMessage`, decision 112).
 */
export function fail(kind: VisibleError['kind'], text: string, extra: Record<string, unknown> = {}): never {
  throw new VisibleError(kind, text, extra);
}

/**
 * How a work-order verb refuses input its schema does not take (`fn`'s third
 * argument, decision 064): 400 with the first issue as `msg`.
 */
export function refuseInvalid(error: z.ZodError): never {
  return fail('invalid', error.issues[0]?.message ?? 'Invalid input.');
}
