import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, defineEntity, failedConditions, inCollection, type TransactItem } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { VisibleError } from '../error';
import * as time from '../time';
import { type MigrationStep, pagedStep } from '../db/migration';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { VEHICLE_CLASSES } from '../garage/model';
import { addOns, createAddOn, removeAddOn, updateAddOn } from './addon';
import { AddOnIds, bookedChoice, ByClass, choice } from './choice';
import { type ClassRates, fromRate, type Quote, quote } from './pricing';
import { DueRule } from '../garage/due-rule';

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
    /** Its price and minutes for each vehicle class (issue 34); absent: the one price and duration apply. */
    byClass: z.custom<ClassRates>().optional(),
    /** The add-ons it offers (ids of the shop's add-ons). */
    addOnIds: z.array(z.string()).optional(),
    /** When a job of it comes due again (issue 34, decision 124); absent: never. */
    due: DueRule.optional(),
    /** Photos at booking (issue 34, decision 123): what to photograph, and whether one is required. */
    photoPrompt: z.string().optional(),
    photoRequired: z.boolean().optional(),
  });
  export type Info = z.infer<typeof Info>;

  /** What the booking asks to photograph (issue 34): shown beside the photo field; '' asks nothing special. */
  export const PHOTO_PROMPT_MAX = 160;

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
    byClass: ByClass,
    addOnIds: AddOnIds,
    /** The due rule (issue 34): null takes it off; absent leaves it as it is. */
    due: DueRule.nullable().optional(),
    photoPrompt: z
      .string({ error: 'The photo request must be text.' })
      .trim()
      .max(PHOTO_PROMPT_MAX, `The photo request must be at most ${PHOTO_PROMPT_MAX} characters.`)
      .optional(),
    photoRequired: z.boolean({ error: 'Photo required must be true or false.' }).optional(),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const NOT_FOUND = 'Service not found.';

  /** The longest service the admin can set up, in minutes (decision 033). */
  export const MAX_MINUTES = 20 * 60;
  /** The catalogue's ceiling, which keeps the collection small by construction (decision 057). */
  export const MAX_SERVICES = 100;
  export const TOO_MANY = `The catalog holds at most ${MAX_SERVICES} services. Delete one before adding another.`;

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
    byClass: z
      .record(z.enum(VEHICLE_CLASSES), z.object({ priceCents: z.number().int(), minutes: z.number().int() }))
      .optional(),
    addOnIds: z.array(z.string()).optional(),
    due: DueRule.optional(),
    photoPrompt: z.string().optional(),
    photoRequired: z.boolean().optional(),
    /**
     * Set once the count counts this service: at its creation, or by the
     * migration for one written before the count existed (decision 063).
     */
    inCount: z.literal(true).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'service',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `SERVICE#${id}`, sk: 'SERVICE' }),
    patterns: {
      /** The catalogue, by name. */
      catalogue: inCollection('SERVICE', (service: Stored) => `${service.name.toLowerCase()}#${service.id}`),
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
    count.tx.patch(
      {},
      {
        add: { services: step },
        ...(step > 0 ? { when: cond.or(cond.notExists('services'), cond.lt('services', MAX_SERVICES)) } : {}),
      },
    );

  /**
   * A write of a service read earlier holds only while it is still counted as
   * read: the migration may count an old one meanwhile, and a put from the
   * older read would then drop its `inCount` (counted twice later), a delete
   * would not give its count back.
   */
  const countedAsRead = (service: Stored) =>
    cond.and(cond.itemExists(), service.inCount ? cond.eq('inCount', true) : cond.notExists('inCount'));

  /** Tries of an admin's write that met the migration counting the service (then read again). */
  const WRITE_TRIES = 3;

  /**
   * Decision 063's step (listed in functions/src/lambda/migrations.ts): services written before
   * the count existed are counted, each in one transaction with its
   * `inCount`, so none is counted twice whatever runs at the same time.
   */
  export const migrationSteps: MigrationStep[] = [
    pagedStep(
      'service-count',
      (cursor, limit) => entity.query.catalogue({}, { limit, cursor }),
      async (service) => {
        if (service.inCount) return false;
        try {
          // The count is shared with live creates and deletes: a conflict is retried (db/transact.ts), as theirs are.
          await transactRetrying([
            entity.tx.patch(
              { id: service.id },
              { set: { inCount: true }, when: (c) => c.and(c.itemExists(), c.notExists('inCount')) },
            ),
            count.tx.patch({}, { add: { services: 1 } }),
          ]);
          return true;
        } catch (error) {
          // Deleted, or counted by another run, meanwhile.
          if (failedConditions(error)?.includes(0)) return false;
          throw error;
        }
      },
    ),
  ];

  function toInfo(service: Stored): Info {
    return {
      _id: service.id,
      name: service.name,
      description: service.description,
      priceCents: service.priceCents,
      duration: service.duration,
      availableDays: service.availableDays,
      availableTimes: service.availableTimes,
      ...(service.byClass ? { byClass: service.byClass } : {}),
      addOnIds: service.addOnIds ?? [],
      ...(service.due ? { due: service.due } : {}),
      ...(service.photoPrompt ? { photoPrompt: service.photoPrompt } : {}),
      ...(service.photoRequired ? { photoRequired: true } : {}),
    };
  }

  /**
   * The fields as stored (decision 122): with class rates, the one price and
   * duration are the lowest class's (the "from" the spec's clients read).
   * Rates or add-ons not sent (the spec's client knows neither) stay as they
   * were; null rates clear them. Every add-on named must be one of the
   * shop's (400 otherwise).
   */
  async function pricedFields<
    F extends {
      priceCents: number;
      duration: number | string;
      byClass?: ClassRates | null | undefined;
      addOnIds?: string[] | undefined;
    },
  >(
    fields: F,
    current?: Stored,
  ): Promise<Omit<F, 'byClass' | 'addOnIds'> & Pick<Stored, 'byClass' | 'addOnIds'>> {
    const { byClass: sent, addOnIds: named, ...rest } = fields;
    const addOnIds = named ?? current?.addOnIds ?? [];
    if (named && named.length > 0) {
      const known = new Set((await addOns()).map((a) => a.id));
      if (!named.every((id) => known.has(id))) throw new VisibleError('invalid', UNKNOWN_ADD_ON);
    }
    const byClass = sent === undefined ? current?.byClass : (sent ?? undefined);
    if (!byClass) return { ...rest, addOnIds };
    const from = fromRate(byClass);
    return { ...rest, addOnIds, byClass, priceCents: from.priceCents, duration: from.minutes };
  }

  export const UNKNOWN_ADD_ON = 'Add-on not found.';

  /** What a booking keeps of its price's parts, and what a customer chooses (./choice.ts). */
  export const BookedChoice = bookedChoice;
  export const Choice = choice;

  /** The shop's add-ons (./addon.ts): the list anyone reads, and the admin's verbs. */
  export const listAddOns = addOns;
  export const addAddOn = createAddOn;
  export const changeAddOn = updateAddOn;
  export const deleteAddOn = removeAddOn;

  /**
   * A booking's price and length for `service` with a vehicle class and
   * add-ons (pricing.ts), `minutes` being the service's own length. Reads the
   * add-ons only when some are chosen; 400 for an add-on the service does
   * not offer.
   */
  export async function quoteFor(
    service: Info,
    minutes: number,
    choice: { vehicleClass?: (typeof VEHICLE_CLASSES)[number]; addOnIds?: readonly string[] } = {},
  ): Promise<Quote> {
    const catalogue = choice.addOnIds?.length ? await addOns() : [];
    const quoted = quote({ ...service, minutes }, choice, catalogue);
    if ('problem' in quoted) throw new VisibleError('invalid', quoted.problem);
    return quoted;
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
    const { serviceId: _given, due, ...given } = input;
    const fields = await pricedFields(given);
    const record: Stored = {
      id: serviceId,
      ...fields,
      ...(due ? { due } : {}),
      inCount: true,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await transactRetrying([entity.tx.put(record, { ifAbsent: true }), countBy(1)]);
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
    const { serviceId, due, ...given } = input;
    for (let attempt = 1; ; attempt += 1) {
      const current = await entity.get({ id: serviceId }, { consistent: true });
      if (!current) throw new VisibleError('not_found', NOT_FOUND);
      const { byClass: _was, due: before, ...kept } = current;
      const fields = await pricedFields(given, current);
      const keptDue = due === null ? undefined : (due ?? before);
      const record: Stored = {
        ...kept,
        ...fields,
        ...(keptDue ? { due: keptDue } : {}),
        updatedAt: new Date().toISOString(),
      };
      try {
        await transactRetrying([entity.tx.put(record, { when: countedAsRead(current) })]);
        return toInfo(record);
      } catch (error) {
        // Deleted (the next read says so) or counted by the migration meanwhile (the next read has it).
        if (!failedConditions(error)?.length) throw error;
        if (attempt >= WRITE_TRIES) throw new VisibleError('not_found', NOT_FOUND);
      }
    }
  });

  /** Deletes the service item (admin); 404 when there is none. Its slots: core/src/timeslot/delete-service.ts. */
  export const remove = fn(id, async (serviceId) => {
    assertAdmin();
    for (let attempt = 1; ; attempt += 1) {
      const current = await entity.get({ id: serviceId }, { consistent: true });
      if (!current) throw new VisibleError('not_found', NOT_FOUND);
      try {
        // One the count does not hold yet (before the migration reached it) gives nothing back.
        await transactRetrying([
          entity.tx.delete({ id: serviceId }, countedAsRead(current)),
          ...(current.inCount ? [countBy(-1)] : []),
        ]);
        return toInfo(current);
      } catch (error) {
        if (!failedConditions(error)?.includes(0)) throw error;
        if (attempt >= WRITE_TRIES) throw new VisibleError('not_found', NOT_FOUND);
      }
    }
  });

  /** A transaction item that holds only while the service exists (slots are written with it). */
  export const existsItem = (serviceId: string): TransactItem =>
    entity.tx.check({ id: serviceId }, cond.itemExists());

  /** Every service, ordered by name. */
  export async function list(): Promise<Info[]> {
    const services = await entity.readSmallCollection(entity.where('catalogue', {}));
    return services.map(toInfo);
  }
}
