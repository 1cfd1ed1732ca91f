import * as z from 'zod';
import { assertAdmin } from '../actor';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import * as time from '../time';
import {
  get as technicianNumbered,
  type Info as TechnicianInfo,
  offDutyMessage,
} from '../technician/technician';
import { callerFirst, fn } from '../util/fn';
import { claimOf, jobOf, MAX_ATTEMPTS, pause } from '../booking/claim';
import { Crew } from '../crew/crew';
import { type Hours, type Misfit, misfit, type RouteJob } from '../crew/route';
import { deskMessages } from '../booking/rules';
import {
  entity,
  findBooking,
  type Info,
  id,
  isOpen,
  putIfUnchanged,
  type Row,
  type Stored,
  withService,
} from '../booking/store';

/**
 * The admin gives a booking to another technician (issue 22, decision 078):
 * one transaction claims the new technician's time, with the route's drive
 * rules and their own hours, and gives the old one's back: the booking (on
 * condition that it is still the revision read), the day it joins and the
 * day it leaves (each on condition of its version). A day changed meanwhile
 * (another claim, a cancel) is read again and the job placed again. When it
 * cannot fit, 409 `{ msg }` says why, and nothing is written.
 */

export const reassignMessages = {
  closed: 'A cancelled or completed booking keeps its technician.',
  unknown: 'Technician not found.',
  busy: 'The technician’s day kept changing. Please try again.',
} as const;

export const ReassignInput = z.object({
  technician: z
    .number({ error: 'Choose a technician by number.' })
    .int('Choose a technician by number.')
    .positive('Choose a technician by number.'),
});

const clock = (instant: number) => time.formatTime(time.localOf(instant).time);

/** Why the job does not fit `t`'s day, in words (the reassignment's 409). */
export function reassignMessage(why: Misfit, job: RouteJob, t: TechnicianInfo, hours: Hours): string {
  const name = `${t.firstName} ${t.lastName}`;
  switch (why.kind) {
    case 'hours':
      return `${name} works ${clock(hours.start)} to ${clock(hours.end)} that day: a job from ${clock(job.start)} to ${clock(job.end)} is outside those hours.`;
    case 'busy':
      return `${name} is busy from ${clock(job.start)} to ${clock(job.end)} in their own calendar.`;
    case 'overlap':
      return `${name} has another job at ${clock(why.job.start)} that overlaps this one.`;
    case 'from-base':
      return `This job is ${why.minutes} minutes from the shop, and ${name}'s day starts at ${clock(hours.start)}: they cannot be there by ${clock(job.start)}.`;
    case 'from-previous':
      return `${name}'s ${clock(why.job.start)} job is ${why.minutes} minutes from this one: they cannot get there by ${clock(job.start)}.`;
    case 'to-next':
      return `${name}'s ${clock(why.job.start)} job is ${why.minutes} minutes from this one: after it ends at ${clock(job.end)} they cannot reach it in time.`;
  }
}

/**
 * Gives booking `bookingId` to technician `technician` (admin). The same
 * technician: unchanged. 404 for an unknown booking or technician; 409 for a
 * closed booking, a technician not working that date (deactivated, a day
 * off, not a working day), or a day it does not fit.
 */
export const reassign = fn(z.tuple([id, ReassignInput]), async (bookingId, { technician }): Promise<Info> => {
  assertAdmin();
  const target = await technicianNumbered(technician);
  if (!target) throw new VisibleError('not_found', reassignMessages.unknown);
  for (let attempt = 1; ; attempt += 1) {
    const read = await findBooking(bookingId);
    if (!isOpen(read.status)) throw new VisibleError('conflict', reassignMessages.closed);
    const off = offDutyMessage(target, read.date);
    if (off) throw new VisibleError('conflict', off);
    if (read.claim?.technician === technician) return withService(read);
    const placed = await place(read, target);
    try {
      await transactWrite([putIfUnchanged(placed.record, read), ...placed.days]);
      return withService({ ...placed.record, rev: (read.rev ?? 0) + 1 });
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(0)) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      // A day changed since it was read (a claim or a cancel meanwhile): read again.
      if (attempt >= MAX_ATTEMPTS) throw new VisibleError('conflict', reassignMessages.busy);
      await pause(attempt);
    }
  }
});

/** The booking as it will be written, and the days it joins and leaves; 409 when the job does not fit. */
async function place(
  read: Stored,
  target: TechnicianInfo,
): Promise<{ record: Stored; days: TransactItem[] }> {
  const job = jobOf(read);
  const days = await Crew.days(read.date);
  const joins = days.get(target.number);
  if (!joins?.hours) {
    // Not on the crew read a moment after the check: they stopped working that date meanwhile.
    throw new VisibleError('conflict', offDutyMessage(target, read.date) ?? reassignMessages.busy);
  }
  const rules = await Crew.rules(days, [job.at]);
  const why = misfit(Crew.routes(days).get(target.number) ?? [], job, { ...rules, hours: joins.hours });
  if (why) throw new VisibleError('conflict', reassignMessage(why, job, target, joins.hours));
  const items: TransactItem[] = [];
  const held = read.claim;
  if (held) {
    // The old technician may be off that date now (deactivated, a day off): their day is read by key.
    const leaves = days.get(held.technician) ?? (await Crew.dayOf(read.date, held.technician));
    if (read.id in leaves.jobs) {
      const { [read.id]: _left, ...rest } = leaves.jobs;
      items.push(Crew.writeItem(read.date, leaves, rest));
    }
  }
  items.push(Crew.writeItem(read.date, joins, { ...joins.jobs, [read.id]: Crew.dayJob(job) }));
  const record: Stored = {
    ...read,
    claim: claimOf(target.number, job),
    updatedAt: new Date().toISOString(),
  };
  return { record, days: items };
}

/** Days read for one page of a technician's jobs still to come, by default. */
export const UPCOMING_DAYS = 14;

/**
 * One page of technician `technician`'s open jobs from today on (admin), by
 * date and time: the jobs to give to others when they stop working. A page
 * is up to `limit` of their days with jobs (Crew.upcoming, the byOwner
 * index), then those bookings by key; a booking no longer theirs (a day not
 * yet migrated, a claim moved meanwhile) is left out. 404 for an unknown
 * technician.
 */
export const upcomingOf = fn(
  z.tuple([z.number(), z.object({ limit: z.number().optional(), cursor: z.string().nullish() }).optional()]),
  async (technician, page = {}): Promise<{ items: Row[]; cursor: string | null }> => {
    assertAdmin();
    if (!(await technicianNumbered(technician)))
      throw new VisibleError('not_found', reassignMessages.unknown);
    const days = await Crew.upcoming(technician, time.today(), {
      limit: Math.min(Math.max(page.limit ?? UPCOMING_DAYS, 1), 100),
      cursor: page.cursor,
    });
    const found = await entity.getMany(days.jobs.map((job) => ({ id: job.bookingId })));
    const items = found
      .filter((b) => isOpen(b.status) && b.claim?.technician === technician)
      .sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`));
    return { items, cursor: days.cursor };
  },
  callerFirst(assertAdmin),
);
