import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../db/client';
import { queryCollection } from '../db/collection';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';

/** The service catalogue: what the shop offers, its price, duration and when it can be booked. */
export namespace Service {
  export const weekdays = [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
  ] as const;
  export const timeOfDay = z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must look like 09:30 (24-hour).');

  export const id = idSchema('service', 'service');

  /** A service as the API returns it (the spec's field names). */
  export const Info = z.object({
    _id: id,
    name: z.string(),
    description: z.string(),
    /** Dollars, as the spec's clients read it; kept in integer cents in the table. */
    price: z.number(),
    /** Minutes as a number, or text such as '2 hours' or '90 min'. */
    duration: z.union([z.number(), z.string()]),
    availableDays: z.array(z.enum(weekdays)),
    availableTimes: z.array(timeOfDay),
  });
  export type Info = z.infer<typeof Info>;

  export const CreateInput = z.object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    description: z.string().trim().min(1, 'Description is required.').max(2000),
    price: z.number().min(0, 'Price cannot be negative.').max(100_000),
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

  const ENTITY = 'service';
  const VERSION = 1;
  const COLLECTION = 'SERVICE';
  const key = (serviceId: string) => ({ pk: `SERVICE#${serviceId}`, sk: 'SERVICE' });

  type Item = ReturnType<typeof key> & {
    _type: typeof ENTITY;
    _v: number;
    collectionPk: string;
    collectionSk: string;
    id: string;
    name: string;
    description: string;
    priceCents: number;
    duration: number | string;
    availableDays: Info['availableDays'];
    availableTimes: string[];
    createdAt: string;
    updatedAt: string;
  };

  function toInfo(item: Item): Info {
    return {
      _id: item.id,
      name: item.name,
      description: item.description,
      price: item.priceCents / 100,
      duration: item.duration,
      availableDays: item.availableDays,
      availableTimes: item.availableTimes,
    };
  }

  /**
   * Creates a service. `serviceId` may be given (the seed uses fixed ids so it
   * can run twice); an existing id is left untouched and reported as `created: false`.
   */
  export const create = fn(CreateInput.extend({ serviceId: id.optional() }), async (input) => {
    const serviceId = input.serviceId ?? createId('service');
    const now = new Date().toISOString();
    const item: Item = {
      ...key(serviceId),
      _type: ENTITY,
      _v: VERSION,
      collectionPk: COLLECTION,
      collectionSk: `${input.name.toLowerCase()}#${serviceId}`,
      id: serviceId,
      name: input.name,
      description: input.description,
      priceCents: Math.round(input.price * 100),
      duration: input.duration,
      availableDays: input.availableDays,
      availableTimes: input.availableTimes,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { created: true, service: toInfo(item) };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      return { created: false, service: await fromId(serviceId) };
    }
  });

  /** One service; 404 'Service not found.' when there is none. */
  export const fromId = fn(id, async (serviceId) => {
    const result = await db().send(new GetCommand({ TableName: tableName(), Key: key(serviceId) }));
    if (!result.Item) throw new VisibleError('not_found', 'Service not found.');
    return toInfo(result.Item as Item);
  });

  /** Every service, ordered by name. */
  export async function list(): Promise<Info[]> {
    const items = await queryCollection<Item>(COLLECTION);
    return items.map(toInfo);
  }
}
