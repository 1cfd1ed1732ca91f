import { Booking } from '@app/core/booking/index';
import { toDollars } from '@app/core/money';
import { Service } from '@app/core/service/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
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
  };
}

const byId = zValidator('param', z.object({ id: Service.fromId.schema }), invalidInput);

export const services = new Hono()
  .get('/', async (c) => c.json((await Service.list()).map(serviceReply)))
  .get('/:id', byId, async (c) => c.json(serviceReply(await Service.fromId(c.req.valid('param').id))))
  .get(
    '/:id/availability',
    byId,
    zValidator('query', z.object({ date: Booking.calendarDate }), invalidInput),
    async (c) => {
      const availability: Booking.Availability = await Booking.availability(
        c.req.valid('param').id,
        c.req.valid('query').date,
      );
      return c.json(availability);
    },
  );
