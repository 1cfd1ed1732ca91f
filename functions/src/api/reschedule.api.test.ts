import { bookingReference } from '@app/core/booking/reference';
import { asSystem } from '@app/core/actor';
import { BookingLink } from '@app/core/booking/link';
import { Crew } from '@app/core/crew/crew';
import { rescheduleMessages } from '@app/core/reschedule/reschedule';
import { bookingMessages } from '@app/core/booking/rules';
import { findBooking } from '@app/core/booking/store';
import { business } from '@app/core/business';
import { config } from '@app/core/config';
import { dueEntry } from '@app/core/booking/reminder-due';
import { Service } from '@app/core/service/index';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { type OutboxMail, readOutbox } from '../local/outbox';
import type { BookingReply } from './bookings';
import type { RescheduleReply } from './reschedule';

type Availability = { times: string[]; system: string; message: string };

const notice = config().rescheduleNoticeHours;
afterEach(() => {
  config().rescheduleNoticeHours = notice;
});

const openService = () => createService({ availableDays: [], availableTimes: ['09:00', '13:00'] });

/** A booking of `customer` at `date` `at`. */
async function book(
  customer: { headers: Record<string, string> },
  serviceId: string,
  date: string,
  at: string,
) {
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status).toBe(201);
  return (await json<{ booking: BookingReply }>(response)).booking;
}

const move = (headers: Record<string, string>, id: string, body: unknown) =>
  send('POST', `/api/bookings/${id}/reschedule`, headers, body);

const availability = async (serviceId: string, date: string) =>
  json<Availability>(await send('GET', `/api/services/${serviceId}/availability?date=${date}`));

/** The calendar file of a mail: its UID and SEQUENCE. */
function calendar(mail: OutboxMail | undefined) {
  const ics = mail?.attachments.find((a) => a.filename === 'appointment.ics')?.content ?? '';
  return {
    uid: /^UID:(.*)$/m.exec(ics)?.[1]?.trim(),
    sequence: Number(/^SEQUENCE:(\d+)/m.exec(ics)?.[1]),
    start: /^DTSTART;TZID=America\/New_York:(\S+)/m.exec(ics)?.[1],
  };
}

/** The jobs on every technician's day of `date`. */
async function jobsOn(date: string): Promise<string[]> {
  const days = await Crew.days(date);
  return [...days.values()].flatMap((day) => Object.keys(day.jobs));
}

/** The reschedule page's calls by a reminder link: GET without a body, POST with one. */
const byLink = (token: string, suffix = '', body?: unknown) =>
  send(body === undefined ? 'GET' : 'POST', `/api/booking-links/${token}/reschedule${suffix}`, {}, body);

/**
 * Moving to `from` 13:00 by the link `token` is refused with 409 for `reason`, and the booking
 * stays on `to`.
 */
async function refusedByLink(
  token: string,
  from: string,
  reason: 'used' | 'replaced',
  bookingId: string,
  to: string,
) {
  const refused = await byLink(token, '', { date: from, time: '13:00' });
  expect([refused.status, await json(refused)]).toEqual([409, { msg: BookingLink.messages[reason], reason }]);
  expect((await findBooking(bookingId)).date).toBe(to);
}

/** A customer's booking at 09:00 on `from`, its booking link, and `to`, another open day. */
async function bookedWithLink() {
  const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
  const [from, to] = [nextDate(), nextDate()];
  const booking = await book(customer, service._id, from, '09:00');
  const { token } = await BookingLink.issue({ id: booking._id, date: from, time: '09:00' });
  return { customer, service, from, to, booking, token };
}

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves the booking in one go: the new time taken, the old one free, both sides mailed, same UID and SEQUENCE + 1', async () => {
    const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
    const [from, to] = [nextDate(), nextDate()];
    const booking = await book(customer, service._id, from, '09:00');

    const page = await json<RescheduleReply>(
      await send('GET', `/api/bookings/${booking._id}/reschedule`, customer.headers),
    );
    expect(page.window).toMatchObject({ allowed: true, reason: null, msg: '', noticeHours: notice });
    expect(page.booking._id).toBe(booking._id);
    expect(page.availableDays).toEqual([]);
    const offered = await json<Availability>(
      await send('GET', `/api/bookings/${booking._id}/reschedule/times?date=${to}`, customer.headers),
    );
    expect(offered.times).toEqual(['09:00', '13:00']);

    const response = await move(customer.headers, booking._id, { date: to, time: '13:00' });
    expect(response.status).toBe(200);
    const moved = await json<{ msg: string; booking: BookingReply }>(response);
    expect(moved.msg).toBe(rescheduleMessages.moved);
    expect(moved.booking).toMatchObject({ _id: booking._id, date: to, time: '13:00', status: 'Pending' });

    // The old time is offered again, the new one is not; the days hold the job once, on its new date.
    expect((await availability(service._id, from)).times).toContain('09:00');
    expect((await availability(service._id, to)).times).toEqual(['09:00']);
    expect(await jobsOn(from)).not.toContain(booking._id);
    expect(await jobsOn(to)).toEqual([booking._id]);
    const stored = await findBooking(booking._id);
    expect(stored.icsSequence).toBe(1);
    // Its reminder moved with it (decision 074's due index, rewritten in the move's transaction).
    const due = await dueEntry.get({ bookingId: booking._id, kind: 'hours' }, { consistent: true });
    expect(due?.startAt).toBe(time.instantOf(to, '13:00'));
    expect(due?.dueAt).toBe(
      new Date(Date.parse(time.instantOf(to, '13:00')) - config().reminderHours * 3_600_000).toISOString(),
    );
    expect(stored.claim?.start).toBe(new Date(time.instantOf(to, '13:00')).toISOString());

    const mails = await readOutbox();
    const received = mails.find(
      (m) => m.to.includes(customer.email) && m.subject.startsWith('Booking received'),
    );
    const movedMail = mails.find(
      (m) => m.to.includes(customer.email) && m.subject.startsWith('Booking moved'),
    );
    expect(movedMail?.text).toContain(`Booking reference: ${bookingReference(booking._id)}`);
    expect(calendar(movedMail).uid).toBe(calendar(received).uid);
    expect(calendar(movedMail).sequence).toBe(calendar(received).sequence + 1);
    expect(calendar(movedMail).start).toBe(`${to.replaceAll('-', '')}T130000`);
    // This booking's own shop mail (the outbox holds the other tests' mails too).
    const shop = mails.find(
      (m) =>
        m.to.includes(config().businessEmail) &&
        m.subject.startsWith('Booking moved by the customer') &&
        m.text.includes(bookingReference(booking._id)),
    );
    expect(shop?.text).toContain(`New date and time:`);
  });

  it('a confirmed booking moves within its day on the slot system; the later file outranks the confirmation', async () => {
    const date = nextDate();
    const service = await createService({ availableDays: [], availableTimes: ['09:00', '11:00'] });
    await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
    const [customer, admin] = await Promise.all([createUserWithCard(), createUser({ role: 'admin' })]);
    const booking = await book(customer, service._id, date, '09:00');
    const confirm = await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
      status: 'Confirmed',
    });
    expect(confirm.status).toBe(200);

    expect((await move(customer.headers, booking._id, { date, time: '11:00' })).status).toBe(200);
    const slots = await TimeSlot.onDate(service._id, date);
    expect(slots.map((s) => [s.time, s.isBooked])).toEqual([
      ['09:00', false],
      ['11:00', true],
    ]);
    expect(await jobsOn(date)).toEqual([booking._id]);
    const stored = await findBooking(booking._id);
    expect([stored.status, stored.time]).toEqual(['Confirmed', '11:00']);

    const mails = (await readOutbox()).filter((m) => m.to.includes(customer.email));
    const confirmed = mails.find(
      (m) => m.subject.startsWith('Booking confirmed') && m.text.includes(bookingReference(booking._id)),
    );
    const movedMail = mails.find(
      (m) => m.subject.startsWith('Booking moved') && m.text.includes(bookingReference(booking._id)),
    );
    expect(calendar(movedMail).sequence).toBe(calendar(confirmed).sequence + 1);
  });

  it('within the notice hours: 409 with the number to call, nothing moved; the shop itself may still move it', async () => {
    const [customer, admin, service] = await Promise.all([
      createUserWithCard(),
      createUser({ role: 'admin' }),
      openService(),
    ]);
    const [from, to] = [nextDate(), nextDate()];
    const booking = await book(customer, service._id, from, '09:00');
    config().rescheduleNoticeHours = 24 * 60;

    const page = await json<RescheduleReply>(
      await send('GET', `/api/bookings/${booking._id}/reschedule`, customer.headers),
    );
    expect(page.window).toMatchObject({ allowed: false, reason: 'notice', phone: business.phone });
    expect(page.window.msg).toContain(business.phone);
    const none = await json<Availability>(
      await send('GET', `/api/bookings/${booking._id}/reschedule/times?date=${to}`, customer.headers),
    );
    expect(none.times).toEqual([]);

    const late = await move(customer.headers, booking._id, { date: to, time: '13:00' });
    expect([late.status, await json(late)]).toEqual([
      409,
      { msg: rescheduleMessages.tooLate(24 * 60), phone: business.phone },
    ]);
    expect((await findBooking(booking._id)).date).toBe(from);

    const byShop = await move(admin.headers, booking._id, { date: to, time: '13:00' });
    expect(byShop.status).toBe(200);
    expect((await findBooking(booking._id)).date).toBe(to);
  });

  it('a taken time: 409 { msg }, the old booking kept with its time held', async () => {
    const [customer, other, third, service] = await Promise.all([
      createUserWithCard(),
      createUserWithCard(),
      createUserWithCard(),
      openService(),
    ]);
    const [from, to] = [nextDate(), nextDate()];
    const mine = await book(customer, service._id, from, '09:00');
    await book(other, service._id, to, '13:00');
    const before = await findBooking(mine._id);

    const taken = await move(customer.headers, mine._id, { date: to, time: '13:00' });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toEqual({ msg: bookingMessages.timeUnavailable });
    expect(await findBooking(mine._id)).toEqual(before);
    expect(await jobsOn(from)).toEqual([mine._id]);
    // Its time is still its own.
    expect((await postBooking(third, service._id, from, '09:00')).status).toBe(409);
  });

  it('only the owner or the admin; only Pending and Confirmed; bad input is 400; nothing written', async () => {
    const [customer, other, admin, service] = await Promise.all([
      createUserWithCard(),
      createUserWithCard(),
      createUser({ role: 'admin' }),
      openService(),
    ]);
    const [from, to] = [nextDate(), nextDate()];
    const booking = await book(customer, service._id, from, '09:00');
    const body = { date: to, time: '13:00' };

    expect((await move({}, booking._id, body)).status).toBe(401);
    const theirs = await move(other.headers, booking._id, body);
    expect([theirs.status, await json(theirs)]).toEqual([404, { msg: bookingMessages.notFound }]);
    expect((await send('GET', `/api/bookings/${booking._id}/reschedule`, other.headers)).status).toBe(404);

    for (const [bad, msg] of [
      [{ date: 'tomorrow', time: '13:00' }, 'Date must be a real date written yyyy-MM-dd.'],
      [{ date: to, time: '1pm' }, 'Time must look like 09:30 (24-hour).'],
      [{ date: from, time: '09:00' }, rescheduleMessages.sameTime],
      [{ date: '2020-01-06', time: '09:00' }, bookingMessages.pastDate],
    ] as const) {
      const response = await move(customer.headers, booking._id, bad);
      expect([response.status, await json(response)]).toEqual([400, { msg }]);
    }
    const unoffered = await move(customer.headers, booking._id, { date: to, time: '10:00' });
    expect([unoffered.status, await json(unoffered)]).toEqual([
      409,
      { msg: bookingMessages.timeUnavailable },
    ]);
    expect((await findBooking(booking._id)).date).toBe(from);

    // Completed and Cancelled stay where they are.
    const done = await book(customer, service._id, nextDate(), '13:00');
    await send('PATCH', `/api/bookings/${done._id}/status`, admin.headers, {
      status: 'Completed',
      ...AHEAD_OF_ITS_DAY,
    });
    await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers);
    for (const id of [done._id, booking._id]) {
      const refused = await move(customer.headers, id, { date: nextDate(), time: '09:00' });
      expect(refused.status).toBe(409);
      expect((await json<{ msg: string }>(refused)).msg).toBe(rescheduleMessages.notReschedulable);
    }
  });
});

describe('cancel notices go through Notify', () => {
  it("the customer's cancel mail is still sent, with its calendar file", async () => {
    const [customer, service] = await Promise.all([createUserWithCard(), openService()]);
    const booking = await book(customer, service._id, nextDate(), '09:00');
    expect((await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers)).status).toBe(200);
    const mail = (await readOutbox()).find(
      (m) =>
        m.to.includes(customer.email) &&
        m.subject.startsWith('Booking cancelled') &&
        m.text.includes(bookingReference(booking._id)),
    );
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['appointment.ics']);
  });
});

describe('rescheduling by a reminder link (no sign-in)', () => {
  it('shows the booking, offers its times, moves it once; the link is then used', async () => {
    const { from, to, booking, token } = await bookedWithLink();

    const page = await json<RescheduleReply>(await byLink(token));
    expect(page.booking).toMatchObject({ _id: booking._id, date: from, time: '09:00', status: 'Pending' });
    expect(page.booking).not.toHaveProperty('user');
    expect(page.window.allowed).toBe(true);
    expect((await json<Availability>(await byLink(token, `/times?date=${to}`))).times).toEqual([
      '09:00',
      '13:00',
    ]);

    const moved = await byLink(token, '', { date: to, time: '13:00' });
    expect(moved.status).toBe(200);
    expect((await json<{ booking: RescheduleReply['booking'] }>(moved)).booking).toMatchObject({
      date: to,
      time: '13:00',
    });
    expect(await jobsOn(to)).toEqual([booking._id]);
    await refusedByLink(token, from, 'used', booking._id, to);
  });

  it('an unknown link is 404, a link of a booking moved since is refused, an expired one is 400', async () => {
    const { customer, from, to, booking, token } = await bookedWithLink();

    const unknown = await byLink('x'.repeat(43));
    expect([unknown.status, await json(unknown)]).toEqual([404, { msg: BookingLink.messages.invalid }]);

    // Expired at the start: the clock moved past it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(time.instantOf(from, '09:00')) + 1000);
      const expired = await byLink(token, '', { date: to, time: '13:00' });
      expect([expired.status, await json(expired)]).toEqual([
        400,
        { msg: BookingLink.messages.expired, reason: 'expired' },
      ]);
    } finally {
      vi.useRealTimers();
    }

    // Moved from Service History: the old link no longer moves it.
    expect((await move(customer.headers, booking._id, { date: to, time: '13:00' })).status).toBe(200);
    await refusedByLink(token, from, 'replaced', booking._id, to);
  });

  it('within the notice hours the link answers 409 with the number to call, and stays unused', async () => {
    const { to, token } = await bookedWithLink();
    config().rescheduleNoticeHours = 24 * 60;
    const late = await byLink(token, '', { date: to, time: '13:00' });
    expect([late.status, await json(late)]).toEqual([
      409,
      { msg: rescheduleMessages.tooLate(24 * 60), phone: business.phone },
    ]);
    expect((await BookingLink.inspect(token, 'reschedule')).ok).toBe(true);
  });
});
