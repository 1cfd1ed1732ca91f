import * as z from 'zod';
import { asSystem, useUser } from '../actor';
import { failedConditions } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { Outbox } from '../mail/outbox';
import { Payments } from '../payments/index';
import { lateCancelFeeMail } from './payment-mail';
import { onFee } from './revenue-items';
import { lateCancelFeeCents, lateCancelPolicy, lateFeeMessages } from '../booking/late-cancel';
import { entity, mailInfo, ownedBooking, type Stored } from '../booking/store';

/**
 * The late-cancel fee's charge (decision 069) and the customer's preview of
 * it. The policy itself (when a fee applies, how much, its messages) is
 * booking's rule, read when a booking is cancelled: booking/late-cancel.ts.
 */

/** `GET /api/bookings/{id}/cancel-preview`: what cancelling now would cost the owner. */
export const cancelPreview = fn(
  z.string(),
  async (bookingId): Promise<{ feeCents: number; hours: number; msg: string }> => {
    const booking = await ownedBooking(bookingId);
    const feeCents = useUser().role === 'admin' ? 0 : lateCancelFeeCents(booking);
    const hours = lateCancelPolicy()?.hours ?? 0;
    return {
      feeCents,
      hours,
      msg: feeCents > 0 ? lateFeeMessages.fee(feeCents, hours) : lateFeeMessages.none,
    };
  },
  callerFirst(useUser),
);

/** Charges the fee of a cancelled booking once; the booking as it is afterwards. */
export async function chargeLateFee(booking: Stored, feeCents: number): Promise<Stored> {
  const policy = lateCancelPolicy();
  if (!policy || feeCents <= 0) return booking;
  const pending = { status: 'pending' as const, amountCents: feeCents, at: new Date().toISOString() };
  const claimed = await entity.patch(
    { id: booking.id },
    {
      set: { cancellationFee: pending },
      when: (c) => c.and(c.eq('status', 'Cancelled'), c.notExists('cancellationFee')),
    },
  );
  if (!claimed) return booking;
  const userId = booking.userId;
  const result: Payments.ChargeResult = userId
    ? await asSystem('late-cancel fee', () =>
        Payments.charge({
          userId,
          amountCents: feeCents,
          idempotencyKey: `${booking.id}-late`,
          note: `Late-cancellation fee: ${booking.serviceName} on ${booking.date} ${booking.time} (${booking.id})`,
        }),
      )
    : { status: 'failed', providerPaymentId: null, failureReason: 'The booking has no customer account.' };
  const fee = {
    status: result.status,
    amountCents: feeCents,
    ...(result.providerPaymentId ? { providerPaymentId: result.providerPaymentId } : {}),
    ...(result.status === 'failed' ? { failureReason: result.failureReason } : {}),
    at: new Date().toISOString(),
  };
  const mails = claimed.customer?.email
    ? [
        Outbox.prepare(
          lateCancelFeeMail(mailInfo(claimed), {
            amountCents: feeCents,
            hours: policy.hours,
            paid: fee.status === 'paid',
          }),
        ),
      ]
    : [];
  try {
    await transactRetrying([
      entity.tx.patch(
        { id: booking.id },
        { set: { cancellationFee: fee }, when: (c) => c.eq('cancellationFee.status', 'pending') },
      ),
      ...(fee.status === 'paid' ? await onFee(claimed, fee) : []),
      ...mails.map((m) => m.item),
    ]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    return (await entity.get({ id: booking.id }, { consistent: true })) ?? claimed;
  }
  await Outbox.deliver(...mails);
  return { ...claimed, cancellationFee: fee, rev: (claimed.rev ?? 0) + 1 };
}

export {
  type LateCancelPolicy,
  lateCancelFeeCents,
  lateCancelPolicy,
  lateFeeMessages,
} from '../booking/late-cancel';
import { callerFirst, fn } from '../util/fn';
