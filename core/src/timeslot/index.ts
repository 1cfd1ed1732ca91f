import * as z from 'zod';
import { assertAdmin } from '../actor';
import { defineEntity, failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Service } from '../service/index';
import * as time from '../time';
import { createId, idSchema } from '../util/id';
import { everyDate, type RecurringPattern, recurringDates, recurringPatterns } from './recurrence';

/**
 * Time slots (doc 2 §3 TimeSlot): one bookable time of one service on one
 * date, in the business zone. Each slot has a guard item keyed by service,
 * date and time, so a service never has the same date and time twice (the
 * admin's slot manager writes both in one transaction; the local seed
 * bulk-loads them). Booking marks a slot booked in the booking's own
 * transaction (core/src/booking), and cancelling frees it there too: this
 * module gives those transactions their items.
 */
export namespace TimeSlot {
  export const id = idSchema('timeSlot', 'time slot');

  export const Stored = z.object({
    id: z.string(),
    serviceId: z.string(),
    date: z.string(),
    time: z.string(),
    isAvailable: z.boolean(),
    isBooked: z.boolean(),
    /** The booking holding it, while booked. */
    bookingId: z.string().optional(),
    notes: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  export type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'timeSlot',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `SLOT#${id}`, sk: 'SLOT' }),
    indexes: {
      byCollection: (slot) => ({ pk: 'SLOT', sk: `${slot.date}#${slot.time}#${slot.serviceId}` }),
      byOwner: (slot) => ({ pk: `SERVICE#${slot.serviceId}`, sk: `SLOT#${slot.date}#${slot.time}` }),
    },
  });

  /** One slot per service, date and time; holds the slot's id. */
  const guard = defineEntity({
    name: 'slotKey',
    version: 1,
    schema: z.object({ serviceId: z.string(), date: z.string(), time: z.string(), slotId: z.string() }),
    key: (k: { serviceId: string; date: string; time: string }) => ({
      pk: `SLOTKEY#${k.serviceId}#${k.date}#${k.time}`,
      sk: 'SLOTKEY',
    }),
  });

  function record(serviceId: string, date: string, at: string, notes = '', now = new Date().toISOString()) {
    return {
      id: createId('timeSlot'),
      serviceId,
      date,
      time: at,
      isAvailable: true,
      isBooked: false,
      notes,
      createdAt: now,
      updatedAt: now,
    } satisfies Stored;
  }

  /** A service's slots on one date, in time order. */
  export async function onDate(serviceId: string, date: string): Promise<Stored[]> {
    return entity.queryAll({
      index: 'byOwner',
      partition: `SERVICE#${serviceId}`,
      sort: { beginsWith: `SLOT#${date}#` },
    });
  }

  /** A service's slots from `start` to `end` (dates, inclusive), in date and time order. */
  export async function between(serviceId: string, start: string, end: string): Promise<Stored[]> {
    return entity.queryAll({
      index: 'byOwner',
      partition: `SERVICE#${serviceId}`,
      sort: { between: [`SLOT#${start}`, `SLOT#${end}~`] },
    });
  }

  /**
   * Marks a service as run by time slots, once it is given its first ones. It
   * stays so when every slot is later deleted: a service the admin emptied is
   * closed, never handed back to its regular times (decision 032).
   */
  const slotSystem = defineEntity({
    name: 'slotSystem',
    version: 1,
    schema: z.object({ serviceId: z.string(), since: z.string() }),
    key: ({ serviceId }: { serviceId: string }) => ({ pk: `SLOTSYSTEM#${serviceId}`, sk: 'SLOTSYSTEM' }),
  });

  async function markSlotSystem(serviceId: string): Promise<void> {
    if (!(await slotSystem.exists({ serviceId }))) {
      await slotSystem.put({ serviceId, since: new Date().toISOString() });
    }
  }

  /**
   * Whether the service uses the time-slot system: it was ever given slots
   * (the mark), or it has any slot, past or future (services whose slots
   * were made before the mark existed).
   */
  export async function serviceHasSlots(serviceId: string): Promise<boolean> {
    const [marked, { items }] = await Promise.all([
      slotSystem.exists({ serviceId }),
      entity.query({
        index: 'byOwner',
        partition: `SERVICE#${serviceId}`,
        sort: { beginsWith: 'SLOT#' },
        limit: 1,
      }),
    ]);
    return marked || items.length > 0;
  }

  /**
   * Gives a service slots for every date from `from` for `days` days from its
   * availableDays (every day when empty) × availableTimes, continuing after
   * the last slot it already has, so a later run tops up without duplicating
   * and without bringing back a slot an admin deleted. For the local seed and
   * its daily top-up, which run alone: the slots and their guards are
   * bulk-written without conditions (a transaction per slot made the first
   * start 20 s slower). Admin or system. Returns how many it created.
   */
  export async function ensureWindow(service: Service.Info, from = time.today(), days = 30): Promise<number> {
    assertAdmin();
    if (service.availableTimes.length === 0) return 0;
    const last = time.addDays(from, days - 1);
    const existing = await between(service._id, from, last);
    const latest = existing.at(-1)?.date;
    const start = latest && latest >= from ? time.addDays(latest, 1) : from;
    const slots: Stored[] = [];
    const now = new Date().toISOString();
    for (let date = start; date <= last; date = time.addDays(date, 1)) {
      const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
      if (!open) continue;
      for (const at of [...new Set(service.availableTimes)].sort()) {
        slots.push(record(service._id, date, at, '', now));
      }
    }
    if (slots.length > 0) await markSlotSystem(service._id);
    await guard.putMany(
      slots.map((s) => ({ serviceId: s.serviceId, date: s.date, time: s.time, slotId: s.id })),
    );
    await entity.putMany(slots);
    return slots.length;
  }

  /** Marks a slot booked by `bookingId`, in the booking's transaction; fails unless it is available and free. */
  export function bookItem(slotId: string, bookingId: string, now: string): TransactItem {
    return entity.tx.update(
      { id: slotId },
      {
        UpdateExpression: 'SET isBooked = :true, bookingId = :booking, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND isAvailable = :true AND isBooked = :false',
        ExpressionAttributeValues: { ':true': true, ':false': false, ':booking': bookingId, ':now': now },
      },
    );
  }

  /** Frees a slot that `bookingId` holds, in the cancelling transaction. */
  export function freeItem(slotId: string, bookingId: string, now: string): TransactItem {
    return entity.tx.update(
      { id: slotId },
      {
        UpdateExpression: 'SET isBooked = :false, updatedAt = :now REMOVE bookingId',
        ConditionExpression: 'bookingId = :booking',
        ExpressionAttributeValues: { ':false': false, ':booking': bookingId, ':now': now },
      },
    );
  }

  export type SystemStats = {
    totalSlots: number;
    availableSlots: number;
    bookedSlots: number;
    servicesWithSlots: number;
  };

  /**
   * The admin's overview (doc 1 §2): slots from today on (past ones are
   * history, not capacity). Available means open and not booked.
   */
  export async function systemStats(): Promise<SystemStats> {
    assertAdmin();
    const slots = await entity.queryAll({
      index: 'byCollection',
      partition: 'SLOT',
      sort: { between: [time.today(), '9999'] },
    });
    const services = new Set(slots.map((slot) => slot.serviceId));
    return {
      totalSlots: slots.length,
      availableSlots: slots.filter((slot) => slot.isAvailable && !slot.isBooked).length,
      bookedSlots: slots.filter((slot) => slot.isBooked).length,
      servicesWithSlots: services.size,
    };
  }

  // ---------------------------------------------------------------------------
  // The admin's Time Slot Manager (doc 2 §2, §4, §5, §7, §9; decision 032)

  /** One request creates at most this many slots (issue 12); beyond that, 413. */
  export const MAX_SLOTS_PER_REQUEST = 2000;
  /** How far ahead a slot may be created. */
  export const HORIZON_DAYS = 366;
  /** Create Slots reaches at most this many days from today (doc 2 §9). */
  export const BULK_WINDOW_DAYS = 30;
  /** Slots in one page of the admin's list. */
  export const LIST_LIMIT = 500;
  const NOTES_MAX = 500;
  /** Slot and guard pairs a transaction writes (with the service's check: 99 items of 100). */
  const PAIRS_PER_TRANSACTION = 49;

  export const messages = {
    notFound: 'Time slot not found.',
    booked: 'This time slot is booked. Cancel its booking first.',
    exists: 'This service already has a time slot at that date and time.',
    past: 'Time slots cannot be created for dates in the past.',
    passed: 'That time has already passed today.',
    tooFar: `Time slots can be created at most ${HORIZON_DAYS} days ahead.`,
    tooMany: `One request can create at most ${MAX_SLOTS_PER_REQUEST.toLocaleString('en-US')} time slots. Please choose fewer dates or times.`,
    endRequired: 'An end date is required for a recurring time slot.',
    endBeforeStart: 'The end date cannot be before the start date.',
    noTimes: 'No available times set for this service. Please add available times first.',
    noDays: 'No available days set for this service. Please add available days first.',
    bulkWindow: `Slots can be created at most ${BULK_WINDOW_DAYS} days from today.`,
  } as const;

  const calendarDate = z
    .string({ error: 'Date is required.' })
    .refine(time.isCalendarDate, 'Dates must be real dates written yyyy-MM-dd.');
  const clockTime = z
    .string({ error: 'Time is required.' })
    .trim()
    .refine(time.isClockTime, 'Times must look like 09:30 (24-hour).');
  const serviceRef = z.string({ error: 'Service is required.' }).pipe(Service.id);
  const notes = z
    .string({ error: 'Notes must be text.' })
    .trim()
    .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`)
    .optional()
    .transform((value) => value ?? '');
  /** The browser's form sends '' (or null) for a field it leaves empty. */
  const unset = z.union([z.literal(''), z.null()]).transform(() => undefined);

  export const CreateInput = z
    .object({
      serviceId: serviceRef,
      date: calendarDate,
      time: clockTime,
      isRecurring: z.boolean({ error: 'isRecurring must be true or false.' }).optional().default(false),
      recurringPattern: z
        .enum(['', ...recurringPatterns], { error: 'The pattern must be weekly, daily or monthly.' })
        .nullable()
        .optional()
        .transform((value): RecurringPattern => value || 'weekly'),
      recurringEndDate: z
        .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
        .optional(),
      notes,
    })
    .superRefine((input, ctx) => {
      if (!input.isRecurring) return;
      if (!input.recurringEndDate) {
        ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: messages.endRequired });
      } else if (input.recurringEndDate < input.date) {
        ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: messages.endBeforeStart });
      }
    });
  export type CreateInput = z.input<typeof CreateInput>;

  export const BulkInput = z.object({
    serviceId: serviceRef,
    dates: z
      .array(calendarDate, { error: 'Dates must be a list.' })
      .min(1, 'Choose at least one date.')
      .max(MAX_SLOTS_PER_REQUEST, messages.tooMany),
    times: z
      .array(clockTime, { error: 'Times must be a list.' })
      .min(1, 'Enter at least one time.')
      .max(MAX_SLOTS_PER_REQUEST, messages.tooMany),
    notes,
  });
  export type BulkInput = z.input<typeof BulkInput>;

  /** Create Slots of the service manager (doc 2 §5, §7). */
  export const ServiceSlotsInput = z
    .object({
      serviceId: serviceRef,
      availableTimes: z
        .array(clockTime, { error: 'Available times must be a list.' })
        .min(1, messages.noTimes)
        .max(24 * 60, messages.tooMany),
      availableDays: z
        .array(z.enum(time.weekdays, { error: 'Days must be weekday names, Sunday to Saturday.' }), {
          error: 'Available days must be a list.',
        })
        .min(1, messages.noDays)
        .max(7 * 4),
      startDate: calendarDate,
      endDate: calendarDate,
      notes,
    })
    .refine((input) => input.endDate >= input.startDate, {
      path: ['endDate'],
      message: messages.endBeforeStart,
    });
  export type ServiceSlotsInput = z.input<typeof ServiceSlotsInput>;

  /** A query flag: 'true' or 'false' (or a boolean, from code). */
  const flag = z
    .union([unset, z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: 'Filters take true or false.',
    })
    .optional();

  export const ListFilter = z.object({
    serviceId: z.union([unset, serviceRef], { error: 'Invalid service id.' }).optional(),
    startDate: z
      .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
      .optional(),
    endDate: z
      .union([unset, calendarDate], { error: 'Dates must be real dates written yyyy-MM-dd.' })
      .optional(),
    isAvailable: flag,
    isBooked: flag,
    cursor: z.string().max(2000, 'This page link is not valid.').optional(),
  });
  export type ListFilter = z.input<typeof ListFilter>;

  export const DeleteManyInput = z.object({
    ids: z
      .array(id, { error: 'ids must be a list of time slot ids.' })
      .min(1, 'Select at least one time slot.')
      .max(MAX_SLOTS_PER_REQUEST, `At most ${MAX_SLOTS_PER_REQUEST} time slots at once.`),
  });

  /** A slot as the admin's list shows it (doc 2 §3 TimeSlot). */
  export type Listed = {
    _id: string;
    serviceId: string;
    /** Null once the service was deleted. */
    service: { _id: string; name: string } | null;
    date: string;
    time: string;
    isAvailable: boolean;
    isBooked: boolean;
    /** The booking that holds it (the API adds its client names: Booking.clientNames). */
    bookingId: string | null;
    notes: string;
  };

  export type Created = { created: Listed[]; createdCount: number; skipped: number };

  async function listed(slots: Stored[]): Promise<Listed[]> {
    const services = slots.length ? await Service.list() : [];
    const byId = new Map(services.map((service) => [service._id, service]));
    return slots.map((slot) => {
      const service = byId.get(slot.serviceId);
      return {
        _id: slot.id,
        serviceId: slot.serviceId,
        service: service ? { _id: service._id, name: service.name } : null,
        date: slot.date,
        time: slot.time,
        isAvailable: slot.isAvailable,
        isBooked: slot.isBooked,
        bookingId: slot.isBooked && slot.bookingId ? slot.bookingId : null,
        notes: slot.notes,
      };
    });
  }

  /**
   * The admin's list (doc 2 §7): from `startDate` (today when absent) to
   * `endDate`, in date and time order, at most LIST_LIMIT a page; `cursor`
   * is given when there are more.
   */
  export async function list(raw: ListFilter): Promise<{ timeSlots: Listed[]; cursor: string | null }> {
    assertAdmin();
    const filter = ListFilter.parse(raw);
    const start = filter.startDate ?? time.today();
    const end = filter.endDate ?? '9999-12-31';
    if (end < start) return { timeSlots: [], cursor: null };
    const keep = (slot: Stored) =>
      (filter.isAvailable === undefined || slot.isAvailable === filter.isAvailable) &&
      (filter.isBooked === undefined || slot.isBooked === filter.isBooked);
    const page = await entity.query(
      filter.serviceId
        ? {
            index: 'byOwner',
            partition: `SERVICE#${filter.serviceId}`,
            sort: { between: [`SLOT#${start}`, `SLOT#${end}~`] },
            limit: LIST_LIMIT,
            cursor: filter.cursor,
            filter: keep,
          }
        : {
            index: 'byCollection',
            partition: 'SLOT',
            sort: { between: [start, `${end}~`] },
            limit: LIST_LIMIT,
            cursor: filter.cursor,
            filter: keep,
          },
    );
    return { timeSlots: await listed(page.items), cursor: page.cursor };
  }

  /** Slots from today on, of every service or of one. */
  function upcoming(serviceId?: string): Promise<Stored[]> {
    return serviceId
      ? between(serviceId, time.today(), '9999-12-31')
      : entity.queryAll({
          index: 'byCollection',
          partition: 'SLOT',
          sort: { between: [time.today(), '9999'] },
        });
  }

  export type Statistics = {
    totalSlots: number;
    availableSlots: number;
    bookedSlots: number;
    /** Booked as a percent of all, to one decimal. */
    utilizationRate: number;
  };

  /** The Time Slot Manager's statistics (doc 2 §3): slots from today on. */
  export async function statistics(): Promise<Statistics> {
    const { totalSlots, availableSlots, bookedSlots } = await systemStats();
    const utilizationRate = totalSlots ? Math.round((bookedSlots / totalSlots) * 1000) / 10 : 0;
    return { totalSlots, availableSlots, bookedSlots, utilizationRate };
  }

  /** One service's slots from today on (doc 2 §3 per-service stats); 404 for an unknown service. */
  export async function serviceStats(serviceId: string) {
    assertAdmin();
    await Service.fromId(serviceId);
    const slots = await upcoming(serviceId);
    return {
      total: slots.length,
      available: slots.filter((slot) => slot.isAvailable && !slot.isBooked).length,
      booked: slots.filter((slot) => slot.isBooked).length,
    };
  }

  /**
   * Writes new slots with their guards, PAIRS_PER_TRANSACTION a transaction
   * (a slot and its guard are always written together), a few transactions
   * at once. Each transaction also checks that the service still exists. A
   * guard that exists (a slot made meanwhile) drops its slot from the batch,
   * which is tried again without it. Returns the slots written.
   */
  async function writeSlots(serviceId: string, slots: Stored[]): Promise<Stored[]> {
    if (slots.length > 0) await markSlotSystem(serviceId);
    const written: Stored[] = [];
    const chunks: Stored[][] = [];
    for (let i = 0; i < slots.length; i += PAIRS_PER_TRANSACTION) {
      chunks.push(slots.slice(i, i + PAIRS_PER_TRANSACTION));
    }
    const worker = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        let pending = chunk;
        for (let attempt = 0; pending.length > 0;) {
          try {
            await transactWrite([
              Service.existsItem(serviceId),
              ...pending.flatMap((slot) => [
                entity.tx.put(slot, { ifAbsent: true }),
                guard.tx.put(
                  { serviceId: slot.serviceId, date: slot.date, time: slot.time, slotId: slot.id },
                  { ifAbsent: true },
                ),
              ]),
            ]);
            written.push(...pending);
            pending = [];
          } catch (error) {
            const failed = failedConditions(error);
            if (failed === null) throw error;
            if (failed.includes(0)) throw new VisibleError('not_found', Service.NOT_FOUND);
            if (failed.length === 0) {
              attempt += 1;
              if (attempt > 5) throw error;
              await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 50));
              continue;
            }
            const clashed = new Set(failed.map((index) => Math.floor((index - 1) / 2)));
            pending = pending.filter((_, i) => !clashed.has(i));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return written.sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`));
  }

  /**
   * Creates the slots of `wanted` (date and time pairs) for one service: never
   * a second slot at a service's date and time (an existing one is skipped),
   * never a date before today or more than HORIZON_DAYS ahead (400), at most
   * MAX_SLOTS_PER_REQUEST (413). A time earlier today that has passed is
   * skipped. Admin only.
   */
  async function createMany(
    serviceId: string,
    wanted: { date: string; time: string }[],
    slotNotes: string,
    now = Date.now(),
  ): Promise<Created> {
    assertAdmin();
    const unique = [...new Map(wanted.map((w) => [`${w.date}#${w.time}`, w])).values()];
    if (unique.length > MAX_SLOTS_PER_REQUEST) throw new VisibleError('too_large', messages.tooMany);
    const today = time.today(now);
    const last = time.addDays(today, HORIZON_DAYS);
    if (unique.some((w) => w.date < today)) throw new VisibleError('invalid', messages.past);
    if (unique.some((w) => w.date > last)) throw new VisibleError('invalid', messages.tooFar);
    await Service.fromId(serviceId);
    const open = unique.filter((w) => w.date > today || Date.parse(time.instantOf(w.date, w.time)) > now);
    if (open.length === 0) return { created: [], createdCount: 0, skipped: unique.length };
    const dates = open.map((w) => w.date).sort();
    const existing = new Set(
      (await between(serviceId, dates[0] as string, dates.at(-1) as string)).map(
        (s) => `${s.date}#${s.time}`,
      ),
    );
    const stamp = new Date(now).toISOString();
    const fresh = open
      .filter((w) => !existing.has(`${w.date}#${w.time}`))
      .map((w) => record(serviceId, w.date, w.time, slotNotes, stamp));
    const written = await writeSlots(serviceId, fresh);
    return {
      created: await listed(written.slice(0, LIST_LIMIT)),
      createdCount: written.length,
      skipped: unique.length - written.length,
    };
  }

  /**
   * POST /api/timeSlots (doc 2 §7): one slot, or a series (weekly by default,
   * daily or monthly) from `date` to `recurringEndDate`. A single slot that
   * exists is 409, a single time that has passed 400; in a series both are
   * skipped and counted.
   */
  export async function create(raw: CreateInput, now = Date.now()): Promise<Created> {
    assertAdmin();
    const input = CreateInput.parse(raw);
    if (!input.isRecurring || !input.recurringEndDate) {
      if (input.date < time.today(now)) throw new VisibleError('invalid', messages.past);
      if (Date.parse(time.instantOf(input.date, input.time)) <= now) {
        throw new VisibleError('invalid', messages.passed);
      }
      const result = await createMany(
        input.serviceId,
        [{ date: input.date, time: input.time }],
        input.notes,
        now,
      );
      if (result.createdCount === 0) throw new VisibleError('conflict', messages.exists);
      return result;
    }
    const dates = recurringDates(
      input.date,
      input.recurringEndDate,
      input.recurringPattern,
      MAX_SLOTS_PER_REQUEST + 1,
    );
    return createMany(
      input.serviceId,
      dates.map((date) => ({ date, time: input.time })),
      input.notes,
      now,
    );
  }

  /** POST /api/timeSlots/bulk (doc 2 §5, §7): every date × every time. */
  export async function createBulk(raw: BulkInput, now = Date.now()): Promise<Created> {
    assertAdmin();
    const input = BulkInput.parse(raw);
    const dates = [...new Set(input.dates)];
    const times = [...new Set(input.times)];
    if (dates.length * times.length > MAX_SLOTS_PER_REQUEST) {
      throw new VisibleError('too_large', messages.tooMany);
    }
    return createMany(
      input.serviceId,
      dates.flatMap((date) => times.map((at) => ({ date, time: at }))),
      input.notes,
      now,
    );
  }

  /**
   * POST /api/timeslots/bulk-create, the service manager's Create Slots
   * (doc 2 §5, §7, §9): the given times on the given weekdays from
   * `startDate` to `endDate`, which is at most BULK_WINDOW_DAYS from today.
   */
  export async function createForService(raw: ServiceSlotsInput, now = Date.now()): Promise<Created> {
    assertAdmin();
    const input = ServiceSlotsInput.parse(raw);
    const today = time.today(now);
    if (input.startDate < today) throw new VisibleError('invalid', messages.past);
    if (input.endDate > time.addDays(today, BULK_WINDOW_DAYS)) {
      throw new VisibleError('invalid', messages.bulkWindow);
    }
    const days = new Set(input.availableDays);
    const times = [...new Set(input.availableTimes)].sort();
    const wanted = everyDate(input.startDate, input.endDate)
      .filter((date) => days.has(time.weekdayOf(date)))
      .flatMap((date) => times.map((at) => ({ date, time: at })));
    if (wanted.length > MAX_SLOTS_PER_REQUEST) throw new VisibleError('too_large', messages.tooMany);
    return createMany(input.serviceId, wanted, input.notes, now);
  }

  /** 404 for a missing slot, 409 for a booked one: why a conditional write on a slot did not hold. */
  async function refusal(slotId: string): Promise<never> {
    const slot = await entity.get({ id: slotId }, { consistent: true });
    if (!slot) throw new VisibleError('not_found', messages.notFound);
    throw new VisibleError('conflict', messages.booked);
  }

  const idOf = (slotId: string) => {
    if (!id.safeParse(slotId).success) throw new VisibleError('not_found', messages.notFound);
    return slotId;
  };

  /**
   * PUT /api/timeSlots/{id} (doc 2 §4): opens or closes an unbooked slot. One
   * conditional write (not booked), so it cannot pass a booking made at the
   * same moment: whichever comes second is refused.
   */
  export async function setAvailable(slotId: string, isAvailable: boolean): Promise<Listed> {
    assertAdmin();
    const updated = await entity.update(
      { id: idOf(slotId) },
      {
        UpdateExpression: 'SET isAvailable = :available, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND isBooked = :false',
        ExpressionAttributeValues: {
          ':available': isAvailable,
          ':false': false,
          ':now': new Date().toISOString(),
        },
      },
    );
    if (!updated) return refusal(slotId);
    return (await listed([updated]))[0] as Listed;
  }

  /** A slot's delete and its guard's, in one transaction; the slot's only while it is not booked. */
  const deleteItems = (slot: Stored): TransactItem[] => [
    entity.tx.delete(
      { id: slot.id },
      {
        ConditionExpression: 'attribute_exists(pk) AND isBooked = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    ),
    guard.tx.delete(
      { serviceId: slot.serviceId, date: slot.date, time: slot.time },
      {
        ConditionExpression: 'attribute_not_exists(pk) OR slotId = :slot',
        ExpressionAttributeValues: { ':slot': slot.id },
      },
    ),
  ];

  /**
   * Deletes unbooked slots, 50 (100 items) a transaction, each conditional on
   * not being booked. A slot booked meanwhile drops out of its batch, which
   * is tried again without it. Returns the ids deleted and those refused.
   */
  async function deleteSlots(slots: Stored[]): Promise<{ deleted: string[]; refused: string[] }> {
    const deleted: string[] = [];
    const refused: string[] = [];
    const chunks: Stored[][] = [];
    for (let i = 0; i < slots.length; i += 50) chunks.push(slots.slice(i, i + 50));
    const worker = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        let pending = chunk;
        for (let attempt = 0; pending.length > 0;) {
          try {
            await transactWrite(pending.flatMap(deleteItems));
            deleted.push(...pending.map((slot) => slot.id));
            pending = [];
          } catch (error) {
            const failed = failedConditions(error);
            if (failed === null) throw error;
            if (failed.length === 0) {
              attempt += 1;
              if (attempt > 5) throw error;
              await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 50));
              continue;
            }
            const out = new Set(failed.map((index) => Math.floor(index / 2)));
            refused.push(...pending.filter((_, i) => out.has(i)).map((slot) => slot.id));
            pending = pending.filter((_, i) => !out.has(i));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return { deleted, refused };
  }

  /**
   * DELETE /api/timeSlots/{id}: a booked slot is 409 (doc 2 §4). The delete
   * is conditional on the slot not being booked, so a booking made at the
   * same moment either wins (and this is 409) or finds the slot gone (409 to
   * the customer).
   */
  export async function remove(slotId: string): Promise<{ msg: string; _id: string }> {
    assertAdmin();
    const slot = await entity.get({ id: idOf(slotId) }, { consistent: true });
    if (!slot) throw new VisibleError('not_found', messages.notFound);
    if (slot.isBooked) throw new VisibleError('conflict', messages.booked);
    const { deleted } = await deleteSlots([slot]);
    if (deleted.length === 0) return refusal(slotId);
    return { msg: 'Time slot deleted.', _id: slotId };
  }

  export type DeletedMany = {
    msg: string;
    deleted: number;
    skipped: number;
    notFound: number;
    deletedIds: string[];
    skippedIds: string[];
  };

  /** DELETE /api/timeSlots/bulk {ids}: deletes the unbooked ones; booked ones are skipped and counted. */
  export async function removeMany(raw: z.input<typeof DeleteManyInput>): Promise<DeletedMany> {
    assertAdmin();
    const ids = [...new Set(DeleteManyInput.parse(raw).ids)];
    const slots = await entity.getMany(ids.map((slotId) => ({ id: slotId })));
    const booked = slots.filter((slot) => slot.isBooked).map((slot) => slot.id);
    const { deleted, refused } = await deleteSlots(slots.filter((slot) => !slot.isBooked));
    const skippedIds = [...booked, ...refused];
    const notFound = ids.length - slots.length;
    const parts = [`${deleted.length} deleted`];
    if (skippedIds.length) parts.push(`${skippedIds.length} booked and skipped`);
    if (notFound) parts.push(`${notFound} not found`);
    return {
      msg: `Time slots: ${parts.join(', ')}.`,
      deleted: deleted.length,
      skipped: skippedIds.length,
      notFound,
      deletedIds: deleted,
      skippedIds,
    };
  }

  /**
   * For a deleted service: its unbooked slots from today on are deleted; its
   * booked ones stay with their bookings, closed (isAvailable false), so a
   * later cancellation does not reopen a time of a service that is gone.
   */
  export async function retireService(serviceId: string): Promise<{ deleted: number; kept: number }> {
    assertAdmin();
    const slots = await upcoming(serviceId);
    const { deleted } = await deleteSlots(slots.filter((slot) => !slot.isBooked));
    const gone = new Set(deleted);
    const left = slots.filter((slot) => !gone.has(slot.id));
    const now = new Date().toISOString();
    for (const slot of left) {
      await entity.update(
        { id: slot.id },
        {
          UpdateExpression: 'SET isAvailable = :false, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':false': false, ':now': now },
        },
      );
    }
    return { deleted: deleted.length, kept: left.length };
  }
}
