import * as z from 'zod';
import { assertAdmin } from '../actor';
import { defineEntity } from '../db/entity';
import { VisibleError } from '../error';
import * as time from '../time';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';

/** The service catalogue: what the shop offers, its price, duration and when it can be booked. */
export namespace Service {
  /** Sunday .. Saturday, from the one time module. */
  export const weekdays = time.weekdays;
  export const timeOfDay = z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must look like 09:30 (24-hour).');

  export const id = idSchema('service', 'service');

  /** A service as core knows it: money in integer cents (the API's edge shows dollars). */
  export const Info = z.object({
    _id: id,
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int().nonnegative(),
    /** Minutes as a number, or text such as '2 hours' or '90 min'. */
    duration: z.union([z.number(), z.string()]),
    availableDays: z.array(z.enum(weekdays)),
    availableTimes: z.array(timeOfDay),
  });
  export type Info = z.infer<typeof Info>;

  export const CreateInput = z.object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    description: z.string().trim().min(1, 'Description is required.').max(2000),
    priceCents: z.number().int().min(0, 'Price cannot be negative.').max(10_000_000),
    duration: z.union([
      z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 60),
      z.string().trim().min(1, 'Duration is required.').max(40),
    ]),
    availableDays: z.array(z.enum(weekdays)).default([]),
    availableTimes: z.array(timeOfDay).default([]),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const NOT_FOUND = 'Service not found.';

  const Stored = z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int(),
    duration: z.union([z.number(), z.string()]),
    availableDays: z.array(z.enum(weekdays)),
    availableTimes: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  });

  const entity = defineEntity({
    name: 'service',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `SERVICE#${id}`, sk: 'SERVICE' }),
    indexes: {
      byCollection: (service) => ({ pk: 'SERVICE', sk: `${service.name.toLowerCase()}#${service.id}` }),
    },
  });

  function toInfo(service: z.infer<typeof Stored>): Info {
    return {
      _id: service.id,
      name: service.name,
      description: service.description,
      priceCents: service.priceCents,
      duration: service.duration,
      availableDays: service.availableDays,
      availableTimes: service.availableTimes,
    };
  }

  /**
   * Creates a service (admin; the seed runs as admin). `serviceId` may be
   * given (the seed uses fixed ids so it can run twice); an existing id is
   * left untouched and reported as `created: false`.
   */
  export const create = fn(CreateInput.extend({ serviceId: id.optional() }), async (input) => {
    assertAdmin();
    const serviceId = input.serviceId ?? createId('service');
    const now = new Date().toISOString();
    const { serviceId: _given, ...fields } = input;
    const record = { id: serviceId, ...fields, createdAt: now, updatedAt: now };
    if (await entity.createIfAbsent(record)) return { created: true, service: toInfo(record) };
    return { created: false, service: await fromId(serviceId) };
  });

  /** One service; 404 'Service not found.' when there is none. */
  export const fromId = fn(id, async (serviceId) => {
    const service = await entity.get({ id: serviceId });
    if (!service) throw new VisibleError('not_found', NOT_FOUND);
    return toInfo(service);
  });

  /** Every service, ordered by name. */
  export async function list(): Promise<Info[]> {
    const services = await entity.queryAll({ index: 'byCollection', partition: 'SERVICE' });
    return services.map(toInfo);
  }
}
