import * as z from 'zod';
import { config } from '../config';
import { cond, defineEntity, type KeyReader, op, type TransactItem } from '../db/entity';
import { Geo } from '../geo/index';
import type { Point } from '../geo/model';
import * as time from '../time';
import { crewOn } from '../technician/technician';
import { busyOn } from './busy';
import {
  distinctPlaces,
  type DriveRules,
  driveTable,
  type Hours,
  type RouteJob,
  type Shift,
  workingHours,
} from './route';

/**
 * The technicians' days (docs/decisions/066-technician-day-as-a-route.md).
 * One item per technician and business date holds the day's jobs (booking
 * id → start, end, place) and a version. A claim reads the crew's days,
 * decides with the route rules (route.ts) and writes the chosen day in the
 * booking's transaction on condition that its version is still the one read
 * (or that it is still absent), so two claims can never both succeed on
 * stale neighbours. Giving a job back removes it and raises the version.
 */
export namespace Crew {
  /** A job as its day keeps it: ISO instants and, when it has an address, its coordinates. */
  const DayJob = z.object({
    start: z.string(),
    end: z.string(),
    lat: z.number().optional(),
    lng: z.number().optional(),
  });
  export type DayJob = z.infer<typeof DayJob>;

  /**
   * A job cancelled off the day (issue 36, decision 118): what the technician's calendar feed
   * shows as STATUS:CANCELLED until the day is history. Not a job: the route rules never read it.
   */
  const CancelledJob = z.object({ id: z.string(), start: z.string(), end: z.string() });
  export type CancelledJob = z.infer<typeof CancelledJob>;

  /** The cancelled jobs a day keeps (the newest). */
  const MAX_CANCELLED = 50;

  /** A day is history a week after it: TTL removes it then. */
  const KEEP_DAYS = 7;

  const day = defineEntity({
    name: 'technicianDay',
    version: 1,
    schema: z.object({
      date: z.string(),
      technician: z.number().int(),
      /** Raised by every change of the day: the claim's condition. */
      version: z.number().int().nonnegative(),
      jobs: z.record(z.string(), DayJob),
      /** Jobs cancelled off this day, oldest first (absent: none). */
      cancelled: z.array(CancelledJob).optional(),
      expiresAt: z.number().int(),
    }),
    key: ({ date, technician }: { date: string; technician: number }) => ({
      pk: `TECHDAY#${date}#${technician}`,
      sk: 'TECHDAY',
    }),
    patterns: {
      /** A technician's days in date order (their jobs still to come: upcoming). */
      byTechnician: {
        index: 'byOwner',
        pk: { prefix: 'TECHDAYS', composite: ['technician'] },
        sk: { composite: ['date'] },
      },
    },
  });

  /**
   * One technician's day as read: its version (0: no item yet), its jobs and,
   * for a technician working that date, their working hours then (absent on a
   * day read for a technician off duty: dayOf).
   */
  export type Day = {
    technician: number;
    version: number;
    jobs: Record<string, DayJob>;
    hours?: Hours;
    /** The jobs cancelled off it (kept for the calendar feed); a write carries them on. */
    cancelled?: CancelledJob[];
  };

  /**
   * The days on `date` of the technicians working then (Technician.crewOn:
   * active, a working day, not a day off), each with their own hours and the
   * busy time their own calendar keeps in them (busy.ts), by
   * number: the crew's list, then one strongly consistent batch read.
   * `display` (availability shown, decision 112): the crew's list from the
   * display's short memory, the days read in the page's one `batch`.
   */
  export async function days(
    date: string,
    display: { recent?: boolean; batch?: KeyReader } = {},
  ): Promise<Map<number, Day>> {
    const crew = await crewOn(date, { recent: display.recent });
    const numbers = crew.map((t) => t.number);
    // Their busy time from their own calendars (busy.ts) is read in the same batch.
    const [found, busy] = await Promise.all([
      day.getMany(
        numbers.map((technician) => ({ date, technician })),
        { batch: display.batch },
      ),
      busyOn(date, numbers, display.batch),
    ]);
    const out = new Map<number, Day>(
      crew.map((t) => {
        const hours = workingHours(date, t.dayStart, t.dayEnd);
        const blocked = busy.get(t.number);
        return [
          t.number,
          {
            technician: t.number,
            version: 0,
            jobs: {},
            hours: blocked ? { ...hours, busy: blocked } : hours,
          },
        ];
      }),
    );
    for (const d of found) {
      const read = out.get(d.technician);
      if (read) out.set(d.technician, { ...read, version: d.version, jobs: d.jobs, cancelled: d.cancelled });
    }
    return out;
  }

  /** The crew's days on a date and the drive rules at a place, read together (availability.ts → claim.ts). */
  export type Read = { days: Map<number, Day>; rules: DriveRules };

  /** The crew of the days read, lowest number first, with their hours (route.ts firstFitting). */
  export const shifts = (read: ReadonlyMap<number, Day>): Shift[] =>
    [...read.values()]
      .flatMap((d) => (d.hours ? [{ technician: d.technician, hours: d.hours }] : []))
      .sort((a, b) => a.technician - b.technician);

  /** One technician's day on `date`, strongly consistent (the migration's read). */
  export async function dayOf(date: string, technician: number): Promise<Day> {
    const found = await day.get({ date, technician }, { consistent: true });
    return {
      technician,
      version: found?.version ?? 0,
      jobs: found?.jobs ?? {},
      ...(found?.cancelled ? { cancelled: found.cancelled } : {}),
    };
  }

  /**
   * One page of `technician`'s jobs on days from `from` on (dates in order,
   * each day's jobs by start), from their days in the byOwner index: the jobs
   * to give to others when they stop working (Technician.deactivate).
   */
  export async function upcoming(
    technician: number,
    from: string,
    page: { limit: number; cursor?: string | null },
  ): Promise<{ jobs: { bookingId: string; date: string; start: string }[]; cursor: string | null }> {
    const read = await day.query.byTechnician(
      { technician },
      {
        range: { from: { date: from } },
        limit: page.limit,
        cursor: page.cursor,
        filter: (d) => Object.keys(d.jobs).length > 0,
      },
    );
    const jobs = read.items.flatMap((d) =>
      Object.entries(d.jobs)
        .sort(([, a], [, b]) => a.start.localeCompare(b.start))
        .map(([bookingId, job]) => ({ bookingId, date: d.date, start: job.start })),
    );
    return { jobs, cursor: read.cursor };
  }

  /** One of a technician's days as their calendar feed reads it: the jobs, and those cancelled off it. */
  export type FeedDay = { date: string; jobs: Record<string, DayJob>; cancelled: CancelledJob[] };

  /**
   * `technician`'s days of the `days` dates from `from` (in order), from their days in the byOwner
   * index: one bounded page (an item a date at most), for the calendar feed (decision 118).
   */
  export async function window(technician: number, from: string, days: number): Promise<FeedDay[]> {
    const read = await day.query.byTechnician(
      { technician },
      { range: { between: [{ date: from }, { date: time.addDays(from, days - 1) }] }, limit: days },
    );
    return read.items.map((d) => ({ date: d.date, jobs: d.jobs, cancelled: d.cancelled ?? [] }));
  }

  /** A stored job as the route rules see it. */
  export const routeJob = (id: string, job: DayJob): RouteJob => ({
    id,
    start: Date.parse(job.start),
    end: Date.parse(job.end),
    at: job.lat !== undefined && job.lng !== undefined ? { lat: job.lat, lng: job.lng } : null,
  });

  /** A job as a day stores it. */
  export const dayJob = (job: { start: number; end: number; at: Point | null }): DayJob => ({
    start: new Date(job.start).toISOString(),
    end: new Date(job.end).toISOString(),
    ...(job.at ? { lat: job.at.lat, lng: job.at.lng } : {}),
  });

  /** Each technician's jobs, as the route rules take them. */
  export const routes = (read: ReadonlyMap<number, Day>): Map<number, RouteJob[]> =>
    new Map(
      [...read.values()].map((d) => [
        d.technician,
        Object.entries(d.jobs).map(([id, job]) => routeJob(id, job)),
      ]),
    );

  /**
   * The drive rules for the jobs in `read` and the places in `extra` (the job
   * or jobs being placed): the buffer, and drive times from one
   * Geo.driveMinutes matrix over every place. Each technician's hours are
   * their day's (`Day.hours`).
   */
  export async function rules(
    read: ReadonlyMap<number, Day>,
    extra: readonly (Point | null)[],
  ): Promise<DriveRules> {
    const { travelBufferMinutes } = config();
    const base = Geo.base();
    const points = [...routes(read).values()].flatMap((jobs) => jobs.map((job) => job.at));
    const places = distinctPlaces(base, [...points, ...extra]);
    const minutes = places.length > 1 ? await Geo.driveMinutes(places, places) : [[0]];
    return { bufferMinutes: travelBufferMinutes, drive: driveTable(base, places, minutes) };
  }

  const expiresAt = (date: string) =>
    Math.floor(Date.parse(time.instantOf(time.addDays(date, KEEP_DAYS + 1), '00:00')) / 1000);

  /**
   * Writes `technician`'s day on `date` with `jobs`, on condition that it is
   * still the version read (absent, when 0 was read); raises the version.
   */
  export function writeItem(date: string, read: Day, jobs: Record<string, DayJob>): TransactItem {
    // A job put back on the day is no longer a cancelled one.
    const cancelled = (read.cancelled ?? []).filter((job) => !(job.id in jobs)).slice(-MAX_CANCELLED);
    return day.tx.put(
      {
        date,
        technician: read.technician,
        version: read.version + 1,
        jobs,
        ...(cancelled.length > 0 ? { cancelled } : {}),
        expiresAt: expiresAt(date),
      },
      { when: read.version === 0 ? cond.itemAbsent() : cond.eq('version', read.version) },
    );
  }

  /**
   * Gives a booking's job back: removes it from its day and raises the
   * version (a claim read before must read again). Fails when the day does
   * not hold the job (see status.ts: a booking claimed before days existed).
   * `cancelled`: the job is cancelled, and the day keeps it as such (decision 118).
   */
  export function releaseItem(
    date: string,
    technician: number,
    bookingId: string,
    cancelled?: { start: string; end: string },
  ): TransactItem {
    return day.tx.patch(
      { date, technician },
      {
        remove: [['jobs', bookingId]],
        set: {
          version: op.plus(1),
          ...(cancelled ? { cancelled: op.append([{ id: bookingId, ...cancelled }]) } : {}),
        },
        when: (c) => c.exists(['jobs', bookingId]),
      },
    );
  }
}
