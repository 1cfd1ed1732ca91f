import * as z from 'zod';
import { defineEntity } from '../db/entity';

/**
 * What the webhook reads (docs/data-model.md, "Payment links"): which booking
 * or work order a Square order is for, and the events already received.
 */

export const TARGET_KINDS = ['booking', 'workOrder'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

const OrderRef = z.object({
  orderId: z.string(),
  linkId: z.string(),
  kind: z.enum(TARGET_KINDS),
  targetId: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
});
export type OrderRef = z.infer<typeof OrderRef>;

/** `PAYLINK#<orderId>`: written with the link, in the same transaction as the booking or work order. */
export const orderRef = defineEntity({
  name: 'paymentLinkOrder',
  version: 1,
  schema: OrderRef,
  key: ({ orderId }: { orderId: string }) => ({ pk: `PAYLINK#${orderId}`, sk: 'PAYLINK' }),
});

/** How long an event id is remembered: Square retries a webhook for up to 3 days. */
export const EVENT_KEEP_DAYS = 30;

/** `SQUAREEVENT#<eventId>`: put only if absent, in the transaction that acts on the event (replays do nothing). */
export const webhookEvent = defineEntity({
  name: 'squareWebhookEvent',
  version: 1,
  schema: z.object({
    eventId: z.string(),
    type: z.string(),
    orderId: z.string(),
    receivedAt: z.string(),
    expiresAt: z.number().int(),
  }),
  key: ({ eventId }: { eventId: string }) => ({ pk: `SQUAREEVENT#${eventId}`, sk: 'SQUAREEVENT' }),
});
