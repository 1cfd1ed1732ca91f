import { config } from '@app/core/config';
import { dueEntry } from '@app/core/booking/reminder-due';
import * as time from '@app/core/time';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingReply } from '../functions/src/api/bookings';
import { handler as cron } from '../functions/src/lambda/cron';
import { readOutbox } from '../functions/src/local/outbox';
import { nextDate, postBooking, send } from './booking-factories';
import { createService, createUserWithCard, json } from './factories';

/**
 * Reminders (issue 21, decision 074) through the API and the scheduled job:
 * each once, whatever the runs; with links that reach their booking only,
 * once per action, until the start; none for cancelled bookings; none
 * separate for a booking made inside the window (its confirmation carries
 * the links).
 */

const settings = { ...config() };
afterEach(() => {
  Object.assign(config(), {
    reminderHours: settings.reminderHours,
    reminderMorningAt: settings.reminderMorningAt,
    lateCancelHours: settings.lateCancelHours,
    lateCancelFeeCents: settings.lateCancelFeeCents,
  });
});

async function booked(at = '09:00') {
  const customer = await createUserWithCard();
  const service = await createService({ availableDays: ['Monday'], availableTimes: [at] });
  const date = nextDate('Monday');
  const response = await postBooking(customer, service._id, date, at);
  expect(response.status).toBe(201);
  const { booking } = await json<{ booking: BookingReply }>(response);
  const start = Date.parse(time.instantOf(date, at));
  return { customer, booking, start, date };
}

const HOUR = 3_600_000;
const remindersTo = async (email: string) =>
  (await readOutbox()).filter((m) => m.to.includes(email) && /^(Reminder|Today):/.test(m.subject));
const tokenIn = (text: string) => /\/b\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe('reminders', () => {
  it('go once per booking, even with two scheduled runs at once, carrying the booking, the calendar file and the links', async () => {
    const { customer, booking, start } = await booked();
    const entry = await dueEntry.get({ bookingId: booking._id, kind: 'hours' }, { consistent: true });
    expect(entry?.dueAt).toBe(new Date(start - config().reminderHours * HOUR).toISOString());

    // Not due yet: nothing.
    await cron({ now: new Date(start - config().reminderHours * HOUR - 60_000).toISOString() });
    expect(await remindersTo(customer.email)).toHaveLength(0);

    const now = new Date(start - config().reminderHours * HOUR + 60_000).toISOString();
    const runs = await Promise.all([cron({ now }), cron({ now }), cron({ now })]);
    expect(runs.reduce((sum, run) => sum + run.reminders.sent, 0)).toBe(1);
    await cron({ now });
    const mails = await remindersTo(customer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain(booking.serviceName);
    expect(mail?.text).toContain('Eastern Time');
    expect(mail?.text).toContain('2019 Honda Civic, Blue');
    expect(mail?.text).toContain('12 W Market St');
    expect(mail?.text).toContain('Directions: https://www.google.com/maps/dir/');
    const token = tokenIn(mail?.text ?? '');
    expect(mail?.text).toContain(`I'll be there: ${config().publicUrl}/b/${token}?action=attend`);
    expect(mail?.text).toContain(
      `Reschedule: ${config().publicUrl}/reschedule/${booking._id}?token=${token}`,
    );
    expect(mail?.text).toContain(`Cancel: ${config().publicUrl}/b/${token}?action=cancel`);
    const ics = mail?.attachments.find((a) => a.filename === 'appointment.ics')?.content ?? '';
    expect(ics).toContain(`UID:${booking._id}@mobileautocare.example`);
    expect(ics).toContain('SEQUENCE:0');
    // Sent: the entry is gone.
    expect(
      await dueEntry.get({ bookingId: booking._id, kind: 'hours' }, { consistent: true }),
    ).toBeUndefined();
  });

  it('adds the morning reminder when it is set', async () => {
    config().reminderMorningAt = '07:00';
    const { customer, booking, date } = await booked('10:00');
    const morning = Date.parse(time.instantOf(date, '07:00'));
    const entry = await dueEntry.get({ bookingId: booking._id, kind: 'morning' }, { consistent: true });
    expect(entry?.dueAt).toBe(new Date(morning).toISOString());
    await cron({ now: new Date(morning + 1000).toISOString() });
    const mails = await remindersTo(customer.email);
    // The hours reminder was due earlier: both go, the morning one says "Today".
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Reminder', 'Today']);
  });

  it('are not sent for a cancelled booking', async () => {
    const { customer, booking, start } = await booked();
    const cancelled = await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers, {});
    expect(cancelled.status).toBe(200);
    expect(
      await dueEntry.get({ bookingId: booking._id, kind: 'hours' }, { consistent: true }),
    ).toBeUndefined();
    await cron({ now: new Date(start - HOUR).toISOString() });
    expect(await remindersTo(customer.email)).toHaveLength(0);
  });

  it('are not sent separately for a booking made inside the window: its confirmation carries the links', async () => {
    // A window of 90 days: a booking some weeks ahead is made inside it.
    config().reminderHours = 90 * 24;
    const { customer, booking, start } = await booked();
    expect(
      await dueEntry.get({ bookingId: booking._id, kind: 'hours' }, { consistent: true }),
    ).toBeUndefined();
    const received = (await readOutbox()).find(
      (m) => m.to.includes(customer.email) && m.subject.startsWith('Booking received'),
    );
    const token = tokenIn(received?.text ?? '');
    expect(received?.text).toContain(`I'll be there: ${config().publicUrl}/b/${token}?action=attend`);
    const view = await send('GET', `/api/booking-links/${token}`);
    expect(view.status).toBe(200);
    expect(await json(view)).toMatchObject({ booking: { _id: booking._id }, actions: { attend: true } });
    await cron({ now: new Date(start - HOUR).toISOString() });
    expect(await remindersTo(customer.email)).toHaveLength(0);
  });
});

describe('the booking links of a reminder', () => {
  async function reminded() {
    const made = await booked();
    await cron({ now: new Date(made.start - config().reminderHours * HOUR + 1000).toISOString() });
    const [mail] = await remindersTo(made.customer.email);
    return { ...made, token: tokenIn(mail?.text ?? '') };
  }

  it('show the booking without signing in, record "I\'ll be there" once, and the desk sees it', async () => {
    const { booking, token, customer } = await reminded();
    const view = await send('GET', `/api/booking-links/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(await json(view)).toMatchObject({
      booking: { _id: booking._id, status: 'Pending', vehicle: '2019 Honda Civic, Blue' },
      actions: { attend: true, reschedule: true, cancel: true },
      reschedulePath: `/reschedule/${booking._id}?token=${token}`,
    });
    const attended = await send('POST', `/api/booking-links/${token}/attend`);
    expect(attended.status).toBe(200);
    const after = await json<{ booking: { attendanceConfirmedAt: string | null }; actions: object }>(
      attended,
    );
    expect(after.booking.attendanceConfirmedAt).toEqual(expect.any(String));
    expect(after.actions).toMatchObject({ attend: false, cancel: true });
    const again = await send('POST', `/api/booking-links/${token}/attend`);
    expect(again.status).toBe(409);
    expect((await json<{ msg: string }>(again)).msg).toMatch(/already been used/);
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine.find((b) => b._id === booking._id)?.attendanceConfirmedAt).toBe(
      after.booking.attendanceConfirmedAt,
    );
  });

  it('cancel with a confirmation step for the late-cancel fee, reaching only their own booking', async () => {
    const first = await reminded();
    const other = await reminded();
    config().lateCancelHours = 24 * 365;
    config().lateCancelFeeCents = 2500;
    const refused = await send('POST', `/api/booking-links/${first.token}/cancel`, {}, {});
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ lateCancelFee: 25, msg: expect.stringContaining('$25.00') });
    const cancelled = await send(
      'POST',
      `/api/booking-links/${first.token}/cancel`,
      {},
      { acceptLateFee: true },
    );
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({
      booking: { _id: first.booking._id, status: 'Cancelled' },
      actions: { attend: false, reschedule: false, cancel: false },
    });
    const used = await send('POST', `/api/booking-links/${first.token}/cancel`, {}, { acceptLateFee: true });
    expect(used.status).toBe(409);
    // The other booking is untouched.
    const theirs = await json<BookingReply[]>(await send('GET', '/api/bookings', other.customer.headers));
    expect(theirs.find((b) => b._id === other.booking._id)?.status).toBe('Pending');
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', first.customer.headers));
    expect(mine.find((b) => b._id === first.booking._id)?.cancellationFee).toMatchObject({ amount: 25 });
    // A cancelled booking's link can no longer attend.
    const attend = await send('POST', `/api/booking-links/${first.token}/attend`);
    expect(attend.status).toBe(409);
  });

  it('refuse unknown, malformed and expired links with a clear message, changing nothing', async () => {
    const unknown = await send('GET', `/api/booking-links/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await json<{ msg: string }>(unknown)).msg).toMatch(/not valid/);
    const malformed = await send('POST', '/api/booking-links/abc/cancel', {}, {});
    expect(malformed.status).toBe(404);
    const long = await send('GET', `/api/booking-links/${'x'.repeat(300)}`);
    expect(long.status).toBe(400);

    // A link whose booking has started: expired (its start passed).
    const { BookingLink } = await import('@app/core/booking/link');
    const { booking } = await booked();
    const stored = await import('@app/core/booking/store');
    const record = await stored.entity.get({ id: booking._id }, { consistent: true });
    if (!record) throw new Error('missing booking');
    // Issued for a start an hour ago (as if the booking had begun): expired at once.
    const past = { id: booking._id, date: time.today(new Date(Date.now() - HOUR)), time: '00:00' };
    const { token } = await BookingLink.issue(
      { ...past, time: time.localOf(Date.now() - HOUR).time },
      { now: new Date(Date.now() - 2 * HOUR) },
    );
    const expired = await send('POST', `/api/booking-links/${token}/attend`);
    expect(expired.status).toBe(400);
    expect((await json<{ msg: string }>(expired)).msg).toMatch(/expired/);
    const after = await stored.entity.get({ id: booking._id }, { consistent: true });
    expect(after?.attendanceConfirmedAt).toBeUndefined();
  });
});
