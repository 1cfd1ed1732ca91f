import { Booking } from '@app/core/booking/index';
import { toCents, toDollars } from '@app/core/money';
import { deleteService } from '@app/core/timeslot/delete-service';
import { Service } from '@app/core/service/index';
import type { AddOn, ClassRates } from '@app/core/service/pricing';
import { VEHICLE_CLASSES, type VehicleClass } from '@app/core/garage/model';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { zipMessage } from '@app/core/rules/fields';
import { dollars } from '@app/core/rules/schema';
import { createMiddleware } from 'hono/factory';
import { requireAdmin, requireUser } from './auth';
import { invalidInput } from './validation';

/** An add-on as clients read it (issue 34): its price in dollars, its minutes as `duration`. */
export type AddOnReply = { _id: string; name: string; price: number; duration: number };
export const addOnReply = (a: AddOn): AddOnReply => ({
  _id: a.id,
  name: a.name,
  price: toDollars(a.priceCents),
  duration: a.minutes,
});

/**
 * A service as the spec's clients read it (doc 1 §3): `price` in dollars, converted here at the edge.
 * With class rates (issue 34) `price` and `duration` are the lowest class's ("from"), `byClass` each
 * class's; `addOns` are those it offers, from the shop's `catalogue`.
 */
export type ServiceReply = Omit<Service.Info, 'priceCents' | 'byClass' | 'addOnIds'> & {
  price: number;
  byClass: Record<VehicleClass, { price: number; duration: number }> | null;
  addOns: AddOnReply[];
};

export function serviceReply(service: Service.Info, catalogue: readonly AddOn[] = []): ServiceReply {
  const offered = new Set(service.addOnIds ?? []);
  const rates = service.byClass;
  return {
    _id: service._id,
    name: service.name,
    description: service.description,
    price: toDollars(service.priceCents),
    duration: service.duration,
    availableDays: service.availableDays,
    availableTimes: service.availableTimes,
    byClass: rates
      ? (Object.fromEntries(
          VEHICLE_CLASSES.map((c) => [
            c,
            { price: toDollars(rates[c].priceCents), duration: rates[c].minutes },
          ]),
        ) as ServiceReply['byClass'])
      : null,
    addOns: catalogue.filter((a) => offered.has(a.id)).map(addOnReply),
    // The due rule (issue 34), when the service has one.
    ...(service.due ? { due: service.due } : {}),
    ...(service.photoPrompt ? { photoPrompt: service.photoPrompt } : {}),
    ...(service.photoRequired ? { photoRequired: true } : {}),
  };
}

/** The service with the add-ons it offers (the shop's add-ons are read only when it offers some). */
const replyOf = async (service: Service.Info) =>
  serviceReply(service, service.addOnIds?.length ? await Service.listAddOns() : []);

export const priceOf = dollars('Price', 100_000 * 100, {
  wording: {
    notNumber: 'Price must be a number.',
    negative: 'Price cannot be negative.',
    tooMuch: 'Price must be at most $100,000.',
    notCents: 'Price must be in dollars and cents.',
  },
});

const byId = zValidator('param', z.object({ id: Service.fromId.schema }), invalidInput);

/** The class rates in cents (core checks each class's minutes). */
const ratesInCents = (rates: Record<VehicleClass, { price: number; duration: number }>): ClassRates =>
  Object.fromEntries(
    VEHICLE_CLASSES.map((c) => [c, { priceCents: toCents(rates[c].price), minutes: rates[c].duration }]),
  ) as ClassRates;

/** The admin's service form (doc 2 §5, §7): `price` in dollars here, cents in core. */
const serviceForm = Service.AdminInput.omit({ priceCents: true, byClass: true })
  .extend({
    price: priceOf,
    /** Each class's `{ price, duration }` (dollars, minutes); null or absent: none (issue 34). */
    byClass: z
      .record(
        z.enum(VEHICLE_CLASSES),
        z.object({ price: priceOf, duration: z.number({ error: 'Duration must be a number of minutes.' }) }),
        {
          error: `Give a price and duration for each class: ${VEHICLE_CLASSES.join(', ')}.`,
        },
      )
      .nullable()
      .optional(),
  })
  .transform(({ price, byClass, ...fields }) => ({
    ...fields,
    priceCents: toCents(price),
    ...(byClass === undefined ? {} : { byClass: byClass && ratesInCents(byClass) }),
  }));
const form = zValidator('json', serviceForm, invalidInput);

export const services = new Hono()
  .get('/', async (c) => {
    const list = await Service.list();
    const catalogue = list.some((s) => s.addOnIds?.length) ? await Service.listAddOns() : [];
    return c.json(list.map((s) => serviceReply(s, catalogue)));
  })
  .get('/:id', byId, async (c) => c.json(await replyOf(await Service.fromId(c.req.valid('param').id))))
  .post('/', requireAdmin, form, async (c) => {
    const { service } = await Service.create(c.req.valid('json'));
    return c.json(await replyOf(service), 201);
  })
  .put('/:id', requireAdmin, byId, form, async (c) =>
    c.json(
      await replyOf(await Service.update({ ...c.req.valid('json'), serviceId: c.req.valid('param').id })),
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
        // The class and add-ons (issue 34): the times offered fit the job's real length.
        vehicleClass: Service.Choice.vehicleClass,
        addOns: z
          .string()
          .max(2000)
          .optional()
          .transform((ids) => (ids ? ids.split(',').filter(Boolean) : undefined))
          .pipe(Service.Choice.addOnIds),
      }),
      invalidInput,
    ),
    // A saved address is the signed-in customer's own: with `addressId`, a session is required.
    createMiddleware((c, next) => (c.req.query('addressId') ? requireUser(c, next) : next())),
    async (c) => {
      const { date, addressId, zipCode, vehicleClass, addOns } = c.req.valid('query');
      const availability: Booking.Availability = await Booking.availabilityAt(
        c.req.valid('param').id,
        date,
        { addressId, zipCode },
        Date.now(),
        { vehicleClass, addOnIds: addOns },
      );
      return c.json(availability);
    },
  );
