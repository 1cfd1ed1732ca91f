import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import type { BookingReply } from './bookings';
import type { ServiceReply } from './services';

/**
 * The service manager's API (issue 12; doc 2 §5, §7, §9; decision 033):
 * create, edit and delete services with the server's rules, per-service slot
 * statistics and Create Slots.
 */
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUserWithCard>>;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ role: 'admin' }), createUserWithCard()]);
});

const asAdmin = (method: string, path: string, body?: unknown) => send(method, path, admin.headers, body);

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ceramic Coating',
  description: 'Paint protection that lasts.',
  price: 349.99,
  duration: 180,
  availableDays: ['Monday', 'Wednesday'],
  availableTimes: ['09:00', '13:30'],
  ...overrides,
});

const publicList = async () => json<ServiceReply[]>(await send('GET', '/api/services'));

describe('creating and editing services', () => {
  it('creates a service (price in dollars, kept in cents) that the public list shows at once', async () => {
    const response = await asAdmin(
      'POST',
      '/api/services',
      form({ availableTimes: [' 13:30', '09:00', '09:00 '], availableDays: ['Wednesday', 'Monday'] }),
    );
    expect(response.status).toBe(201);
    const created = await json<ServiceReply>(response);
    // The form as sent, in dollars; the days in the week's order, the times trimmed, each once, in
    // order: as form() has them before this test's changes.
    expect(created).toEqual({ _id: expect.stringMatching(/^svc_/), ...form(), byClass: null, addOns: [] });
    const list = await send('GET', '/api/services');
    // Shared for a short while only (decision 045): the public sees an admin's change within a minute.
    expect(list.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await json<ServiceReply[]>(list)).map((s) => s._id)).toContain(created._id);

    const edited = await asAdmin(
      'PUT',
      `/api/services/${created._id}`,
      form({ name: 'Ceramic Coating Plus', price: 0, availableDays: [], availableTimes: [] }),
    );
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ name: 'Ceramic Coating Plus', price: 0, availableTimes: [] });
    const one = await json<ServiceReply>(await send('GET', `/api/services/${created._id}`));
    expect(one).toMatchObject({ name: 'Ceramic Coating Plus', price: 0, availableDays: [] });
  });

  it('refuses what doc 2 §5 forbids, with a message, and changes nothing', async () => {
    const existing = await createService({ name: 'Untouched' });
    const before = await publicList();
    const cases: [Record<string, unknown>, string][] = [
      [form({ name: '  ' }), 'Name is required.'],
      [form({ description: '' }), 'Description is required.'],
      [form({ price: -1 }), 'Price cannot be negative.'],
      [form({ price: 10.005 }), 'Price must be in dollars and cents.'],
      [form({ price: '20' }), 'Price must be a number.'],
      [form({ duration: 'two hours' }), 'Duration must be a number of minutes.'],
      [form({ duration: 90.5 }), 'Duration must be a whole number of minutes.'],
      [form({ duration: 0 }), 'Duration must be at least 5 minutes.'],
      [form({ availableDays: ['Funday'] }), 'Days must be weekday names, Sunday to Saturday.'],
      [form({ availableDays: ['monday'] }), 'Days must be weekday names, Sunday to Saturday.'],
      [form({ availableTimes: ['9:00'] }), 'Times must look like 09:30 (24-hour).'],
      [form({ availableTimes: ['24:00'] }), 'Times must look like 09:30 (24-hour).'],
      [form({ availableTimes: '09:00' }), 'Available times must be a list.'],
    ];
    for (const [body, msg] of cases) {
      for (const [method, path] of [
        ['POST', '/api/services'],
        ['PUT', `/api/services/${existing._id}`],
      ] as const) {
        const response = await asAdmin(method, path, body);
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(await json(response)).toEqual({ msg });
      }
    }
    expect(await publicList()).toEqual(before);
    const missing = await asAdmin('PUT', '/api/services/svc_01JZZZZZZZZZZZZZZZZZZZZZZZ', form());
    expect(missing.status).toBe(404);
    expect((await asAdmin('DELETE', '/api/services/svc_01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
  });
});

describe('Create Slots (POST /api/timeslots/bulk-create)', () => {
  it('creates the times on the available days up to today + 30, skipping what exists, with per-service stats', async () => {
    const service = await createService({ availableDays: ['Monday', 'Thursday'], availableTimes: ['10:00'] });
    const start = time.addDays(time.today(), 1);
    const end = time.addDays(time.today(), TimeSlot.BULK_WINDOW_DAYS);
    const body = {
      serviceId: service._id,
      availableTimes: ['10:00', '15:00'],
      availableDays: ['Monday', 'Thursday'],
      startDate: start,
      endDate: end,
      notes: '',
    };
    const response = await asAdmin('POST', '/api/timeslots/bulk-create', body);
    expect(response.status).toBe(201);
    const reply = await json<{ created: number; skipped: number; msg: string }>(response);
    let days = 0;
    for (let date = start; date <= end; date = time.addDays(date, 1)) {
      if (['Monday', 'Thursday'].includes(time.weekdayOf(date))) days += 1;
    }
    expect(reply).toMatchObject({ created: days * 2, skipped: 0 });
    const listed = await json<{ timeSlots: TimeSlot.Listed[] }>(
      await asAdmin('GET', `/api/timeSlots?serviceId=${service._id}`),
    );
    expect(listed.timeSlots.every((s) => ['Monday', 'Thursday'].includes(time.weekdayOf(s.date)))).toBe(true);

    // Again: everything exists, nothing is duplicated.
    const again = await json(await asAdmin('POST', '/api/timeslots/bulk-create', body));
    expect(again).toMatchObject({ created: 0, skipped: days * 2 });
    const stats = await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`);
    expect(await json(stats)).toEqual({ total: days * 2, available: days * 2, booked: 0 });
  });

  it("gives doc 2 §5's two messages, and keeps to the 30-day window and today", async () => {
    const service = await createService();
    const base = {
      serviceId: service._id,
      availableTimes: ['10:00'],
      availableDays: ['Monday'],
      startDate: time.today(),
      endDate: time.addDays(time.today(), 30),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, availableTimes: [] }, TimeSlot.messages.noTimes],
      [{ ...base, availableDays: [] }, TimeSlot.messages.noDays],
      [{ ...base, availableTimes: [], availableDays: [] }, TimeSlot.messages.noTimes],
      [{ ...base, endDate: time.addDays(time.today(), 31) }, TimeSlot.messages.bulkWindow],
      [{ ...base, startDate: time.addDays(time.today(), -1) }, TimeSlot.messages.past],
      [
        { ...base, startDate: time.addDays(time.today(), 5), endDate: time.addDays(time.today(), 4) },
        TimeSlot.messages.endBeforeStart,
      ],
    ];
    for (const [body, msg] of cases) {
      const response = await asAdmin('POST', '/api/timeslots/bulk-create', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toEqual({ msg });
    }
    expect(await json(await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`))).toEqual({
      total: 0,
      available: 0,
      booked: 0,
    });
  });
});

describe('deleting a service', () => {
  it('keeps its bookings, deletes its future unbooked slots and closes its booked ones', async () => {
    const service = await createService({
      name: 'Going Away',
      availableDays: [],
      availableTimes: ['09:00', '11:00'],
    });
    const date = nextDate();
    const other = time.addDays(date, 1);
    await asAdmin('POST', '/api/timeSlots/bulk', {
      serviceId: service._id,
      dates: [date, other],
      times: ['09:00', '11:00'],
    });
    const booked = await postBooking(customer, service._id, date, '09:00');
    expect(booked.status).toBe(201);
    const booking = (await json<{ booking: BookingReply }>(booked)).booking;

    const response = await asAdmin('DELETE', `/api/services/${service._id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ slotsDeleted: 3, bookedSlotsKept: 1 });

    expect((await send('GET', `/api/services/${service._id}`)).status).toBe(404);
    expect((await publicList()).map((s) => s._id)).not.toContain(service._id);
    // The booking stays, with its snapshot; its live service is gone ('Service No Longer Available').
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine.find((b) => b._id === booking._id)).toMatchObject({
      serviceName: 'Going Away',
      service: null,
      status: 'Pending',
    });
    // One slot left: the booked one, closed, so cancelling cannot reopen it.
    const left = await json<{ timeSlots: TimeSlot.Listed[] }>(
      await asAdmin('GET', `/api/timeSlots?serviceId=${service._id}`),
    );
    expect(left.timeSlots).toEqual([
      expect.objectContaining({ date, time: '09:00', isBooked: true, isAvailable: false, service: null }),
    ]);
    const cancelled = await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers);
    expect(cancelled.status).toBe(200);
    const after = await json<{ timeSlots: TimeSlot.Listed[] }>(
      await asAdmin('GET', `/api/timeSlots?serviceId=${service._id}`),
    );
    expect(after.timeSlots).toEqual([expect.objectContaining({ isBooked: false, isAvailable: false })]);
    // Slots cannot be added to a service that is gone.
    const late = await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date: other,
      time: '15:00',
    });
    expect(late.status).toBe(404);
  });
});

describe('only for admins', () => {
  it('refuses the service writes to a customer (403) and to nobody (401)', async () => {
    const service = await createService();
    for (const [method, path] of [
      ['POST', '/api/services'],
      ['PUT', `/api/services/${service._id}`],
      ['DELETE', `/api/services/${service._id}`],
    ] as const) {
      expect((await send(method, path, {}, form())).status).toBe(401);
      expect((await send(method, path, customer.headers, form())).status).toBe(403);
    }
    expect((await send('GET', `/api/services/${service._id}`)).status).toBe(200);
  });
});
