import { asSystem } from '@app/core/actor';
import { Booking } from '@app/core/booking/index';
import { bookingMessages } from '@app/core/booking/rules';
import { config } from '@app/core/config';
import { Service } from '@app/core/service/index';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { Technician } from '@app/core/technician/index';
import { describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, bookingBody, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json, withCrew } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { BookingReply } from './bookings';

type Availability = { times: string[]; system: string; message: string };

const availability = async (serviceId: string, date: string, query = '') =>
  json<Availability>(await send('GET', `/api/services/${serviceId}/availability?date=${date}${query}`));

/** A service with slots on `date` at `times` (the slot system). */
async function serviceWithSlots(times: string[], date: string, duration: number | string = 60) {
  const service = await createService({ duration, availableDays: [], availableTimes: times });
  const info = await Service.fromId(service._id);
  await asSystem('test', () => TimeSlot.ensureWindow(info, date, 1));
  return service;
}

describe('GET /api/services/:id/availability', () => {
  it('legacy: a service without slots offers its availableTimes on its availableDays', async () => {
    const service = await createService({ availableDays: ['Monday'], availableTimes: ['13:00', '09:00'] });
    const monday = nextDate('Monday');
    expect(await availability(service._id, monday)).toEqual({
      times: ['09:00', '13:00'],
      system: 'legacy',
      message: '',
    });
    const tuesday = nextDate('Tuesday');
    const closed = await availability(service._id, tuesday);
    expect(closed.times).toEqual([]);
    expect(closed.system).toBe('legacy');
    expect(closed.message).toMatch(/No times are available/);
  });

  it('timeslot: the open, unbooked slots of that date', async () => {
    const date = nextDate('Wednesday');
    const service = await serviceWithSlots(['10:00', '08:00'], date);
    expect(await availability(service._id, date)).toEqual({
      times: ['08:00', '10:00'],
      system: 'timeslot',
      message: '',
    });
    // Another date of a slot service has no slots: nothing, still the slot system.
    const other = await availability(service._id, time.addDays(date, 1));
    expect(other).toMatchObject({ times: [], system: 'timeslot' });
  });

  it('a past date is an empty list with a message; a malformed date 400; an unknown service 404', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['09:00'] });
    const past = await availability(service._id, time.addDays(time.today(), -1));
    expect(past.times).toEqual([]);
    expect(past.message).toBe(bookingMessages.pastDate);
    for (const bad of ['2026-13-01', '2026-02-30', 'tomorrow', '']) {
      const response = await send('GET', `/api/services/${service._id}/availability?date=${bad}`);
      expect(response.status, bad).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBeTruthy();
    }
    const missing = await send(
      'GET',
      `/api/services/svc_01JSEED0000000000000000099/availability?date=${nextDate('Monday')}`,
    );
    expect(missing.status).toBe(404);
  });

  it('never offers a time already past in the business zone', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['08:00', '12:00', '18:00'] });
    const date = nextDate('Friday');
    // At 12:30 in West Chester on that day, only 18:00 is still ahead.
    const now = Date.parse(time.instantOf(date, '12:30'));
    const reply = await Booking.availability(service._id, date, now);
    expect(reply.times).toEqual(['18:00']);
  });
});

describe('POST /api/bookings', () => {
  it('401 without a session; 403 without a card on file, with a msg that says a card is needed', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['09:00'] });
    const body = bookingBody(service._id, nextDate('Monday'), '09:00');
    expect((await send('POST', '/api/bookings', {}, body)).status).toBe(401);
    const noCard = await createUser();
    const refused = await send('POST', '/api/bookings', noCard.headers, body);
    expect(refused.status).toBe(403);
    expect((await json<{ msg: string }>(refused)).msg).toMatch(/card/i);
  });

  it('201 with the Pending booking; the customer and the shop are mailed; the time is gone', async () => {
    const customer = await createUserWithCard({ firstName: 'Robin' });
    const date = nextDate('Thursday');
    const service = await serviceWithSlots(['09:00', '14:00'], date, '90 min');
    const response = await postBooking(customer, service._id, date, '09:00');
    expect(response.status).toBe(201);
    const { msg, booking } = await json<{ msg: string; booking: BookingReply }>(response);
    expect(msg).toBe(bookingMessages.created);
    expect(booking).toMatchObject({
      status: 'Pending',
      service: { _id: service._id, name: service.name, price: service.price },
      serviceName: service.name,
      servicePrice: service.price,
      isCustomService: false,
      user: { _id: customer._id, email: customer.email, firstName: 'Robin' },
      date,
      time: '09:00',
      duration: 90,
      vehicleMake: 'Honda',
      vehicleYear: 2019,
      serviceStatus: '',
      payment: null,
      reviewed: false,
    });
    expect((await availability(service._id, date)).times).toEqual(['14:00']);
    const mails = await readOutbox();
    expect(mails.some((m) => m.to.includes(customer.email))).toBe(true);
    expect(mails.some((m) => m.to.includes(config().businessEmail) && m.subject.includes(service.name))).toBe(
      true,
    );
  });

  it('checks every rule on the server and writes nothing on bad input', async () => {
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['09:00'] });
    const date = nextDate('Monday');
    const nextYear = Number(time.today().slice(0, 4)) + 1;
    const cases: [string, Record<string, unknown>][] = [
      ['year 1899', { vehicleYear: 1899 }],
      ['year after next', { vehicleYear: nextYear + 1 }],
      ['year as words', { vehicleYear: 'twenty' }],
      ['no make', { vehicleMake: '  ' }],
      ['no color', { vehicleColor: '' }],
      ['no first name', { clientFirstName: '' }],
      ['a huge model', { vehicleModel: 'x'.repeat(200) }],
      ['huge notes', { notes: 'x'.repeat(5000) }],
      ['a line break in a name', { clientLastName: 'Driver\r\nBcc: x@example.com' }],
      ['a bad date', { date: '2026-02-30' }],
      ['a bad time', { time: '9am' }],
      ['a bad service id', { serviceId: 'svc_nope' }],
    ];
    for (const [label, change] of cases) {
      const response = await postBooking(customer, service._id, date, '09:00', change);
      expect(response.status, label).toBe(400);
      expect((await json<{ msg: string }>(response)).msg, label).toBeTruthy();
    }
    const past = await send(
      'POST',
      '/api/bookings',
      customer.headers,
      bookingBody(service._id, time.addDays(time.today(), -3), '09:00'),
    );
    expect(past.status).toBe(400);
    const notOffered = await postBooking(customer, service._id, date, '09:15');
    expect(notOffered.status).toBe(409);
    // Next year's model is fine.
    const ok = await postBooking(customer, service._id, date, '09:00', { vehicleYear: nextYear });
    expect(ok.status).toBe(201);
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history).toHaveLength(1);
  });

  it('a taken time gives 409 and writes nothing', async () => {
    const [first, second] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const service = await createService({ availableDays: [], availableTimes: ['11:00'] });
    const date = nextDate('Tuesday');
    expect((await postBooking(first, service._id, date, '11:00')).status).toBe(201);
    const again = await postBooking(second, service._id, date, '11:00');
    expect(again.status).toBe(409);
    expect(await json<BookingReply[]>(await send('GET', '/api/bookings', second.headers))).toEqual([]);
  });
});

describe('no technician is ever booked twice', () => {
  it('one crew: a booking of another service that overlaps the job and its drive is refused; after it, fine', async () => {
    expect((await Technician.list()).filter((t) => t.active).map((t) => t.number)).toEqual([1]);
    expect(config().travelBufferMinutes).toBe(30);
    const date = nextDate('Saturday');
    const times = ['09:00', '09:30', '10:15', '10:30'];
    const wash = await createService({ duration: 60, availableDays: [], availableTimes: times });
    const oil = await createService({ duration: '45 min', availableDays: [], availableTimes: times });
    const [a, b] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    expect((await postBooking(a, wash._id, date, '09:00')).status).toBe(201);
    // The wash keeps the technician 09:00-10:30 (60 minutes and the 30-minute buffer) at the customers'
    // default address (the factory's, at the base): from there 10:30 is offered; from 19382 (10 minutes
    // away) it is not (decision 066).
    expect((await availability(oil._id, date)).times).toEqual(['10:30']);
    expect((await availability(oil._id, date, '&zipCode=19382')).times).toEqual([]);
    const overlap = await postBooking(b, oil._id, date, '10:15');
    expect(overlap.status).toBe(409);
    expect((await postBooking(b, oil._id, date, '10:30')).status).toBe(201);
    // An oil change at 10:30 keeps 10:30-11:45; a job before it that would run into it is refused too.
    expect((await availability(wash._id, date)).times).toEqual([]);
  });

  it('two technicians: two overlapping jobs fit, a third does not', async () => {
    await withCrew(2, async () => {
      const date = nextDate('Sunday');
      const services = await Promise.all(
        [1, 2, 3].map(() =>
          createService({ duration: 120, availableDays: [], availableTimes: ['08:00', '09:00'] }),
        ),
      );
      const customers = await Promise.all([1, 2, 3].map(() => createUserWithCard()));
      const statuses = [];
      for (const [i, service] of services.entries()) {
        const customer = customers[i];
        if (!customer) throw new Error('missing customer');
        statuses.push((await postBooking(customer, service._id, date, i === 0 ? '08:00' : '09:00')).status);
      }
      expect(statuses).toEqual([201, 201, 409]);
    });
  });
});

describe('the customer’s bookings', () => {
  async function booked(headers: Record<string, string>, serviceId: string, date: string, at: string) {
    const response = await send('POST', '/api/bookings', headers, bookingBody(serviceId, date, at));
    expect(response.status).toBe(201);
    return (await json<{ booking: BookingReply }>(response)).booking;
  }

  it('GET /api/bookings returns only the caller’s, upcoming soonest first', async () => {
    const [me, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const service = await createService({ availableDays: [], availableTimes: ['08:00', '15:00'] });
    const early = nextDate('Monday');
    const late = nextDate('Monday');
    await booked(me.headers, service._id, early, '15:00');
    await booked(me.headers, service._id, late, '08:00');
    await booked(other.headers, service._id, early, '08:00');
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', me.headers));
    // Issue 30 (decision 095): upcoming visits first, soonest first (was newest date first).
    expect(mine.map((b) => `${b.date} ${b.time}`)).toEqual([`${early} 15:00`, `${late} 08:00`]);
    expect((await send('GET', '/api/bookings')).status).toBe(401);
  });

  it('edit: only the owner, only while Pending, only the vehicle and notes', async () => {
    const [me, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const admin = await createUser({ role: 'admin' });
    const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
    const booking = await booked(me.headers, service._id, nextDate('Tuesday'), '10:00');
    const change = {
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: 2021,
      vehicleColor: 'Red',
      notes: '',
    };
    const path = `/api/bookings/${booking._id}`;
    const theirs = await send('PUT', path, other.headers, change);
    expect([403, 404]).toContain(theirs.status);
    expect(JSON.stringify(await json(theirs))).not.toContain('Honda');
    expect((await send('PUT', path, me.headers, { ...change, vehicleYear: 1800 })).status).toBe(400);
    const edited = await send('PUT', path, me.headers, {
      ...change,
      date: '2030-01-01',
      status: 'Completed',
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ ...change, date: booking.date, status: 'Pending' });
    expect((await send('PATCH', `${path}/status`, admin.headers, { status: 'Confirmed' })).status).toBe(200);
    expect((await send('PUT', path, me.headers, change)).status).toBe(409);
  });

  it('cancel: the owner, Pending or Confirmed; it frees the slot and the technician’s time', async () => {
    const [me, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const date = nextDate('Wednesday', 14);
    const service = await serviceWithSlots(['09:00'], date);
    const nearby = await createService({ duration: 30, availableDays: [], availableTimes: ['09:30'] });
    const booking = await booked(me.headers, service._id, date, '09:00');
    expect((await availability(nearby._id, date)).times).toEqual([]);
    const path = `/api/bookings/${booking._id}/cancel`;
    expect([403, 404]).toContain((await send('PATCH', path, other.headers)).status);
    const cancelled = await send('PATCH', path, me.headers);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ status: 'Cancelled' });
    // Again (a double click): the same cancelled booking, nothing more.
    const again = await send('PATCH', path, me.headers);
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ status: 'Cancelled' });
    // The slot and the technician are free again: someone else books them.
    expect((await availability(service._id, date)).times).toEqual(['09:00']);
    expect((await availability(nearby._id, date)).times).toEqual(['09:30']);
    await booked(other.headers, service._id, date, '09:00');
    const mails = await readOutbox();
    expect(mails.some((m) => m.to.includes(me.email) && /cancel/i.test(m.subject))).toBe(true);
    expect(mails.some((m) => m.to.includes(config().businessEmail) && /cancel/i.test(m.subject))).toBe(true);
  });
});

describe('PATCH /api/bookings/:id/status', () => {
  it('admin only; sets the progress text while Pending or Confirmed; a cancelled booking can be put back on', async () => {
    const me = await createUserWithCard();
    const admin = await createUser({ role: 'admin' });
    const service = await createService({ availableDays: [], availableTimes: ['12:00'] });
    const response = await postBooking(me, service._id, nextDate('Friday'), '12:00');
    const { booking } = await json<{ booking: BookingReply }>(response);
    const path = `/api/bookings/${booking._id}/status`;
    expect((await send('PATCH', path, {}, { status: 'Confirmed' })).status).toBe(401);
    expect((await send('PATCH', path, me.headers, { status: 'Confirmed' })).status).toBe(403);
    expect((await send('PATCH', path, admin.headers, { status: 'Sideways' })).status).toBe(400);
    expect((await send('PATCH', path, admin.headers, {})).status).toBe(400);
    const progress = await send('PATCH', path, admin.headers, { serviceStatus: 'Technician on the way' });
    expect(await json(progress)).toMatchObject({ serviceStatus: 'Technician on the way', status: 'Pending' });
    const confirmed = await send('PATCH', path, admin.headers, { status: 'Confirmed' });
    expect(await json(confirmed)).toMatchObject({ status: 'Confirmed' });
    const mails = await readOutbox();
    expect(mails.some((m) => m.to.includes(me.email) && /confirm/i.test(m.subject))).toBe(true);
    expect((await send('PATCH', path, admin.headers, { status: 'Cancelled' })).status).toBe(200);
    expect((await send('PATCH', path, admin.headers, { serviceStatus: 'late' })).status).toBe(409);
    // Any-to-any (issue 11): the time was still free, so it is claimed again.
    const back = await send('PATCH', path, admin.headers, { status: 'Pending' });
    expect(back.status).toBe(200);
    expect(await json(back)).toMatchObject({ status: 'Pending' });
    expect((await send('PATCH', path, admin.headers, { serviceStatus: 'late' })).status).toBe(200);
  });
});

describe('GET /api/timeslots/system-stats', () => {
  it('admin only, under either spelling; counts upcoming slots', async () => {
    const admin = await createUser({ role: 'admin' });
    const customer = await createUserWithCard();
    const date = nextDate('Monday', 21);
    const service = await serviceWithSlots(['08:00', '09:00', '10:00'], date);
    await postBooking(customer, service._id, date, '09:00');
    expect((await send('GET', '/api/timeslots/system-stats')).status).toBe(401);
    expect((await send('GET', '/api/timeslots/system-stats', customer.headers)).status).toBe(403);
    for (const path of ['/api/timeslots/system-stats', '/api/timeSlots/system-stats']) {
      const stats = await json<Record<string, number>>(await send('GET', path, admin.headers));
      expect(stats.totalSlots).toBeGreaterThanOrEqual(3);
      expect(stats.bookedSlots).toBeGreaterThanOrEqual(1);
      expect(stats.availableSlots).toBe((stats.totalSlots ?? 0) - (stats.bookedSlots ?? 0));
      expect(stats.servicesWithSlots).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('charging on completion', () => {
  async function bookAndComplete({ sourceId, price = 89.5 }: { sourceId?: string; price?: number } = {}) {
    const customer = await createUserWithCard({}, sourceId);
    const admin = await createUser({ role: 'admin' });
    const service = await createService({ price, availableDays: [], availableTimes: ['13:00'] });
    const created = await postBooking(customer, service._id, nextDate(), '13:00');
    const { booking } = await json<{ booking: BookingReply }>(created);
    const path = `/api/bookings/${booking._id}/status`;
    const completed = await send('PATCH', path, admin.headers, { status: 'Completed', ...AHEAD_OF_ITS_DAY });
    expect(completed.status).toBe(200);
    return { customer, admin, path, booking: await json<BookingReply>(completed) };
  }

  it('charges the price to the card on file, records it, and mails the receipt; a repeat charges nothing more', async () => {
    const { customer, admin, path, booking } = await bookAndComplete();
    expect(booking.status).toBe('Completed');
    expect(booking.payment).toMatchObject({ status: 'paid', amount: 89.5, failureReason: null });
    expect(booking.payment?.providerPaymentId).toBeTruthy();
    const receipt = (await readOutbox()).find(
      (m) => m.to.includes(customer.email) && /receipt|complete/i.test(m.subject),
    );
    expect(receipt?.text).toContain('$89.50');
    // Completed again: the same booking and the same payment, no second charge.
    const again = await send('PATCH', path, admin.headers, { status: 'Completed', ...AHEAD_OF_ITS_DAY });
    expect(await json(again)).toMatchObject({ payment: booking.payment });
    // The same charge sent again (a retry after a lost reply): Square answers with the first payment.
    const { Payments } = await import('@app/core/payments/index');
    const repeat = await asSystem('test', () =>
      Payments.charge({
        userId: customer._id,
        amountCents: 8950,
        idempotencyKey: booking._id,
        note: `${booking.serviceName} on ${booking.date} ${booking.time} (${booking._id})`,
      }),
    );
    expect(repeat).toEqual({ status: 'paid', providerPaymentId: booking.payment?.providerPaymentId });
    // The customer cannot cancel a completed booking; the admin can move it (issue 11), and the
    // payment stays on record: completing it again charges nothing more.
    expect((await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers)).status).toBe(409);
    const cancelled = await send('PATCH', path, admin.headers, { status: 'Cancelled' });
    expect(await json(cancelled)).toMatchObject({ status: 'Cancelled', payment: booking.payment });
    const recompleted = await send('PATCH', path, admin.headers, {
      status: 'Completed',
      ...AHEAD_OF_ITS_DAY,
    });
    expect(await json(recompleted)).toMatchObject({ status: 'Completed', payment: booking.payment });
  });

  it('a free job completes with nothing charged', async () => {
    const { booking } = await bookAndComplete({ price: 0 });
    expect(booking).toMatchObject({
      status: 'Completed',
      payment: { status: 'paid', amount: 0, providerPaymentId: null },
    });
  });

  it('a declined card does not undo the completion: the failure is recorded for the admin', async () => {
    const { customer, booking } = await bookAndComplete({ sourceId: 'cnon:stand-in-charge-declined' });
    expect(booking.status).toBe('Completed');
    expect(booking.payment).toMatchObject({ status: 'failed', amount: 89.5 });
    expect(booking.payment?.failureReason).toBeTruthy();
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history[0]).toMatchObject({ status: 'Completed', payment: { status: 'failed' } });
  });
});
