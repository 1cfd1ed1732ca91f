import { Estimate } from '@app/core/workorder/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { invalid } from './workorder-money';
import { acknowledgmentReply } from './workorder-reply';

/**
 * The estimate in the work order portal (issue 33, decision 127), under /api/workOrders (mounted by
 * ./workorders.ts before `/:id`, whose `withMessage` adds `message` to every 4xx). Public: the
 * number and the customer's email find the work order (core's rate-limited lookup); the answer
 * needs the one-time code mailed to that email. Core decides every refusal.
 */

const byNumber = zValidator('param', z.object({ number: z.string().max(100) }), invalid);

export const workOrderPortal = new Hono()
  // The acknowledgment page's reply for the number and email: the lines, photos' ids, totals and the estimate.
  .get(
    '/public/:number/estimate',
    byNumber,
    zValidator('query', z.object({ email: z.string().max(1000).optional() }), invalid),
    async (c) =>
      c.json(
        acknowledgmentReply(
          await Estimate.estimateForPortal(c.req.valid('param').number, c.req.valid('query').email ?? ''),
        ),
      ),
  )
  .post(
    '/public/:number/estimate/code',
    byNumber,
    zValidator('json', Estimate.PortalCodeInput, invalid),
    async (c) => {
      const sent = await Estimate.sendPortalCode(c.req.valid('param').number, c.req.valid('json'));
      return c.json({ message: sent.message, sentTo: sent.sentTo });
    },
  )
  .post(
    '/public/:number/estimate/answer',
    byNumber,
    zValidator('json', Estimate.PortalAnswerInput, invalid),
    async (c) => c.json(await Estimate.answerInPortal(c.req.valid('param').number, c.req.valid('json'))),
  );
