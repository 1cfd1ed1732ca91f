import { toCents } from '@app/core/money';
import { addOnId } from '@app/core/service/addon';
import { Service } from '@app/core/service/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin } from './auth';
import { addOnReply, priceOf } from './services';
import { invalidInput } from './validation';

/** The add-on form (issue 34): its name, its price in dollars (cents in core) and its minutes as `duration`. */
const addOnForm = z
  .object({
    name: z.string({ error: 'Name is required.' }),
    price: priceOf,
    duration: z.number({ error: 'Minutes must be a number.' }),
  })
  .transform(({ name, price, duration }) => ({ name, priceCents: toCents(price), minutes: duration }));
const form = zValidator('json', addOnForm, invalidInput);
const byId = zValidator('param', z.object({ id: addOnId }), invalidInput);

/** /api/add-ons (issue 34, decision 122): the shop's add-ons, read by anyone, kept by the admin. */
export const addOnsRouter = new Hono()
  .get('/', async (c) => c.json((await Service.listAddOns()).map(addOnReply)))
  .post('/', requireAdmin, form, async (c) =>
    c.json(addOnReply(await Service.addAddOn(c.req.valid('json'))), 201),
  )
  .put('/:id', requireAdmin, byId, form, async (c) =>
    c.json(
      addOnReply(await Service.changeAddOn({ ...c.req.valid('json'), addOnId: c.req.valid('param').id })),
    ),
  )
  .delete('/:id', requireAdmin, byId, async (c) => {
    const removed = await Service.deleteAddOn(c.req.valid('param').id);
    return c.json({ msg: 'Add-on deleted.', addOn: addOnReply(removed) });
  });
