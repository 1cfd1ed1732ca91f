import { Billing } from '@app/core/billing/index';
import { toDollars } from '@app/core/money';
import { Payments } from '@app/core/payments/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { requireAdmin, requireUserBearer } from './auth';
import { invalidInput } from './validation';

/** A declined charge on the admin's list (decision 069). */
export type DeclinedChargeReply = {
  bookingId: string;
  amount: number;
  attempts: number;
  failureReason: string | null;
  customerName: string;
  serviceName: string;
  date: string;
  time: string;
  at: string;
};

export const declinedReply = (q: Billing.QueuedCharge): DeclinedChargeReply => ({
  bookingId: q.bookingId,
  amount: toDollars(q.amountCents),
  attempts: q.attempts,
  failureReason: q.failureReason ?? null,
  customerName: q.customerName,
  serviceName: q.serviceName,
  date: q.date,
  time: q.time,
  at: q.dueAt,
});

/**
 * /api/payments: the card form's configuration and saving a card on file (doc 2 §7, Account); the
 * declined charges the scheduled job stopped retrying, and the cancellation policy the terms state.
 */
export const payments = new Hono()
  .get('/config', (c) => c.json(Payments.publicConfig()))
  // The one route that takes `Authorization: Bearer <token>` (doc 2 §6); x-auth-token works too.
  .post(
    '/save-card',
    requireUserBearer,
    zValidator('json', Payments.saveCard.schema, invalidInput),
    async (c) => c.json(await Payments.saveCard(c.req.valid('json'))),
  )
  // Paged (decision 049): `{ charges, cursor }`, newest first, read from the declined queue only.
  .get('/declined', requireAdmin, zValidator('query', Billing.DeclinedInput, invalidInput), async (c) => {
    const page = await Billing.listDeclined(c.req.valid('query'));
    return c.json({ charges: page.items.map(declinedReply), cursor: page.cursor });
  })
  .get('/cancellation-policy', (c) => {
    const policy = Billing.lateCancelPolicy();
    return c.json({
      lateCancelHours: policy?.hours ?? 0,
      lateCancelFee: policy ? toDollars(policy.feeCents) : 0,
    });
  });
