import { BookingLink } from '../booking/link';
import { entity, mailInfo, type Stored } from '../booking/store';
import { failedConditions, transactWrite } from '../db/entity';
import { Notify } from '../notify/index';
import * as time from '../time';
import { pastDeadline } from '../util/deadline';
import { DUE_PARTITION, type DueEntry, dueEntry, markerItem, remindable } from '../booking/reminder-due';
import { reminderMail, reminderText } from './mail';

/**
 * The scheduled job's reminders (issue 21, decision 074): the entries of the
 * due index whose time has come, oldest first, a page at a time until none
 * is left or the run's deadline. Each is sent in one transaction: the
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

export type SendReport = { due: number; sent: number; dropped: number; skipped: number };

const startOf = (b: Pick<Stored, 'date' | 'time'>) => time.instantOf(b.date, b.time);

/** Removes an entry that will not be sent, unless it changed since read (moved: a new time). */
async function drop(entry: DueEntry): Promise<void> {
  await transactWrite([
    dueEntry.tx.delete(
      { bookingId: entry.bookingId, kind: entry.kind },
      {
        ConditionExpression: 'dueAt = :due AND startAt = :start',
        ExpressionAttributeValues: { ':due': entry.dueAt, ':start': entry.startAt },
      },
    ),
  ]).catch((error: unknown) => {
    if (failedConditions(error) === null) throw error;
  });
}

/** Holds the entry for this run; false when another run holds it or it changed. */
async function lease(entry: DueEntry): Promise<boolean> {
  const at = Date.now();
  const held = await dueEntry.update(
    { bookingId: entry.bookingId, kind: entry.kind },
    {
      UpdateExpression: 'SET leaseUntil = :until',
      ConditionExpression:
        'dueAt = :due AND startAt = :start AND (attribute_not_exists(leaseUntil) OR leaseUntil < :at)',
      ExpressionAttributeValues: {
        ':until': at + LEASE_MS,
        ':due': entry.dueAt,
        ':start': entry.startAt,
        ':at': at,
      },
    },
  );
  return held !== null;
}

/** Sends one due reminder: 'sent', 'dropped' (nothing to send any more) or 'skipped' (changed meanwhile; later). */
export async function sendOne(entry: DueEntry, now: Date): Promise<'sent' | 'dropped' | 'skipped'> {
  if (!(await lease(entry))) return 'skipped';
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
      dueEntry.tx.delete(
        { bookingId: entry.bookingId, kind: entry.kind },
        {
          ConditionExpression: 'dueAt = :due AND startAt = :start',
          ExpressionAttributeValues: { ':due': entry.dueAt, ':start': entry.startAt },
        },
      ),
      entity.tx.check(
        { id: booking.id },
        {
          ConditionExpression: '#status IN (:pending, :confirmed) AND #date = :date AND #time = :time',
          ExpressionAttributeNames: { '#status': 'status', '#date': 'date', '#time': 'time' },
          ExpressionAttributeValues: {
            ':pending': 'Pending',
            ':confirmed': 'Confirmed',
            ':date': booking.date,
            ':time': booking.time,
          },
        },
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
    return 'skipped';
  }
  await Notify.deliver(prepared);
  return 'sent';
}

/**
 * Sends every reminder due at `now`, REMINDER_CONCURRENCY at once, page
 * after page, stopping before a page once `deadline` (epoch ms) has passed.
 */
export async function sendDue(
  now = new Date(),
  options: { deadline?: number; concurrency?: number; pageSize?: number } = {},
): Promise<SendReport> {
  const report: SendReport = { due: 0, sent: 0, dropped: 0, skipped: 0 };
  let cursor: string | null = null;
  do {
    if (pastDeadline(options.deadline)) break;
    const page = await dueEntry.query({
      index: 'byCollection',
      partition: DUE_PARTITION,
      sort: { lessThan: `${now.toISOString()}~` },
      limit: options.pageSize ?? REMINDER_PAGE,
      cursor,
    });
    report.due += page.items.length;
    const queue = [...page.items];
    const worker = async () => {
      // Past the deadline no further entry is taken: it stays due for the next run.
      for (let entry = queue.shift(); entry && !pastDeadline(options.deadline); entry = queue.shift()) {
        const outcome = await sendOne(entry, now).catch((error: unknown) => {
          console.error(
            JSON.stringify({
              level: 'error',
              job: 'cron',
              msg: 'reminder not sent; the next run tries again',
              bookingId: entry?.bookingId,
              error: String(error),
            }),
          );
          return 'skipped' as const;
        });
        report[outcome] += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? REMINDER_CONCURRENCY }, worker));
    cursor = page.cursor;
  } while (cursor);
  return report;
}
