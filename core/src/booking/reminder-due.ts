import * as z from 'zod';
import { config } from '../config';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { defineEntity, type TransactItem } from '../db/entity';
import * as time from '../time';

/**
 * When a booking's reminders are due (issue 21, decision 074), and the
 * sparse index that holds them: one entry per booking and kind still to
 * send, written in the transaction that makes the booking remindable (its
 * claim, a status change into Pending or Confirmed), removed when it is sent
 * or the booking leaves those statuses, and rewritten when it moves
 * (`rescheduleItems`). The scheduled job reads only the entries due, never
 * the bookings. Pure apart from the entity definitions: the booking module
 * imports this file.
 */

/** `hours`: REMINDER_HOURS before the start; `morning`: at REMINDER_MORNING_AT on the day. */
export const reminderKinds = ['hours', 'morning'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** What the reminders read of a booking. */
export type Remindable = { id: string; date: string; time: string; status: string };

/** Reminders go only before a Pending or Confirmed booking. */
export const remindable = (status: string): boolean => status === 'Pending' || status === 'Confirmed';

const HOUR = 3_600_000;

const startOf = (b: Pick<Remindable, 'date' | 'time'>) => Date.parse(time.instantOf(b.date, b.time));

/**
 * The reminders of `b` still to send after `now`, each with when it is due:
 * - `hours`: `reminderHours` before the start (24 hours of real time, so
 *   across a change of clocks it falls an hour earlier or later on the clock);
 * - `morning`: at `reminderMorningAt` on the booking's day in the business
 *   zone, when set, before the start and later than the `hours` one.
 * With `overdue`, an `hours` reminder whose time has passed is due now
 * (a booking that becomes remindable, or moves, inside the window; open
 * bookings of the release before). Without it, a booking made inside the
 * window gets no `hours` reminder: its confirmation carries the links.
 */
export function dueTimes(
  b: Pick<Remindable, 'date' | 'time'>,
  now: Date,
  options: { overdue?: boolean } = {},
): { kind: ReminderKind; dueAt: string }[] {
  const start = startOf(b);
  if (start <= now.getTime()) return [];
  const { reminderHours, reminderMorningAt } = config();
  const hoursAt = start - reminderHours * HOUR;
  const out: { kind: ReminderKind; dueAt: string }[] = [];
  if (hoursAt > now.getTime()) out.push({ kind: 'hours', dueAt: new Date(hoursAt).toISOString() });
  else if (options.overdue) out.push({ kind: 'hours', dueAt: now.toISOString() });
  if (reminderMorningAt) {
    const morningAt = Date.parse(time.instantOf(b.date, reminderMorningAt));
    if (morningAt < start && morningAt > now.getTime() && morningAt > hoursAt) {
      out.push({ kind: 'morning', dueAt: new Date(morningAt).toISOString() });
    }
  }
  return out;
}

/** Whether `now` is already inside the `hours` reminder's window of `b` (its confirmation carries the links). */
export const insideWindow = (b: Pick<Remindable, 'date' | 'time'>, now: Date): boolean =>
  startOf(b) - now.getTime() <= config().reminderHours * HOUR;

const DAY_SECONDS = 24 * 60 * 60;
/** Entries and markers outlive the start by this much (TTL), as history for support. */
const KEEP_DAYS = 30;
const expiryAfter = (startAt: string) => Math.floor(Date.parse(startAt) / 1000) + KEEP_DAYS * DAY_SECONDS;

export const dueEntry = defineEntity({
  name: 'reminderDue',
  version: 1,
  schema: z.object({
    bookingId: z.string(),
    kind: z.enum(reminderKinds),
    dueAt: z.string(),
    /** The start it reminds of: a booking moved since is not reminded by this entry. */
    startAt: z.string(),
    expiresAt: z.number().int(),
    /** Epoch ms until which one run of the job holds it (two runs at once do not both prepare it). */
    leaseUntil: z.number().optional(),
  }),
  key: ({ bookingId, kind }: { bookingId: string; kind: ReminderKind }) => ({
    pk: `REMINDER#${bookingId}`,
    sk: `DUE#${kind}`,
  }),
  indexes: {
    dueWork: (d) => queueEntry('reminders', d.dueAt, `${d.bookingId}#${d.kind}`),
  },
});
export type DueEntry = ReturnType<typeof dueEntry.parse>;

/** The reminders' due queue (decision 109): an entry's id is `<bookingId>#<kind>`. */
export const reminderQueue = defineDueQueue('reminders', dueEntry, (id) => {
  const at = id.lastIndexOf('#');
  return { bookingId: id.slice(0, at), kind: id.slice(at + 1) as ReminderKind };
});

/**
 * The marker of a reminder sent: one per booking, kind and start, written
 * only if absent in the transaction of the reminder's outbox items, so two
 * runs at once send it once.
 */
export const sentMarker = defineEntity({
  name: 'reminderSent',
  version: 1,
  schema: z.object({
    bookingId: z.string(),
    kind: z.enum(reminderKinds),
    startAt: z.string(),
    sentAt: z.string(),
    expiresAt: z.number().int(),
  }),
  key: ({ bookingId, kind, startAt }: { bookingId: string; kind: ReminderKind; startAt: string }) => ({
    pk: `REMINDER#${bookingId}`,
    sk: `SENT#${kind}#${startAt}`,
  }),
});

/** The entries of `b`'s reminders due after `now` (none unless it is Pending or Confirmed). */
export function dueItems(b: Remindable, now: Date, options: { overdue?: boolean } = {}): TransactItem[] {
  if (!remindable(b.status)) return [];
  const startAt = time.instantOf(b.date, b.time);
  return dueTimes(b, now, options).map(({ kind, dueAt }) =>
    dueEntry.tx.put({ bookingId: b.id, kind, dueAt, startAt, expiresAt: expiryAfter(startAt) }),
  );
}

/** Removes every due reminder of a booking (cancelled, completed, or no longer remindable). */
export const removeItems = (bookingId: string): TransactItem[] =>
  reminderKinds.map((kind) => dueEntry.tx.delete({ bookingId, kind }));

/**
 * The items that rewrite a booking's due reminders after it moved (`b` as it
 * is after the move): the new times' entries, the others removed. A move
 * inside the window is reminded at the next run (the new time's links).
 * Written in the move's transaction.
 */
export function rescheduleItems(b: Remindable, now = new Date()): TransactItem[] {
  const due = remindable(b.status) ? dueTimes(b, now, { overdue: true }) : [];
  const startAt = time.instantOf(b.date, b.time);
  return reminderKinds.map((kind) => {
    const entry = due.find((d) => d.kind === kind);
    return entry
      ? dueEntry.tx.put({
          bookingId: b.id,
          kind,
          dueAt: entry.dueAt,
          startAt,
          expiresAt: expiryAfter(startAt),
        })
      : dueEntry.tx.delete({ bookingId: b.id, kind });
  });
}

/**
 * The items of a status change from `before` to `after`: entering Pending or
 * Confirmed writes the due reminders (an overdue one is sent at the next
 * run); leaving them removes them; Pending to Confirmed keeps them.
 */
export function statusItems(
  before: Remindable,
  after: Remindable,
  now: Date,
  { overdue = true }: { overdue?: boolean } = {},
): TransactItem[] {
  const was = remindable(before.status);
  const is = remindable(after.status);
  if (was === is) return [];
  return is ? dueItems(after, now, { overdue }) : removeItems(after.id);
}

/** The marker's item: fails when this reminder was sent already. */
export function markerItem(entry: DueEntry, now: Date): TransactItem {
  return sentMarker.tx.put(
    {
      bookingId: entry.bookingId,
      kind: entry.kind,
      startAt: entry.startAt,
      sentAt: now.toISOString(),
      expiresAt: expiryAfter(entry.startAt),
    },
    { ifAbsent: true },
  );
}

/** Whether the reminder of `kind` for `bookingId` at `startAt` was sent. */
export async function wasSent(bookingId: string, kind: ReminderKind, startAt: string): Promise<boolean> {
  return (await sentMarker.get({ bookingId, kind, startAt }, { consistent: true })) !== undefined;
}
