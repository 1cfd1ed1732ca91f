import type { Point } from '../geo/model';
import * as time from '../time';

/**
 * The technician's day as a route (issue 20, decision 066): the base → job 1
 * → job 2 → …, each job at its place. Pure rules over instants (epoch ms), so
 * daylight-saving days are right wherever the code runs; the storage of a
 * day is crew.ts, the drive times come from Geo.driveMinutes (one matrix a
 * request, turned into a `Drive` by `driveTable`).
 */

/** A job on a technician's day: its booking, when the work starts and ends, and where (null: the base). */
export type RouteJob = { id: string; start: number; end: number; at: Point | null };

/** Drive minutes from one place to another (null: the shop's base). */
export type Drive = (from: Point | null, to: Point | null) => number;

/**
 * The technicians' working hours on one date, as instants, and the times
 * within them their own calendar keeps them busy (busy.ts, decision 119).
 */
export type Hours = { start: number; end: number; busy?: readonly { start: number; end: number }[] };

/** The rules of a date that hold for every technician: the padding after a job, and the drive times. */
export type DriveRules = { bufferMinutes: number; drive: Drive };

export type RouteRules = DriveRules & { hours: Hours };

/** A technician working a date (Technician.crewOn), with their own working hours then. */
export type Shift = { technician: number; hours: Hours };

/** Why a job does not fit a technician's day. */
export type Misfit =
  | { kind: 'hours' }
  | { kind: 'busy' }
  | { kind: 'overlap'; job: RouteJob }
  | { kind: 'from-base'; minutes: number }
  | { kind: 'from-previous'; job: RouteJob; minutes: number }
  | { kind: 'to-next'; job: RouteJob; minutes: number };

const MINUTE = 60_000;

/** The key a place is known by in a drive table. */
const placeKey = (at: Point) => `${at.lat.toFixed(6)},${at.lng.toFixed(6)}`;

/** The distinct places among `points`, the base (null) first: the origins and destinations of one matrix call. */
export function distinctPlaces(base: Point, points: readonly (Point | null)[]): Point[] {
  const places = new Map<string, Point>([[placeKey(base), base]]);
  for (const at of points) if (at) places.set(placeKey(at), at);
  return [...places.values()];
}

/** A `Drive` over `places` and their matrix (`minutes[i][j]`: places[i] → places[j]). */
export function driveTable(base: Point, places: readonly Point[], minutes: readonly number[][]): Drive {
  const index = new Map(places.map((at, i) => [placeKey(at), i]));
  const at = (point: Point | null) => {
    const i = index.get(placeKey(point ?? base));
    if (i === undefined) throw new Error(`No drive time is known for ${placeKey(point ?? base)}.`);
    return i;
  };
  return (from, to) => {
    const row = minutes[at(from)];
    const value = row?.[at(to)];
    if (value === undefined) throw new Error('The drive matrix is smaller than its places.');
    return value;
  };
}

/** The working hours of `date` (business zone): `dayStart` to `dayEnd` ('24:00': the next midnight). */
export function workingHours(date: string, dayStart: string, dayEnd: string): Hours {
  const end =
    dayEnd === '24:00' ? time.instantOf(time.addDays(date, 1), '00:00') : time.instantOf(date, dayEnd);
  return { start: Date.parse(time.instantOf(date, dayStart)), end: Date.parse(end) };
}

/**
 * Why `job` does not fit `day` (the technician's other jobs, any order; a
 * job with the same id is the one being moved and is left out), or null
 * when it fits:
 * - the work lies within the working hours, outside their busy time;
 * - it meets no other job;
 * - the technician, leaving the previous job when it ends (or the base when
 *   the day starts, for the first job), drives there and arrives by its
 *   start, with the buffer as padding after a job;
 * - after it ends, they still reach the next job by its start the same way.
 */
export function misfit(day: readonly RouteJob[], job: RouteJob, rules: RouteRules): Misfit | null {
  if (job.start < rules.hours.start || job.end > rules.hours.end || job.end < job.start) {
    return { kind: 'hours' };
  }
  if (rules.hours.busy?.some((busy) => busy.start < job.end && job.start < busy.end)) return { kind: 'busy' };
  const others = day.filter((other) => other.id !== job.id).sort((a, b) => a.start - b.start);
  const overlap = others.find((other) => other.start < job.end && job.start < other.end);
  if (overlap) return { kind: 'overlap', job: overlap };
  const previous = others.filter((other) => other.start < job.start).at(-1);
  const next = others.find((other) => other.start >= job.start);
  if (previous) {
    const minutes = rules.drive(previous.at, job.at);
    if (previous.end + (minutes + rules.bufferMinutes) * MINUTE > job.start) {
      return { kind: 'from-previous', job: previous, minutes };
    }
  } else {
    const minutes = rules.drive(null, job.at);
    if (rules.hours.start + minutes * MINUTE > job.start) return { kind: 'from-base', minutes };
  }
  if (next) {
    const minutes = rules.drive(job.at, next.at);
    if (job.end + (minutes + rules.bufferMinutes) * MINUTE > next.start) {
      return { kind: 'to-next', job: next, minutes };
    }
  }
  return null;
}

/**
 * The technician of `crew` (in its order, after those of `order`) whose day
 * `job` fits in their own working hours, or null; `days` holds each
 * technician's jobs (a technician without any is free). Technicians of
 * `order` who are not in the crew are not working: skipped.
 */
export function firstFitting(
  days: ReadonlyMap<number, readonly RouteJob[]>,
  job: RouteJob,
  crew: readonly Shift[],
  rules: DriveRules,
  order: readonly number[] = [],
): number | null {
  const hours = new Map(crew.map((shift) => [shift.technician, shift.hours]));
  const technicians = [...new Set([...order, ...crew.map((shift) => shift.technician)])];
  return (
    technicians.find((t) => {
      const own = hours.get(t);
      return own !== undefined && misfit(days.get(t) ?? [], job, { ...rules, hours: own }) === null;
    }) ?? null
  );
}

/** The legs of a day in order (base → first, then job → job), with the slack each leaves (negative: cannot be driven). */
export function legs(
  day: readonly RouteJob[],
  rules: RouteRules,
): { from: RouteJob | null; to: RouteJob; slackMinutes: number }[] {
  const sorted = [...day].sort((a, b) => a.start - b.start);
  return sorted.map((to, i) => {
    const from = sorted[i - 1] ?? null;
    const leave = from ? from.end + rules.bufferMinutes * MINUTE : rules.hours.start;
    const arrive = leave + rules.drive(from?.at ?? null, to.at) * MINUTE;
    return { from, to, slackMinutes: (to.start - arrive) / MINUTE };
  });
}

/** A clock time of the business zone ('10:00') for an instant. */
const clock = (instant: number) => time.localOf(instant).time;

/** Why a booking moved to a new address no longer fits the day, in words (the address change's 409). */
export function misfitMessage(why: Misfit, job: RouteJob): string {
  switch (why.kind) {
    case 'hours':
      return `The job at ${clock(job.start)} does not fit the technicians' working hours.`;
    case 'busy':
      return `The technician is busy at ${clock(job.start)} in their own calendar.`;
    case 'overlap':
      return `The technician has another job at ${clock(why.job.start)} that overlaps this one.`;
    case 'from-base':
      return `The new address is ${why.minutes} minutes from the shop: the technician cannot get there by ${clock(job.start)}.`;
    case 'from-previous':
      return `The new address is ${why.minutes} minutes from the ${clock(why.job.start)} job: the technician cannot get there by ${clock(job.start)}.`;
    case 'to-next':
      return `The ${clock(why.job.start)} job is ${why.minutes} minutes from the new address: the technician cannot get there in time after this job ends at ${clock(job.end)}.`;
  }
}
