/**
 * Revenue (issue 23, decision 071): counters kept as money moves (a month's,
 * an ISO week's, what is outstanding) and a ledger of every payment and
 * refund, written in the same transactions as the payments and refunds
 * themselves, so the owner's dashboard reads a fixed handful of items and the
 * accountant's CSV pages through the ledger by date.
 */
export * as Revenue from './namespace';
