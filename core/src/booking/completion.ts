import { VisibleError } from '../error';
import * as time from '../time';
import { completionBlock } from './rules';
import type { Stored } from './store';

/**
 * When a job may be completed (issue 30, decision 090). Completing charges
 * the customer's card and mails "Your service is complete", so it must not
 * happen before the visit: a booking can be Completed only from Confirmed,
 * and only once its technician recorded "Started" or its own day has come
 * in the business's zone (never while Pending, nor from a verification
 * state or Cancelled). Every caller goes through `changeStatus`, which asks
 * this rule; the admin alone may override it with a reason, kept in the
 * booking's audit trail. What completing would charge is billing's
 * (billing/charge-preview.ts).
 */

export const completionMessages = {
  pending: 'A Pending booking cannot be completed: confirm it first.',
  notOpen: (status: string) => `A ${status} booking cannot be completed.`,
  beforeDay: (date: string) =>
    `This job is on ${time.formatLongDate(date)}: it can be completed once it has started, or from its day on.`,
  overrideHint: 'An admin may complete it anyway by giving a reason, which is kept in its history.',
  alreadyCompleted: 'This job is already completed: nothing more is charged.',
} as const;

/** Why `booking` may not be completed now, or null when it may. */
export function completionRefusal(booking: Stored, now = new Date()): string | null {
  const block = completionBlock(
    { status: booking.status, date: booking.date, startedAt: booking.progress?.startedAt },
    time.today(now),
  );
  if (block === 'pending') return completionMessages.pending;
  if (block === 'notOpen') return completionMessages.notOpen(booking.status);
  if (block === 'beforeDay') return completionMessages.beforeDay(booking.date);
  return null;
}

/** Refuses (409, nothing written) a completion the rule does not allow, unless the admin gave a reason. */
export function assertMayComplete(booking: Stored, override: string | undefined, now = new Date()): void {
  const refusal = completionRefusal(booking, now);
  if (refusal && !override) {
    throw new VisibleError('conflict', refusal, { completionRefused: true });
  }
}
