import { Service } from '@app/core/service/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { invalidInput } from './validation';

export const services = new Hono()
  .get('/', async (c) => c.json(await Service.list()))
  .get('/:id', zValidator('param', z.object({ id: Service.id }), invalidInput), async (c) =>
    c.json(await Service.fromId(c.req.valid('param').id)),
  );
