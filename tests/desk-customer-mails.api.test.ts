import { asSystem } from '@app/core/actor';
import { Reminder } from '@app/core/reminder/index';
import * as time from '@app/core/time';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../functions/src/local/outbox';
import { nextDate, send } from './booking-factories';
import { customBookingBody } from './desk-bookings';
import { createUser, json } from './factories';

/**
 * A customer made at the desk (issue 30, decision 100): one mail per event. The desk makes the
 * account with `invite: false` and assigns the booking: one mail, "Please confirm", which also
 * carries the invitation. Confirmed at the desk inside the reminder window: one mail, "Booking
 * confirmed", with the reminder's buttons, and no reminder right after it.
 */
const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));
type Admin = { headers: Record<string, string> };

async function deskCustomer(admin: Admin, date: string, at: string, invite?: boolean) {
  const made = await send('POST', '/api/bookings/admin-create', admin.headers, customBookingBody(date, at));
  expect(made.status).toBe(201);
  const booking = await json<{ _id: string }>(made);
  const email = `desk-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await send('POST', '/api/admin/create-customer', admin.headers, {
    firstName: 'Pat',
    lastName: 'Phoner',
    email,
    ...(invite === undefined ? {} : { invite }),
  });
  expect(created.status).toBe(201);
  const { user } = await json<{ user: { _id: string; email: string } }>(created);
  const assigned = await send('PATCH', `/api/bookings/${booking._id}/assign-customer`, admin.headers, {
    customerId: user._id,
    customerEmail: user.email,
  });
  expect(assigned.status).toBe(200);
  return { bookingId: booking._id, email };
}

/** Runs the reminders' scheduled job as the cron does. */
const runReminders = () => asSystem('cron', () => Reminder.sendDue(new Date()));

describe('a customer made at the desk', () => {
  it('gets one mail for the booking made for them: the confirmation link and the invitation together', async () => {
    const admin = await createUser({ role: 'admin' });
    const { email } = await deskCustomer(admin, nextDate(), '10:00', false);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Please confirm your booking: /)]);
    expect(mails[0]?.text).toContain('/verify-custom-booking/');
    expect(mails[0]?.text).toMatch(
      /choose a password.*\n\nChoose my password: http:\/\/\S+\/reset-password\/\S+/s,
    );
  });

  it('the invitation in that mail sets the first password and signs in', async () => {
    const admin = await createUser({ role: 'admin' });
    const { email } = await deskCustomer(admin, nextDate(), '11:00', false);
    const text = (await mailsTo(email))[0]?.text ?? '';
    const token = /\/reset-password\/([\w-]+)/.exec(text)?.[1] ?? '';
    const reset = await send('POST', '/api/users/reset-password', {}, { token, password: 'Desk-made 2026!' });
    expect(reset.status).toBe(200);
    const login = await send('POST', '/api/users/login', {}, { email, password: 'Desk-made 2026!' });
    expect(login.status).toBe(200);
  });

  it('the spec’s client (no invite field) still gets the invitation mail of its own', async () => {
    const admin = await createUser({ role: 'admin' });
    const { email } = await deskCustomer(admin, nextDate(), '12:00');
    const subjects = (await mailsTo(email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      expect.stringMatching(/^Please confirm your booking: /),
      expect.stringMatching(/account is ready$/),
    ]);
  });

  it('confirmed at the desk inside the reminder window: one "Booking confirmed" with the buttons, no reminder after it', async () => {
    const admin = await createUser({ role: 'admin' });
    // The first desk time (09:00 to 17:30) one to 23 hours away: inside the 24-hour reminder window.
    const [date, at] =
      [0, 1]
        .flatMap((days) =>
          Array.from({ length: 18 }, (_, i) => {
            const clock = `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
            return [time.addDays(time.today(), days), clock] as const;
          }),
        )
        .find(([d, t]) => {
          const ahead = Date.parse(time.instantOf(d, t)) - Date.now();
          return ahead > 3_600_000 && ahead < 23 * 3_600_000;
        }) ?? [];
    if (!date || !at) throw new Error('no desk time inside the window');
    const { bookingId, email } = await deskCustomer(admin, date, at, false);
    const confirmed = await send('PATCH', `/api/bookings/${bookingId}/status`, admin.headers, {
      status: 'Confirmed',
    });
    expect(confirmed.status).toBe(200);
    await runReminders();
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringMatching(/^Please confirm your booking: /),
      expect.stringMatching(/^Booking confirmed: /),
    ]);
    const confirmedMail = (await mailsTo(email)).find((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmedMail?.text).toContain('Please let us know whether you will be there');
    expect(confirmedMail?.text).toContain("I'll be there: ");
  });
});
