import * as z from 'zod';
import { assertAdmin } from '../actor';
import { failedConditions, transactWrite } from '../db/entity';
import { pacedBatches, StillThrottled } from '../db/pacing';
import { VisibleError } from '../error';
import { Service } from '../service/index';
import * as time from '../time';
import { fn } from '../util/fn';
import {
  BulkInput,
  CreateInput,
  HORIZON_DAYS,
  LIST_LIMIT,
  MAX_SLOTS_PER_REQUEST,
  messages,
  ServiceSlotsInput,
  BULK_WINDOW_DAYS,
} from './input';
import { type Created, listed } from './list';
import { everyDate, recurringDates } from './recurrence';
import { entity, guard, markSlotSystem, record, type Stored, slotWrites } from './store';

/** The instant the verbs count from (ms since the epoch); tests and scripts may set it. */
const clock = z.number().int().optional();

/** Slot and guard pairs a transaction writes (with the service's check: 99 items of 100). */
const PAIRS_PER_TRANSACTION = 49;

/**
 * Writes new slots with their guards, PAIRS_PER_TRANSACTION a transaction
 * (a slot and its guard are always written together), a few transactions at
 * once, paced by `slotWrites` with backoff on throttling (decision 052). Each
 * transaction also checks that the service still exists. A guard that exists
 * (a slot made meanwhile) drops its slot from the batch, which is tried again
 * without it. Returns the slots written; still throttled after every backoff,
 * 503 saying how many were written (a retry adds the rest, never twice).
 */
async function writeSlots(serviceId: string, slots: Stored[]): Promise<Stored[]> {
  if (slots.length > 0) await markSlotSystem(serviceId);
  const written: Stored[] = [];
  const write = async (pending: Stored[]): Promise<Stored[]> => {
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
      return [];
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null || failed.length === 0) throw error;
      if (failed.includes(0)) throw new VisibleError('not_found', Service.NOT_FOUND);
      const clashed = new Set(failed.map((index) => Math.floor((index - 1) / 2)));
      return pending.filter((_, i) => !clashed.has(i));
    }
  };
  try {
    await pacedBatches(slots, { size: PAIRS_PER_TRANSACTION, write, pacer: slotWrites });
  } catch (error) {
    if (!(error instanceof StillThrottled)) throw error;
    throw new VisibleError('unavailable', messages.busyCreating(written.length, slots.length));
  }
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
  // The guards of exactly the times asked for (at most MAX_SLOTS_PER_REQUEST keys), not the slots of the whole date range.
  const existing = new Set(
    (await guard.getMany(open.map((w) => ({ serviceId, date: w.date, time: w.time })))).map(
      (g) => `${g.date}#${g.time}`,
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
export const create = fn(z.tuple([CreateInput, clock]), createNow);
async function createNow(input: z.output<typeof CreateInput>, now = Date.now()): Promise<Created> {
  assertAdmin();
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
export const createBulk = fn(z.tuple([BulkInput, clock]), createBulkNow);
async function createBulkNow(input: z.output<typeof BulkInput>, now = Date.now()): Promise<Created> {
  assertAdmin();
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
export const createForService = fn(z.tuple([ServiceSlotsInput, clock]), createForServiceNow);
async function createForServiceNow(
  input: z.output<typeof ServiceSlotsInput>,
  now = Date.now(),
): Promise<Created> {
  assertAdmin();
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
