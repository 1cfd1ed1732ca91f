import { Billing } from '@app/core/billing/index';
import { toDollars } from '@app/core/money';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { tipOfferReply } from './booking-reply';
import { invalidInput } from './validation';

/**
 * The tip after the job (issue 35, decision 130), from the receipt's link,
 * without signing in: the token in the path reaches only its booking. A bad,
 * used or expired link answers 4xx `{ msg }` and charges nothing; the tip is
 * charged once per job.
 */
const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, 'This link is not valid.') }),
  invalidInput,
);

export const tips = new Hono()
  .get('/:token', byToken, async (c) => {
    const view = await Billing.viewTipLink(c.req.valid('param').token);
    c.header('Cache-Control', 'no-store');
    return c.json({
      serviceName: view.serviceName,
      date: view.date,
      time: view.time,
      tip: tipOfferReply(view.offer),
    });
  })
  .post('/:token', byToken, zValidator('json', Billing.TipByLinkInput, invalidInput), async (c) => {
    const done = await Billing.tipByLink(c.req.valid('param').token, c.req.valid('json'));
    return c.json({ msg: done.msg, tip: toDollars(done.tipCents) });
  });

export type TipLinkReply = {
  serviceName: string;
  date: string;
  time: string;
  tip: ReturnType<typeof tipOfferReply>;
};
