import { Visit } from '@app/core/visit/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { invalidInput } from './validation';

/** The tracking page's reply (issue 21, decision 076): this visit only, as the customer follows it. */
export type TrackingReply = Visit.Tracking;

const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, Visit.trackingMessages.invalid) }),
  invalidInput,
);

/** /api/track: the customer's tracking page of one visit, by the link "On my way" mailed (no sign-in). */
export const track = new Hono().get('/:token', byToken, async (c) =>
  c.json<TrackingReply>(await Visit.tracking(c.req.valid('param').token)),
);
