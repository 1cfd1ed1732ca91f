import { Contact } from '@app/core/contact/index';
import { ServiceRequest } from '@app/core/service-request/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { invalidInput } from './validation';

/** POST /api/contact (doc 2 §7): `{ name, email, subject, message }` -> `{ msg }`. */
export const contact = new Hono().post(
  '/',
  zValidator('json', Contact.send.schema, invalidInput),
  async (c) => c.json(await Contact.send(c.req.valid('json'))),
);

/** POST /api/service-request (doc 1 §7): the home page's help form -> `{ msg }`. */
export const serviceRequest = new Hono().post(
  '/',
  zValidator('json', ServiceRequest.submit.schema, invalidInput),
  async (c) => c.json(await ServiceRequest.submit(c.req.valid('json'))),
);
