import type { TransactItem } from '../db/entity';
import type { Payment, Refund, Stored } from './store';

/**
 * THE seam for the revenue counters and ledger (issue 23's revenue branch,
 * `core/src/revenue`): every transaction that settles money on a booking
 * (the completion charge, a retry, the sweep, a refund, the late-cancel fee)
 * adds these items. Until core/src/revenue is merged they are none; then
 * these two functions call its item builders and nothing else changes.
 */
export function revenueOnPayment(
  _booking: Stored,
  _payment: Pick<Payment, 'amountCents' | 'at'>,
): TransactItem[] {
  return [];
}

export function revenueOnRefund(_booking: Stored, _refund: Refund): TransactItem[] {
  return [];
}
