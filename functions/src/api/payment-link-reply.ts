import { toDollars } from '@app/core/money';
import type { LinkRecord } from '@app/core/payments/link-record';

/** A payment link as bookings' and work orders' replies carry it (decision 070): dollars at the edge. */
export type PaymentLinkReply = { url: string; amount: number; sentAt: string; paidAt: string | null };

export const paymentLinkReply = (link: LinkRecord | undefined): PaymentLinkReply | null =>
  link
    ? { url: link.url, amount: toDollars(link.amountCents), sentAt: link.sentAt, paidAt: link.paidAt ?? null }
    : null;
