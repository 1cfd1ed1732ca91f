/**
 * Billing (issue 32, decision 106): what a booking costs and how the money
 * moves. Completing a job charges the card once (charge.ts), a declined or
 * pending charge is retried by the scheduled job (payment-queue.ts, collect.ts),
 * the admin refunds (refund.ts), a late cancellation pays its fee (late-fee.ts),
 * each with its mail (payment-mail.ts) and its revenue items written in the
 * same transaction (revenue-items.ts). Billing stands above booking, work
 * orders and revenue: it imports them, none of them imports billing.
 */
import { givePaymentSteps } from '../booking/payment-steps';
import { planPayment, runCharge } from './charge';
import { chargeLateFee } from './late-fee';
import { queueItem } from './payment-queue';

// Booking's completion and late cancellation charge through these (booking/payment-steps.ts).
givePaymentSteps({ plan: planPayment, queueItem, charge: runCharge, chargeLateFee });

export * as Billing from './namespace';
