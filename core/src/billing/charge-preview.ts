import * as z from 'zod';
import { assertStaff, useUser } from '../actor';
import { completionMessages, completionRefusal } from '../booking/completion';
import { findBooking } from '../booking/store';
import { VisibleError } from '../error';
import { formatCents } from '../money';
import { Technician } from '../technician/index';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { type ChargeChoice, planCharge } from './charge';
import { type TipOffer, tipOffer } from './tip';

/**
 * The completion's confirm step (issue 30, decision 090): what completing a
 * job would charge now and to which card, or why it is refused. The rule of
 * when a job may be completed is booking's (booking/completion.ts).
 */

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
  /** The tip the customer may add (issue 35): its choices computed here; null when nothing is charged. */
  tip: TipOffer | null;
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
        tip: null,
      };
    }
    const rule = completionRefusal(booking);
    const pending = booking.payment?.status === 'pending' ? booking.payment : undefined;
    try {
      const planned =
        booking.payment?.status === 'paid'
          ? { payment: { basis: booking.payment.basis ?? null, amountCents: 0 }, taxCents: 0 }
          : pending
            ? { payment: pending, taxCents: null }
            : await planCharge(booking, input.charge, new Date().toISOString());
      const { payment } = planned;
      // A tip is offered on a new charge only (a pending one is charged again as it was).
      const tipBase = planned.taxCents === null ? 0 : payment.amountCents - planned.taxCents;
      return {
        basis: payment.basis ?? null,
        amountCents: payment.amountCents,
        card,
        message: chargeMessage(payment.amountCents, card),
        refusal: rule,
        overridable: rule !== null && !technician,
        tip: tipBase > 0 ? tipOffer(tipBase) : null,
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
        tip: null,
      };
    }
  },
);
