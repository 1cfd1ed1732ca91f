import { Booking } from '@app/core/booking/index';
import { toCents, toDollars } from '@app/core/money';
import { deleteService } from '@app/core/timeslot/delete-service';
import { Service } from '@app/core/service/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { zipMessage } from '@app/core/rules/fields';
import { dollars } from '@app/core/rules/schema';
import { createMiddleware } from 'hono/factory';
import { requireAdmin, requireUser } from './auth';
import { invalidInput } from './validation';

/** A service as the spec's clients read it (doc 1 §3): `price` in dollars, converted here at the edge. */
export type ServiceReply = Omit<Service.Info, 'priceCents'> & { price: number };

export function serviceReply(service: Service.Info): ServiceReply {
  return {
    _id: service._id,
    name: service.name,
    description: service.description,
    price: toDollars(service.priceCents),
    duration: service.duration,
    availableDays: service.availableDays,
    availableTimes: service.availableTimes,
    ...(service.photoPrompt ? { photoPrompt: service.photoPrompt } : {}),
    ...(service.photoRequired ? { photoRequired: true } : {}),
  };
}

const byId = zValidator('param', z.object({ id: Service.fromId.schema }), invalidInput);

/** The admin's service form (doc 2 §5, §7): `price` in dollars here, cents in core. */
const serviceForm = Service.AdminInput.omit({ priceCents: true })
  .extend({
    price: dollars('Price', 100_000 * 100, {
      wording: {
        notNumber: 'Price must be a number.',
        negative: 'Price cannot be negative.',
        tooMuch: 'Price must be at most $100,000.',
        notCents: 'Price must be in dollars and cents.',
      },
    }),
  })
  .transform(({ price, ...fields }) => ({ ...fields, priceCents: toCents(price) }));
const form = zValidator('json', serviceForm, invalidInput);

export const services = new Hono()
  .get('/', async (c) => c.json((await Service.list()).map(serviceReply)))
  .get('/:id', byId, async (c) => c.json(serviceReply(await Service.fromId(c.req.valid('param').id))))
  .post('/', requireAdmin, form, async (c) => {
    const { service } = await Service.create(c.req.valid('json'));
    return c.json(serviceReply(service), 201);
  })
  .put('/:id', requireAdmin, byId, form, async (c) =>
    c.json(
      serviceReply(await Service.update({ ...c.req.valid('json'), serviceId: c.req.valid('param').id })),
    ),
  )
  .delete('/:id', requireAdmin, byId, async (c) => {
    const { service, slots } = await deleteService(c.req.valid('param').id);
    return c.json({
      msg: 'Service deleted.',
      service: serviceReply(service),
      slotsDeleted: slots.deleted,
      bookedSlotsKept: slots.kept,
    });
  })
  .get(
    '/:id/availability',
    byId,
    zValidator(
      'query',
      z.object({
        date: Booking.calendarDate,
        addressId: z.string().trim().min(1).max(100).optional(),
        zipCode: z
          .string()
          .trim()
          .regex(/^\d{5}(-\d{4})?$/, zipMessage)
          .optional(),
      }),
      invalidInput,
    ),
    // A saved address is the signed-in customer's own: with `addressId`, a session is required.
    createMiddleware((c, next) => (c.req.query('addressId') ? requireUser(c, next) : next())),
    async (c) => {
      const { date, addressId, zipCode } = c.req.valid('query');
      const availability: Booking.Availability = await Booking.availabilityAt(c.req.valid('param').id, date, {
        addressId,
        zipCode,
      });
      return c.json(availability);
    },
  );
