import { asSystem, useUser } from '../actor';
import { config } from '../config';
import { failedConditions } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { Outbox } from '../mail/outbox';
import { formatCents } from '../money';
import { Payments } from '../payments/index';
import * as time from '../time';
import { lateCancelFeeMail } from './payment-mail';
import { onFee } from './revenue-items';
import { customerCanCancel } from './rules';
import { entity, mailInfo, ownedBooking, type Stored } from './store';

/**
 * The late-cancel fee (decision 069), off unless LATE_CANCEL_HOURS and
 * LATE_CANCEL_FEE_CENTS are both above 0: a customer who cancels within that
 * many hours of the start pays the fee from the card on file, once (one
 * conditional write claims it; the key `<booking>-late` charges once at
 * Square). The shop cancelling never charges it. The customer sees the
 * amount before agreeing (`cancelPreview`), and a cancel that would carry a
 * fee must say it accepts it.
 */
export type LateCancelPolicy = { hours: number; feeCents: number };

/** The policy in force, or null when it is off. */
export function lateCancelPolicy(): LateCancelPolicy | null {
  const { lateCancelHours: hours, lateCancelFeeCents: feeCents } = config();
  return hours > 0 && feeCents > 0 ? { hours, feeCents } : null;
}

/** The fee a customer's cancellation of `booking` now would carry (0: none). */
export function lateCancelFeeCents(
  booking: Pick<Stored, 'date' | 'time' | 'status'>,
  now = Date.now(),
): number {
  const policy = lateCancelPolicy();
  if (!policy || !customerCanCancel(booking.status)) return 0;
  const start = Date.parse(time.instantOf(booking.date, booking.time));
  return start - now < policy.hours * 3_600_000 ? policy.feeCents : 0;
}

export const lateFeeMessages = {
  none: 'You can cancel this booking at no charge.',
  fee: (cents: number, hours: number) =>
    `This appointment starts within ${hours} hours, so cancelling it now carries a late-cancellation fee of ${formatCents(cents)}, charged to your card on file.`,
  accept: (cents: number, hours: number) =>
    `${lateFeeMessages.fee(cents, hours)} Please confirm that you accept the fee to cancel.`,
} as const;

/** `GET /api/bookings/{id}/cancel-preview`: what cancelling now would cost the owner. */
export async function cancelPreview(
  bookingId: string,
): Promise<{ feeCents: number; hours: number; msg: string }> {
  const booking = await ownedBooking(bookingId);
  const feeCents = useUser().role === 'admin' ? 0 : lateCancelFeeCents(booking);
  const hours = lateCancelPolicy()?.hours ?? 0;
  return { feeCents, hours, msg: feeCents > 0 ? lateFeeMessages.fee(feeCents, hours) : lateFeeMessages.none };
}

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
