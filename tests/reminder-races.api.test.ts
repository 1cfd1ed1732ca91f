import { config } from '@app/core/config';
import { Reminder } from '@app/core/reminder/index';
import { dueEntry } from '@app/core/booking/reminder-due';
import * as time from '@app/core/time';
import { describe, expect, it } from 'vitest';
import type { BookingReply } from '../functions/src/api/bookings';
import { handler as cron } from '../functions/src/lambda/cron';
import { readOutbox } from '../functions/src/local/outbox';
import { nextDate, postBooking, send } from './booking-factories';
import { createService, createUserWithCard, json } from './factories';

/**
 * Races of issue 21 (decision 074): scheduled runs that overlap send each
 * reminder once; one link used many times at once does its action once.
 */
const HOUR = 3_600_000;

/** `count` bookings (one customer each, on Mondays weeks apart). */
async function bookings(count: number) {
  const service = await createService({ availableDays: ['Monday'], availableTimes: ['09:00'] });
  const made: { email: string; id: string; start: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const customer = await createUserWithCard();
    const date = nextDate('Monday');
    const response = await postBooking(customer, service._id, date, '09:00');
    expect(response.status).toBe(201);
    const { booking } = await json<{ booking: BookingReply }>(response);
    made.push({ email: customer.email, id: booking._id, start: Date.parse(time.instantOf(date, '09:00')) });
  }
  return made;
}

const tokenFor = async (email: string) =>
  /\/b\/([A-Za-z0-9_-]{43})/.exec(
    (await readOutbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Reminder:'))?.text ?? '',
  )?.[1] ?? '';

describe('races: reminders', { timeout: 120_000 }, () => {
  it('four scheduled runs at once, with every reminder due: each booking is reminded exactly once', async () => {
    const made = await bookings(6);
    // Every entry due at the same moment, a day before the earliest start.
    const dueAt = new Date(Math.min(...made.map((b) => b.start)) - 24 * HOUR).toISOString();
    for (const b of made) {
      const entry = await dueEntry.get({ bookingId: b.id, kind: 'hours' }, { consistent: true });
      if (!entry) throw new Error(`no due entry for ${b.id}`);
      await dueEntry.put({ ...entry, dueAt });
    }
    const now = new Date(Date.parse(dueAt) + 60_000).toISOString();
    const runs = await Promise.all([
      cron({ now }),
      cron({ now }),
      Reminder.sendDue(new Date(now), { concurrency: 2 }),
      Reminder.sendDue(new Date(now), { concurrency: 16 }),
    ]);
    const sent = runs.reduce((sum, run) => sum + ('reminders' in run ? run.reminders.sent : run.done), 0);
    expect(sent).toBe(made.length);
    const mails = await readOutbox();
    for (const booking of made) {
      const theirs = mails.filter((m) => m.to.includes(booking.email) && m.subject.startsWith('Reminder:'));
      expect(theirs, booking.id).toHaveLength(1);
    }
  });

  it('one link used twelve times at once for "I\'ll be there", then for "Cancel": each happens once', async () => {
    const [booking] = await bookings(1);
    if (!booking) throw new Error('no booking');
    await cron({ now: new Date(booking.start - config().reminderHours * HOUR + 1000).toISOString() });
    const token = await tokenFor(booking.email);
    const attends = await Promise.all(
      Array.from({ length: 12 }, () => send('POST', `/api/booking-links/${token}/attend`)),
    );
    expect(attends.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(409)]);
    const cancels = await Promise.all(
      Array.from({ length: 12 }, () => send('POST', `/api/booking-links/${token}/cancel`, {}, {})),
    );
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.status === 409)).toHaveLength(11);
    const cancelledMails = (await readOutbox()).filter(
      (m) => m.to.includes(booking.email) && m.subject.startsWith('Booking cancelled'),
    );
    expect(cancelledMails).toHaveLength(1);
  });
});
