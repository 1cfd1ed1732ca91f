import { config } from '../config';
import { formatCents } from '../money';
import * as time from '../time';
import { customerCanCancel } from './rules';
import type { Stored } from './store';

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
