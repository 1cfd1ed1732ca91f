import { Account } from '@app/core/account/index';
import { NotifySettings } from '@app/core/notify/settings';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { addresses } from './addresses';
import { requireUser } from './auth';
import { vehicles } from './vehicles';
import { invalidInput } from './validation';

/** /api/users: registration, verification, sign-in, the current user and passwords (doc 1 §7, doc 2 §7). */
export const users = new Hono()
  .post('/register', zValidator('json', Account.register.schema, invalidInput), async (c) =>
    c.json(await Account.register(c.req.valid('json'))),
  )
  .get(
    '/verify-email/:token',
    zValidator('param', z.object({ token: z.string().max(200) }), invalidInput),
    async (c) => c.json(await Account.verifyEmail(c.req.valid('param').token)),
  )
  .post(
    '/resend-verification',
    zValidator('json', Account.resendVerification.schema, invalidInput),
    async (c) => c.json(await Account.resendVerification(c.req.valid('json'))),
  )
  .post('/login', zValidator('json', Account.login.schema, invalidInput), async (c) =>
    c.json(await Account.login(c.req.valid('json'))),
  )
  .get('/me', requireUser, async (c) => c.json(await Account.me()))
  .route('/me/addresses', addresses)
  .route('/me/vehicles', vehicles)
  // Texts consent and the channel per kind of notice (issue 21): a customer's own.
  .get('/me/notifications', requireUser, async (c) => c.json(await NotifySettings.read()))
  .put(
    '/me/notifications',
    requireUser,
    zValidator('json', NotifySettings.update.schema, invalidInput),
    async (c) => c.json(await NotifySettings.update(c.req.valid('json'))),
  )
  .post(
    '/change-password',
    requireUser,
    zValidator('json', Account.changePassword.schema, invalidInput),
    async (c) => c.json(await Account.changePassword(c.req.valid('json'))),
  )
  .post('/forgot-password', zValidator('json', Account.forgotPassword.schema, invalidInput), async (c) =>
    c.json(await Account.forgotPassword(c.req.valid('json'))),
  )
  .post('/reset-password', zValidator('json', Account.resetPassword.schema, invalidInput), async (c) =>
    c.json(await Account.resetPassword(c.req.valid('json'))),
  );
