/** What `Billing` offers (index.ts says what billing is), one file per job. */
export { type ChargeChoice, chargeMessages, type ChargeOptions, chargeOptionsFor } from './charge';
export { type ChargePreview, chargePreview, PreviewInput as ChargePreviewInput } from './charge-preview';
export { COLLECT_BATCH, DeclinedInput, listDeclined, retryCharge, retryDue, sweepPending } from './collect';
export { cancelPreview, lateCancelPolicy, lateFeeMessages } from './late-fee';
export { MAX_REFUNDS, refund, RefundInput, refundMessages } from './refund';
export type { Queued as QueuedCharge } from './payment-queue';
export { chargeDuePeriods, PLAN_CHARGE_BATCH } from './plan-charges';
export { type TipOffer } from './tip';
export { type TipPageView, TipByLinkInput, tipByLink, tipLinkMessages, viewTipLink } from './tip-after';
