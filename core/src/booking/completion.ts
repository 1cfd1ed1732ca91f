import * as z from 'zod';
import { assertStaff, useUser } from '../actor';
import { VisibleError } from '../error';
import { formatCents } from '../money';
import { Technician } from '../technician/index';
import * as time from '../time';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { type ChargeChoice, planPayment } from '../billing/charge';
import { completionBlock } from './rules';
import { findBooking, type Stored } from './store';

/**
 * When a job may be completed (issue 30, decision 090). Completing charges
 * the customer's card and mails "Your service is complete", so it must not
 * happen before the visit: a booking can be Completed only from Confirmed,
 * and only once its technician recorded "Started" or its own day has come
 * in the business's zone (never while Pending, nor from a verification
 * state or Cancelled). Every caller goes through `changeStatus`, which asks
 * this rule; the admin alone may override it with a reason, kept in the
 * booking's audit trail.
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

/** What the confirm step shows before completing: the amount the server would charge, and the card. */
export type ChargePreview = {
  basis: ChargeChoice | null;
  /** What completing now charges (0 when already paid); null when completing is refused for the money. */
  amountCents: number | null;
  card: { brand: string; last4: string } | null;
  /** "This charges $149.00 to the card ending 1111." */
  message: string;
  /** Why completing now is refused (the completion rule, or the amount needs approval); null when it may. */
  refusal: string | null;
  /** The refusal is the completion rule's, which an admin may override with a reason. */
  overridable: boolean;
};

export function chargeMessage(amountCents: number, card: ChargePreview['card']): string {
  if (amountCents === 0) return 'Nothing is charged.';
  if (!card) {
    return `This charges ${formatCents(amountCents)}, but the customer has no card on file: the charge will be declined.`;
  }
  return `This charges ${formatCents(amountCents)} to the card ending ${card.last4}.`;
}

export const PreviewInput = z.object({
  charge: z.enum(['booking', 'workOrder'], { error: 'Charge must be booking or workOrder.' }).optional(),
});

/**
 * `GET /api/bookings/{id}/charge-preview[?charge=booking|workOrder]` (staff: an
 * admin, or the job's technician): what completing it would charge now, to which
 * card, computed as the completion computes it (charge.ts), or why it is refused.
 * Reads only.
 */
export const chargePreview = fn(
  z.tuple([z.string(), PreviewInput]),
  async (bookingId, input): Promise<ChargePreview> => {
    assertStaff();
    const booking = await findBooking(bookingId);
    const technician = useUser().role === 'technician';
    if (technician) await Technician.assertWorks(booking.claim?.technician);
    const account = booking.userId ? await User.find(booking.userId) : undefined;
    const card = account ? User.toMe(account).card : null;
    if (booking.status === 'Completed') {
      return {
        basis: booking.payment?.basis ?? null,
        amountCents: 0,
        card,
        message: completionMessages.alreadyCompleted,
        refusal: null,
        overridable: false,
      };
    }
    const rule = completionRefusal(booking);
    const pending = booking.payment?.status === 'pending' ? booking.payment : undefined;
    try {
      const payment =
        booking.payment?.status === 'paid'
          ? { basis: booking.payment.basis ?? null, amountCents: 0 }
          : (pending ?? (await planPayment(booking, input.charge, new Date().toISOString())));
      return {
        basis: payment.basis ?? null,
        amountCents: payment.amountCents,
        card,
        message: chargeMessage(payment.amountCents, card),
        refusal: rule,
        overridable: rule !== null && !technician,
      };
    } catch (error) {
      if (!(error instanceof VisibleError)) throw error;
      return {
        basis: input.charge ?? null,
        amountCents: null,
        card,
        message: error.message,
        refusal: rule ?? error.message,
        overridable: false,
      };
    }
  },
);
