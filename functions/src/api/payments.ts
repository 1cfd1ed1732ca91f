import { Payments } from '@app/core/payments/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { requireUserBearer } from './auth';
import { invalidInput } from './validation';

/** /api/payments: the card form's configuration and saving a card on file (doc 2 §7, Account). */
export const payments = new Hono()
  .get('/config', (c) => c.json(Payments.publicConfig()))
  // The one route that takes `Authorization: Bearer <token>` (doc 2 §6); x-auth-token works too.
  .post(
    '/save-card',
    requireUserBearer,
    zValidator('json', Payments.saveCard.schema, invalidInput),
    async (c) => c.json(await Payments.saveCard(c.req.valid('json'))),
  );
