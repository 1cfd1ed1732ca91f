import { BookingLinkPage } from '@app/core/booking-link/page';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { invalidInput } from './validation';

/**
 * A booking's link (issue 21, decision 074), without signing in: the token
 * in the path is the authority and reaches only its booking. Bad, used or
 * expired links answer 4xx `{ msg }` and change nothing.
 */
const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, 'This link is not valid.') }),
  invalidInput,
);

export const bookingLinks = new Hono()
  .get('/:token', byToken, async (c) => c.json(await BookingLinkPage.view(c.req.valid('param').token)))
  .post('/:token/attend', byToken, async (c) =>
    c.json(await BookingLinkPage.attend(c.req.valid('param').token)),
  )
  .post(
    '/:token/cancel',
    byToken,
    zValidator('json', BookingLinkPage.CancelByLinkInput, invalidInput),
    async (c) => c.json(await BookingLinkPage.cancel(c.req.valid('param').token, c.req.valid('json'))),
  );

/** What the landing page reads (type only, for the web). */
export type { LinkView } from '@app/core/booking-link/landing';
