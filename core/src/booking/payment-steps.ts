import type { TransactItem } from '../db/entity';
import type { TipChoice } from '../rules/tip';
import type { ChargeChoice } from './input';
import type { Payment, Stored } from './store';

/**
 * The payment steps of booking's own verbs (issue 32, decision 106).
 * Completing a job records its payment in the completion's transaction and
 * then charges the card; a customer's late cancellation charges a fee. Billing
 * does both, and billing stands above booking (it imports booking, work
 * orders and revenue), so booking names the steps here and billing hands them
 * over when it is loaded (billing/index.ts). Every program that serves
 * bookings loads billing (the API's routes, the scheduled job); a booking
 * verb that needs a step before then is a wiring fault, a 500, never a
 * completion without its charge.
 */
export type PaymentSteps = {
  /** The pending payment a completion records (refused with 400/409 when the choice may not be charged). */
  plan(booking: Stored, choice: ChargeChoice | undefined, at: string, tip?: TipChoice): Promise<Payment>;
  /** The payment queue's item, written in the completion's transaction. */
  queueItem(booking: Stored, payment: Payment | undefined): TransactItem;
  /** Charges the pending payment once; the booking as it is afterwards. */
  charge(booking: Stored, mail: 'completed'): Promise<Stored>;
  /** Charges a cancelled booking's late-cancel fee once; the booking as it is afterwards. */
  chargeLateFee(booking: Stored, feeCents: number): Promise<Stored>;
};

let given: PaymentSteps | null = null;

/** Billing's hand-over (billing/index.ts), once, when billing is loaded. */
export function givePaymentSteps(steps: PaymentSteps): void {
  given = steps;
}

export function paymentSteps(): PaymentSteps {
  if (!given) {
    throw new Error('Billing is not loaded: import core/src/billing/index.ts where bookings are served.');
  }
  return given;
}
