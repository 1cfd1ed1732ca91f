import { DueReminder } from '@app/core/due-reminder/index';
import { Marketing } from '@app/core/notify/marketing';
import { Recommended } from '@app/core/recommended/index';
import { ReviewRequest } from '@app/core/review-request/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { invalidInput } from './validation';

const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, ReviewRequest.unsubscribeMessages.invalid) }),
  invalidInput,
);

/**
 * Which list the link leaves: review requests (absent), recommended work's follow-ups (issue 33), all
 * marketing, or one due notice's "not now" (issue 34).
 */
const byList = zValidator(
  'query',
  z.object({
    list: z
      .enum(['review-requests', 'recommended-work', 'marketing', 'not-now'], {
        error: ReviewRequest.unsubscribeMessages.invalid,
      })
      .optional(),
  }),
  invalidInput,
);

/**
 * /api/unsubscribe (issue 21, decision 076): the review request's one-click
 * unsubscribe. A mail client POSTs `List-Unsubscribe=One-Click` as a form
 * (RFC 8058); the /unsubscribe page POSTs with no body. Either way the body
 * is not read: the link's token is the whole request. `?list=marketing`
 * withdraws marketing consent, `?list=not-now` closes one "your car is due"
 * item (issue 34, decision 124), `?list=recommended-work` stops recommended
 * work's follow-ups (issue 33, decision 126).
 */
export const unsubscribe = new Hono().post('/:token', byToken, byList, async (c) => {
  const { token } = c.req.valid('param');
  const { list } = c.req.valid('query');
  if (list === 'recommended-work') return c.json(await Recommended.unsubscribe(token));
  if (list === 'marketing') return c.json(await Marketing.unsubscribe(token));
  if (list === 'not-now') return c.json(await DueReminder.notNow(token));
  return c.json(await ReviewRequest.unsubscribe(token));
});
