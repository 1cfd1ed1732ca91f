import { VehicleData } from '@app/core/vehicle/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin } from './auth';
import { invalidInput } from './validation';

/** /api/vehicleData (doc 2 §7): the makes and models the admin's search and custom booking forms offer. */
export const vehicleData = new Hono()
  .get('/makes', requireAdmin, async (c) => c.json(await VehicleData.makes()))
  .get(
    '/models/:make',
    requireAdmin,
    zValidator('param', z.object({ make: z.string().max(60, 'Unknown make.') }), invalidInput),
    async (c) => c.json(await VehicleData.models(c.req.valid('param').make)),
  );
