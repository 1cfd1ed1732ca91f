/**
 * Payment links (issue 23, decision 070): the admin sends a Square payment
 * link for an unpaid booking or work order (send.ts), and Square's signed
 * webhook marks it paid (webhook.ts). The order's lines are in lines.ts, the
 * order → record lookup and the events received in store.ts.
 */
export * as PaymentLink from './namespace';
