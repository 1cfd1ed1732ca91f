import * as z from 'zod';

/**
 * The Square payment link a booking or a work order carries once the shop has
 * sent one (issue 23, decision 070): Square's link and order ids, the page the
 * customer pays on, the amount it asks for, and when it was sent and paid.
 * Pure, so both domains' stored schemas and the API's replies share it.
 */
export const LinkRecord = z.object({
  /** Square's payment link id. */
  id: z.string(),
  /** The order Square made for it: the webhook's payment names it. */
  orderId: z.string(),
  url: z.string(),
  amountCents: z.number().int().positive(),
  sentAt: z.string(),
  /** How many times it was mailed (a second send of the same link mails it again). */
  sends: z.number().int().positive().default(1),
  paidAt: z.string().optional(),
});
export type LinkRecord = z.infer<typeof LinkRecord>;

/** A payment as bookings and work orders record it: pending, paid or failed, in cents. */
export const PaymentRecord = z.object({
  status: z.enum(['pending', 'paid', 'failed']),
  amountCents: z.number().int(),
  providerPaymentId: z.string().optional(),
  failureReason: z.string().optional(),
  at: z.string(),
  /** The payment link sent for it (absent: none was sent). */
  link: LinkRecord.optional(),
  /**
   * The customer's tip (issue 35, decision 130), apart from the amount and untaxed: Square's
   * `tip_money` of the charge or of the link's payment; what is left of it to refund.
   */
  tipCents: z.number().int().optional(),
  tipRefundableCents: z.number().int().optional(),
});
export type PaymentRecord = z.infer<typeof PaymentRecord>;

/** The payment as the API's replies carry it (dollars at the edge are the caller's job). */
export type LinkReply = { url: string; sentAt: string; paidAt: string | null; amountCents: number };
