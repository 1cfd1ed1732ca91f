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
 * /api/unsubscribe (issue 21, decision 076): the review request's one-click
 * unsubscribe. A mail client POSTs `List-Unsubscribe=One-Click` as a form
 * (RFC 8058); the /unsubscribe page POSTs with no body. Either way the body
 * is not read: the link's token is the whole request.
 */
export const unsubscribe = new Hono().post('/:token', byToken, async (c) =>
  c.json(await ReviewRequest.unsubscribe(c.req.valid('param').token)),
);
