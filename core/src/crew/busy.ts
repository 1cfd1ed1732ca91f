import * as z from 'zod';
import type { Interval } from '../calendar/busy';
import { defineEntity, type KeyReader, type TransactItem } from '../db/entity';
import * as time from '../time';

/**
 * A technician's busy time on one date, from their own calendar (issue 36,
 * decision 119): one item per technician and business date, beside their day
 * (crew.ts), holding at most MAX_BUSY_PER_DAY intervals (ISO instants). The
 * crew's days are read with them in one batch (Crew.days), and the route
 * rules keep every job out of them (route.ts `misfit`), for the booking
 * page's times and for the claim alike. Written only by the scheduled read
 * of the technician's calendar address (busy-calendar.ts), in one
 * transaction with the address's version; a day is history a day after it.
 */

/** Intervals kept a day at most (more are joined across their shortest gaps: calendar/busy.ts `atMost`). */
export const MAX_BUSY_PER_DAY = 48;

const Busy = z.object({ start: z.string(), end: z.string() });

export const busyDay = defineEntity({
  name: 'technicianBusy',
  version: 1,
  schema: z.object({
    date: z.string(),
    technician: z.number().int(),
    busy: z.array(Busy).max(MAX_BUSY_PER_DAY),
    expiresAt: z.number().int(),
  }),
  key: ({ date, technician }: { date: string; technician: number }) => ({
    pk: `TECHBUSY#${date}#${technician}`,
    sk: 'TECHBUSY',
  }),
});

/** The busy intervals of each of `technicians` on `date` (none: not busy), read in the page's `batch` when given. */
export async function busyOn(
  date: string,
  technicians: readonly number[],
  batch?: KeyReader,
): Promise<Map<number, Interval[]>> {
  const found = await busyDay.getMany(
    technicians.map((technician) => ({ date, technician })),
    { batch },
  );
  return new Map(
    found.map((d) => [
      d.technician,
      d.busy.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) })),
    ]),
  );
}

/** The stored form of a day's intervals (ISO instants), to compare with what is stored. */
export const stored = (intervals: readonly Interval[]) =>
  intervals.map((i) => ({ start: new Date(i.start).toISOString(), end: new Date(i.end).toISOString() }));

const expiresAt = (date: string) =>
  Math.floor(Date.parse(time.instantOf(time.addDays(date, 2), '00:00')) / 1000);

/** The day's item with `intervals` (a transaction item of the address's read). */
export const writeBusyItem = (
  technician: number,
  date: string,
  intervals: readonly Interval[],
): TransactItem => busyDay.tx.put({ date, technician, busy: stored(intervals), expiresAt: expiresAt(date) });

/** The day's item removed (the calendar has nothing that day any more, or the address was removed). */
export const clearBusyItem = (technician: number, date: string): TransactItem =>
  busyDay.tx.delete({ date, technician });

/** What is stored for `technician` on `dates` (one strongly consistent batch: the scheduled read compares with it). */
export async function storedBusy(technician: number, dates: readonly string[]) {
  const found = await busyDay.getMany(dates.map((date) => ({ date, technician })));
  return new Map(found.map((d) => [d.date, d.busy] as const));
}
