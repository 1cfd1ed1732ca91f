import * as z from 'zod';
import { assertAdmin } from '../actor';
import { defineEntity, failedConditions, type TransactItem, transactWrite } from '../db/entity';
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

  /** The longest service the admin can set up, in minutes (decision 033). */
  export const MAX_MINUTES = 20 * 60;
  /** The catalogue's ceiling, which keeps the collection small by construction (decision 057). */
  export const MAX_SERVICES = 100;
  export const TOO_MANY = `The catalogue holds at most ${MAX_SERVICES} services. Delete one before adding another.`;

  /**
   * What the admin's service form sends (doc 2 §5, issue 12): every field,
   * the duration in whole minutes, weekday names Sunday to Saturday and
   * times as HH:mm (each kept once, in order).
   */
  export const AdminInput = CreateInput.extend({
    duration: z
      .number({ error: 'Duration must be a number of minutes.' })
      .int('Duration must be a whole number of minutes.')
      .min(5, 'Duration must be at least 5 minutes.')
      .max(MAX_MINUTES, `Duration must be at most ${MAX_MINUTES} minutes.`),
    availableDays: z
      .array(z.enum(weekdays, { error: 'Days must be weekday names, Sunday to Saturday.' }), {
        error: 'Available days must be a list.',
      })
      .max(7 * 4)
      .default([])
      .transform((days) => weekdays.filter((day) => days.includes(day))),
    availableTimes: z
      .array(z.string({ error: 'Times must look like 09:30 (24-hour).' }).trim().pipe(timeOfDay), {
        error: 'Available times must be a list.',
      })
      .max(24 * 60)
      .default([])
      .transform((times) => [...new Set(times)].sort()),
  });
  export type AdminInput = z.input<typeof AdminInput>;

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
    // Decision 057: `create` refuses a service past MAX_SERVICES; the read allows twice that for races.
    smallCollection: { why: "one shop's catalogue of services", atMost: 2 * MAX_SERVICES },
  });

  /** How many services exist, kept in each create's and delete's transaction: the catalogue's ceiling. */
  const count = defineEntity({
    name: 'serviceCount',
    version: 1,
    schema: z.object({ services: z.number().int() }),
    key: (_: Record<string, never>) => ({ pk: 'SERVICES', sk: 'COUNT' }),
  });
  const countBy = (step: 1 | -1): TransactItem =>
    count.tx.update(
      {},
      {
        UpdateExpression: 'ADD #n :step',
        ...(step > 0 ? { ConditionExpression: 'attribute_not_exists(#n) OR #n < :max' } : {}),
        ExpressionAttributeNames: { '#n': 'services' },
        ExpressionAttributeValues: { ':step': step, ...(step > 0 ? { ':max': MAX_SERVICES } : {}) },
      },
    );

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
    try {
      await transactWrite([entity.tx.put(record, { ifAbsent: true }), countBy(1)]);
      return { created: true, service: toInfo(record) };
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) return { created: false, service: await fromId(serviceId) };
      if (failed?.includes(1)) throw new VisibleError('conflict', TOO_MANY);
      throw error;
    }
  });

  /** One service; 404 'Service not found.' when there is none. */
  export const fromId = fn(id, async (serviceId) => {
    const service = await entity.get({ id: serviceId });
    if (!service) throw new VisibleError('not_found', NOT_FOUND);
    return toInfo(service);
  });

  /** Updates every field of a service (admin); 404 when there is none. */
  export const update = fn(AdminInput.extend({ serviceId: id }), async (input) => {
    assertAdmin();
    const { serviceId, ...fields } = input;
    const current = await entity.get({ id: serviceId }, { consistent: true });
    if (!current) throw new VisibleError('not_found', NOT_FOUND);
    const record = { ...current, ...fields, updatedAt: new Date().toISOString() };
    const put = entity.tx.put(record).Put;
    try {
      await transactWrite([
        { Put: { ...put, ...{ ConditionExpression: 'attribute_exists(pk)' } } } as TransactItem,
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) throw new VisibleError('not_found', NOT_FOUND);
      throw error;
    }
    return toInfo(record);
  });

  /** Deletes the service item (admin); 404 when there is none. Its slots: core/src/service/delete.ts. */
  export const remove = fn(id, async (serviceId) => {
    assertAdmin();
    const current = await entity.get({ id: serviceId }, { consistent: true });
    if (!current) throw new VisibleError('not_found', NOT_FOUND);
    try {
      await transactWrite([
        entity.tx.delete({ id: serviceId }, { ConditionExpression: 'attribute_exists(pk)' }),
        countBy(-1),
      ]);
    } catch (error) {
      if (failedConditions(error)?.includes(0)) throw new VisibleError('not_found', NOT_FOUND);
      throw error;
    }
    return toInfo(current);
  });

  /** A transaction item that holds only while the service exists (slots are written with it). */
  export const existsItem = (serviceId: string): TransactItem =>
    entity.tx.check({ id: serviceId }, { ConditionExpression: 'attribute_exists(pk)' });

  /** Every service, ordered by name. */
  export async function list(): Promise<Info[]> {
    const services = await entity.readSmallCollection({ index: 'byCollection', partition: 'SERVICE' });
    return services.map(toInfo);
  }
}
