import { Booking } from '@app/core/booking/index';
import { VisibleError } from '@app/core/error';
import { inboundOf, verifyNotification } from '@app/core/sms/sns';
import { TextReply } from '@app/core/text-reply/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin, requireStaff } from './auth';
import { invalidInput, pageQuery, pageReply } from './validation';

export const textsMessages = {
  notFromSns: "Only SNS notifications of the shop's inbound texts are accepted.",
  notNotification: 'Only notifications are taken here: the topic delivers to its subscriber function.',
  notAText: 'The notification does not carry an inbound text.',
} as const;

const byId = zValidator('param', z.object({ id: Booking.id }), invalidInput);

/**
 * /api/texts (issue 36, decision 120): customers' replies by text.
 * - POST /inbound: an SNS HTTP notification of the inbound topic, verified
 *   (topic, SNS's certificate host, signature) before anything is read; the
 *   local SMS stand-in posts the same. Anything else is 403, nothing changed.
 * - GET and POST /bookings/:id: a booking's thread, and a text back (the
 *   job's technician, or an admin).
 * - GET /inbox: the texts that reached the desk, newest first (admin).
 */
export const texts = new Hono()
  .post('/inbound', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new VisibleError('forbidden', textsMessages.notFromSns);
    }
    const verified = await verifyNotification(body);
    if (!verified.ok) throw new VisibleError('forbidden', textsMessages.notFromSns);
    const { notification } = verified;
    if (notification.Type !== 'Notification')
      throw new VisibleError('invalid', textsMessages.notNotification);
    const inbound = inboundOf(notification.Message, notification.Timestamp);
    if (!inbound) throw new VisibleError('invalid', textsMessages.notAText);
    return c.json(await TextReply.receive(inbound));
  })
  .get('/inbox', requireAdmin, zValidator('query', pageQuery, invalidInput), async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return pageReply(c, await TextReply.inbox({ limit: query.limit ?? 20, cursor: query.cursor }));
  })
  .get('/bookings/:id', requireStaff, byId, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await TextReply.thread(c.req.valid('param').id));
  })
  .post(
    '/bookings/:id',
    requireStaff,
    byId,
    zValidator('json', TextReply.AnswerInput, invalidInput),
    async (c) => c.json(await TextReply.answer(c.req.valid('param').id, c.req.valid('json'))),
  );
