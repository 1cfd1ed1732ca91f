import { cond, failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import { Notify } from '../notify/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { Crew } from '../crew/crew';
import { crewOn } from '../technician/technician';
import { firstFitting, misfit, misfitMessage, type RouteJob, workingHours } from '../crew/route';
import { deskMessages } from './rules';
import { booked, bookedExpiry, holdsBookedGuard, putIfUnchanged, type Stored } from './store';

/**
 * Claiming a booking's time, and giving it back (decisions 024 and 066): the
 * booking's write, its BOOKED guard, its slot and the technician's day (on
 * condition that it is still the version read) are one transaction, so any
 * failed condition cancels all of it.
 */

/** Claims re-read the crew's days and try again this many times when another claim changed one first. */
export const MAX_ATTEMPTS = 12;

/** A full-jitter pause before attempt `attempt` + 1 (decision 052's shape, shorter: claims are quick). */
export const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(400, 20 * 2 ** attempt)));

/** The job a booking is on its technician's day: its start and end as instants, and its place (null: the base). */
export function jobOf(
  b: Pick<Stored, 'id' | 'date' | 'time' | 'durationMinutes' | 'serviceAddress'>,
): RouteJob {
  const start = Date.parse(time.instantOf(b.date, b.time));
  const location = b.serviceAddress?.location;
  return {
    id: b.id,
    start,
    end: start + b.durationMinutes * 60_000,
    at: location ? { lat: location.lat, lng: location.lng } : null,
  };
}

/**
 * Whether a job of `minutes` fits the working hours of some technician
 * working on `date` at all (true when nobody works then: the claim says so).
 */
export async function fitsWorkingDay(date: string, minutes: number): Promise<boolean> {
  const crew = await crewOn(date);
  if (crew.length === 0) return true;
  return crew.some((t) => {
    const hours = workingHours(date, t.dayStart, t.dayEnd);
    return minutes * 60_000 <= hours.end - hours.start;
  });
}

export const claimOf = (technician: number, job: RouteJob): NonNullable<Stored['claim']> => ({
  technician,
  start: new Date(job.start).toISOString(),
  end: new Date(job.end).toISOString(),
});

export type ClaimOptions = {
  /** The booking's own write (a new one: if absent; a reinstated one: if unchanged since read). */
  write: (record: Stored) => TransactItem;
  mails: (record: Stored) => Mail.Message[];
  /** 409 texts: the time (BOOKED guard or slot) taken; no technician can take the job. */
  taken: string;
  crewFull: string;
  /** Customer notices (Notify) written in the same transaction, beside `mails`. */
  notices?: Notify.Notice[];
  /**
   * A move (issue 21, reschedule.ts): the booking as read, whose time this
   * claim gives back in the same transaction (its BOOKED guard, its slot, its
   * job on its day). Its technician is preferred when the day stays the same.
   */
  from?: Stored;
  /** More items the move writes (e.g. the reminders' due entries). */
  extra?: (record: Stored) => TransactItem[];
  /**
   * Things a new booking takes in its own transaction, each group with the 409 text its own failed
   * condition means (the photos it claims, the recommended work it closes); after `extra`.
   */
  takes?: { items: (record: Stored) => TransactItem[]; refused: string }[];
  /** Writes the transaction instead of `transactWrite` (a move by link: with the link's use, LinkToken.use). */
  commit?: (items: TransactItem[]) => Promise<void>;
  /**
   * The crew's days and the drive rules at the booking's place, as
   * availability read them for this booking (decision 112): the first attempt
   * decides on them instead of reading again; a day changed since fails the
   * transaction's condition and is read again, as always.
   */
  read?: Crew.Read;
};

/**
 * Writes the booking and claims its time: reads the crew's days, gives the
 * job to the lowest technician whose route it fits (route.ts) at the
 * booking's place (`serviceAddress.location`; none: the base), and writes
 * that day on condition that it is still as read. A failure on the BOOKED
 * guard or the slot means the time was taken (409); a day changed meanwhile
 * (or a transaction lost to a concurrent one) is read again and the job
 * placed again; when no technician's day takes it, the crew is full (409).
 * With `from` (a move) the old time is given back in the same transaction.
 */
export async function claim(
  base: Omit<Stored, 'claim'>,
  now: string,
  options: ClaimOptions,
): Promise<Stored> {
  const job = jobOf(base);
  const from = options.from;
  const held = from?.claim;
  const prepared = [
    ...(await Promise.all(options.mails(base).map((mail) => Outbox.prepareWithFiles(mail)))),
    ...(await Promise.all((options.notices ?? []).map((notice) => Notify.prepare(notice)))).flat(),
  ];
  for (let attempt = 1; ; attempt += 1) {
    const first = attempt === 1 ? options.read : undefined;
    const days = first?.days ?? (await Crew.days(base.date));
    const rules = first?.rules ?? (await Crew.rules(days, [job.at]));
    const prefer = held && from.date === base.date ? [held.technician] : [];
    const technician = firstFitting(Crew.routes(days), job, Crew.shifts(days), rules, prefer);
    const day = technician === null ? undefined : days.get(technician);
    if (technician === null || !day) {
      throw new VisibleError('conflict', (await timeTaken(base)) ? options.taken : options.crewFull);
    }
    const record: Stored = { ...base, claim: claimOf(technician, job) };
    const head: TransactItem[] = [
      options.write(record),
      ...(holdsBookedGuard(base)
        ? [
            booked.tx.put(
              {
                key: base.bookedKey,
                date: base.date,
                time: base.time,
                bookingId: base.id,
                expiresAt: bookedExpiry(base.date),
              },
              { ifAbsent: true },
            ),
          ]
        : []),
      ...(base.slotId ? [TimeSlot.bookItem(base.slotId, base.id, now)] : []),
    ];
    // A move gives its old time back: the guard and slot it held, and its job on the day it leaves.
    const released = from ? releaseItems(from, now, false) : [];
    const leaves =
      from && held ? await leftDay(from, held.technician, base.date, technician, days) : undefined;
    const extra = options.extra?.(record) ?? [];
    // Each group the booking takes, with where its items stand in the transaction.
    let at = head.length + released.length + 1 + (leaves ? 1 : 0) + extra.length;
    const takes = (options.takes ?? []).map((take) => {
      const items = take.items(record);
      const group = { items, from: at, refused: take.refused };
      at += items.length;
      return group;
    });
    try {
      await (options.commit ?? transactWrite)([
        ...head,
        ...released,
        Crew.writeItem(base.date, day, { ...day.jobs, [base.id]: Crew.dayJob(job) }),
        ...(leaves ? [leaves] : []),
        ...extra,
        ...takes.flatMap((take) => take.items),
        ...prepared.map((p) => p.item),
      ]);
      await Notify.deliver(prepared);
      return record;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(0)) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      if (failed.some((index) => index < head.length)) throw new VisibleError('conflict', options.taken);
      // The days are at `dayAt` and after it (the one left); anything else failing means the booking moved on.
      const dayAt = head.length + released.length;
      const refused = takes.find((take) =>
        failed.some((index) => index >= take.from && index < take.from + take.items.length),
      );
      if (refused) throw new VisibleError('conflict', refused.refused);
      if (failed.some((index) => index < dayAt || index > dayAt + (leaves ? 1 : 0))) {
        throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      }
      // The day changed since it was read, or another transaction held an item: read again.
      if (attempt >= MAX_ATTEMPTS) throw new VisibleError('conflict', options.taken);
      await pause(attempt);
    }
  }
}

/**
 * The write of the day a moved job leaves (`from`'s date, its technician
 * `was`), when that is not the day it joins: the job removed, on condition
 * that the day is still as read. None when the day does not hold the job (a
 * booking claimed before the days existed).
 */
async function leftDay(
  from: Stored,
  was: number,
  date: string,
  joins: number,
  read: ReadonlyMap<number, Crew.Day>,
): Promise<TransactItem | undefined> {
  const sameDay = from.date === date;
  if (sameDay && was === joins) return undefined;
  const day = sameDay ? read.get(was) : await Crew.dayOf(from.date, was);
  if (!day || !(from.id in day.jobs)) return undefined;
  const { [from.id]: _left, ...rest } = day.jobs;
  return Crew.writeItem(from.date, day, rest);
}

/** Whether the service's time is booked by another booking already (its BOOKED guard): the reason to give first. */
async function timeTaken(b: Omit<Stored, 'claim'>): Promise<boolean> {
  if (!holdsBookedGuard(b)) return false;
  const guard = await booked.get({ key: b.bookedKey, date: b.date, time: b.time }, { consistent: true });
  return guard !== undefined && guard.bookingId !== b.id;
}

/**
 * The items that give a booking's time back: its BOOKED guard, its slot and,
 * with `day`, its job on its technician's day (kept there as cancelled when `cancelling`).
 */
export function releaseItems(b: Stored, now: string, day = true, cancelling = false): TransactItem[] {
  return [
    ...(holdsBookedGuard(b)
      ? [booked.tx.delete({ key: b.bookedKey, date: b.date, time: b.time }, cond.eq('bookingId', b.id))]
      : []),
    ...(b.slotId ? [TimeSlot.freeItem(b.slotId, b.id, now)] : []),
    ...(b.claim && day
      ? [
          Crew.releaseItem(
            b.date,
            b.claim.technician,
            b.id,
            cancelling ? { start: b.claim.start, end: b.claim.end } : undefined,
          ),
        ]
      : []),
  ];
}

/**
 * Moves a booking's job to its new place (issue 20: the admin changes a
 * Pending booking's address). `next` is the booking as it should be written
 * (its new `serviceAddress` with `location`); `read` is the booking as read.
 * The job keeps its time: it stays with its technician when their day still
 * takes it at the new place, else goes to the lowest technician whose day
 * does. The booking (on condition that it is still `read`'s revision), the
 * days it leaves and joins (each on condition of its version) and the
 * `mails` are one transaction. 409 `{ msg }` saying why when no day takes it
 * (e.g. "The new address is 40 minutes from the 10:00 job: the technician
 * cannot get there by 11:00."), or when the booking changed meanwhile;
 * nothing is written then. A booking holding no time is only written.
 */
export async function relocate(
  read: Stored,
  next: Stored,
  options: { mails?: Mail.Message[]; changed?: string } = {},
): Promise<Stored> {
  const changed = options.changed ?? deskMessages.changedMeanwhile;
  const prepared = await Promise.all((options.mails ?? []).map((mail) => Outbox.prepareWithFiles(mail)));
  const held = read.claim;
  const job = jobOf(next);
  for (let attempt = 1; ; attempt += 1) {
    let record: Stored = { ...next, claim: undefined };
    const dayItems: TransactItem[] = [];
    if (held) {
      const days = await Crew.days(read.date);
      const rules = await Crew.rules(days, [job.at]);
      const routes = Crew.routes(days);
      const technician = firstFitting(routes, job, Crew.shifts(days), rules, [held.technician]);
      const joins = technician === null ? undefined : days.get(technician);
      if (technician === null || !joins) {
        const hours = days.get(held.technician)?.hours;
        const why = (hours && misfit(routes.get(held.technician) ?? [], job, { ...rules, hours })) || {
          kind: 'hours' as const,
        };
        throw new VisibleError('conflict', misfitMessage(why, job));
      }
      // Their own technician may be off that day now (deactivated, a day off): their day is read by key.
      const leaves = days.get(held.technician) ?? (await Crew.dayOf(read.date, held.technician));
      if (leaves && technician !== held.technician && read.id in leaves.jobs) {
        const { [read.id]: _left, ...rest } = leaves.jobs;
        dayItems.push(Crew.writeItem(read.date, leaves, rest));
      }
      dayItems.push(Crew.writeItem(read.date, joins, { ...joins.jobs, [read.id]: Crew.dayJob(job) }));
      record = { ...next, claim: claimOf(technician, job) };
    }
    try {
      await transactWrite([putIfUnchanged(record, read), ...dayItems, ...prepared.map((p) => p.item)]);
      await Promise.all(prepared.map((p) => Outbox.deliver(p)));
      return { ...record, rev: (read.rev ?? 0) + 1 };
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(0)) throw new VisibleError('conflict', changed);
      if (attempt >= MAX_ATTEMPTS) throw new VisibleError('conflict', changed);
      await pause(attempt);
    }
  }
}
