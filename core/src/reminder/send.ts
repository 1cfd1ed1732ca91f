import { BookingLink } from '../booking/link';
import { entity, mailInfo, type Stored } from '../booking/store';
import { checkItem, Match } from '../db/conditions';
import { clearItem, type Due, drainDue, type JobReport, lease, type Outcome } from '../db/due-queue';
import { failedConditions, transactWrite } from '../db/entity';
import { Notify } from '../notify/index';
import * as time from '../time';
import type { Deadline } from '../util/deadline';
import { type DueEntry, markerItem, remindable, reminderQueue } from '../booking/reminder-due';
import { reminderMail, reminderText } from './mail';

/**
 * The scheduled job's reminders (issue 21, decision 074): the entries of the
 * `reminders` due queue whose time has come, oldest first, a page at a time
 * until none is left or the run's deadline (decision 109's loop). Each is sent in one transaction: the
 * marker (only if absent), the entry's removal (only if it is still the one
 * read), a check that the booking is still remindable at the same time, the
 * link's tokens and the outbox items (Notify). Two runs at once: one
 * transaction wins, the other fails on the marker and sends nothing.
 */

/** Entries read a page. */
export const REMINDER_PAGE = 100;
/** Reminders prepared and sent at once. */
export const REMINDER_CONCURRENCY = 16;
/** While one run holds an entry, another run passes it by (the marker still decides what is sent). */
const LEASE_MS = 120_000;

const startOf = (b: Pick<Stored, 'date' | 'time'>) => time.instantOf(b.date, b.time);

/** The entry's removal, unless it changed since read (moved: a new time). */
const clearIfUnchanged = (entry: DueEntry) =>
  clearItem(reminderQueue, `${entry.bookingId}#${entry.kind}`, {
    as: entry,
    when: { startAt: entry.startAt },
  });

/** Removes an entry that will not be sent, unless it changed since read. */
async function drop(entry: DueEntry): Promise<void> {
  await transactWrite([clearIfUnchanged(entry)]).catch((error: unknown) => {
    if (failedConditions(error) === null) throw error;
  });
}

/**
 * Sends one due reminder: 'done' (sent), 'dropped' (nothing to send any
 * more) or 'left' (held by another run, or changed meanwhile; later).
 */
export async function sendOne(due: Due, now: Date): Promise<Outcome> {
  // Held for this run; another run passes it by (the marker still decides what is sent).
  const entry = await lease(reminderQueue, due, { ms: LEASE_MS });
  if (!entry) return 'left';
  const booking = await entity.get({ id: entry.bookingId }, { consistent: true });
  if (
    !booking ||
    !remindable(booking.status) ||
    startOf(booking) !== entry.startAt ||
    Date.parse(entry.startAt) <= now.getTime() ||
    !booking.customer?.email
  ) {
    await drop(entry);
    return 'dropped';
  }
  const link = BookingLink.prepare(booking, { now });
  const info = mailInfo(booking);
  const prepared = await Notify.prepare({
    kind: 'reminder',
    userId: booking.userId,
    mail: reminderMail(info, link.token, entry.kind),
    text: reminderText(info, link.token),
  });
  try {
    await transactWrite([
      markerItem(entry, now),
      clearIfUnchanged(entry),
      checkItem(
        entity,
        { id: booking.id },
        { status: Match.oneOf('Pending', 'Confirmed'), date: booking.date, time: booking.time },
      ),
      ...link.items,
      ...prepared.map((p) => p.item),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed === null) throw error;
    // Sent by another run: the entry is stale.
    if (failed.includes(0)) {
      await drop(entry);
      return 'dropped';
    }
    // The entry or the booking changed meanwhile, or a concurrent transaction: read again next run.
    return 'left';
  }
  await Notify.deliver(prepared);
  return 'done';
}

/**
 * Sends every reminder due at `now`, REMINDER_CONCURRENCY at once, page
 * after page, stopping once `deadline` (epoch ms) has passed: what it did
 * not reach stays due.
 */
export function sendDue(
  now = new Date(),
  options: { deadline?: Deadline; concurrency?: number; pageSize?: number } = {},
): Promise<JobReport> {
  return drainDue(
    'reminders',
    now,
    {
      deadline: options.deadline,
      concurrency: options.concurrency ?? REMINDER_CONCURRENCY,
      pageSize: options.pageSize ?? REMINDER_PAGE,
    },
    (due) => sendOne(due, now),
  );
}
