import { PaymentLink } from '@app/core/payment-link/index';
import { Hono } from 'hono';

/**
 * /api/webhooks: notifications from providers, open to anyone, each proved by
 * its signature (the body's size is bounded by ./input.ts like every other).
 * POST /square: Square's `payment.updated` marks a payment link's booking or
 * work order paid (decision 070); a missing or bad signature is 401.
 */
export const webhooks = new Hono().post('/square', async (c) =>
  c.json(await PaymentLink.receive(await c.req.text(), c.req.header(PaymentLink.SIGNATURE_HEADER))),
);
