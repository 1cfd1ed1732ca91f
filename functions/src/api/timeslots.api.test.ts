import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import type { SlotReply } from './timeslots';

/**
 * The Time Slot Manager's API (issue 12; doc 2 §4, §5, §7, §9; decision 032):
 * listing with filters, statistics, single, recurring and bulk creation, the
 * toggle and the deletes, against the real local DynamoDB.
 */
type Listed = SlotReply;
type CreatedReply = { msg: string; created: number; skipped: number; timeSlots: Listed[] };

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUserWithCard>>;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ role: 'admin' }), createUserWithCard()]);
});

const asAdmin = (method: string, path: string, body?: unknown) => send(method, path, admin.headers, body);

async function slotsOf(serviceId: string, query = ''): Promise<Listed[]> {
  const response = await asAdmin('GET', `/api/timeSlots?serviceId=${serviceId}${query}`);
  expect(response.status).toBe(200);
  return (await json<{ timeSlots: Listed[] }>(response)).timeSlots;
}

const dayAfter = (days: number) => time.addDays(time.today(), days);

/** Books `date` `at` of a slot-system service as the customer; the booking reply. */
async function book(serviceId: string, date: string, at: string) {
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ booking: { _id: string } }>(response)).booking;
}

describe('creating one slot', () => {
  it('creates it, shows it in the list with its service name and notes, and never twice', async () => {
    const service = await createService({ name: 'Slot Wash' });
    const date = nextDate();
    const body = { serviceId: service._id, date, time: '10:30', notes: 'Bring the van' };
    const response = await asAdmin('POST', '/api/timeSlots', body);
    expect(response.status).toBe(201);
    const reply = await json<CreatedReply>(response);
    expect(reply).toMatchObject({ created: 1, skipped: 0, msg: 'Time slot created.' });
    expect(reply.timeSlots[0]).toMatchObject({
      service: { _id: service._id, name: 'Slot Wash' },
      date,
      time: '10:30',
      isAvailable: true,
      isBooked: false,
      booking: null,
      notes: 'Bring the van',
    });

    // The same service, date and time again: 409, and still one slot (the guard).
    const again = await asAdmin('POST', '/api/timeslots', body);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ msg: TimeSlot.messages.exists });
    expect(await slotsOf(service._id)).toHaveLength(1);
  });

  it('refuses a past date, a time already past today, and bad input, changing nothing', async () => {
    const service = await createService();
    const cases: [unknown, string][] = [
      [{ serviceId: service._id, date: dayAfter(-1), time: '10:00' }, TimeSlot.messages.past],
      [{ serviceId: service._id, date: time.today(), time: '00:00' }, TimeSlot.messages.passed],
      [
        { serviceId: service._id, date: '2027-02-30', time: '10:00' },
        'Dates must be real dates written yyyy-MM-dd.',
      ],
      [{ serviceId: service._id, date: nextDate(), time: '9:00' }, 'Times must look like 09:30 (24-hour).'],
      [{ date: nextDate(), time: '10:00' }, 'Service is required.'],
      [{ serviceId: service._id, date: dayAfter(400), time: '10:00' }, TimeSlot.messages.tooFar],
      [
        { serviceId: service._id, date: nextDate(), time: '10:00', isRecurring: true },
        TimeSlot.messages.endRequired,
      ],
      [
        {
          serviceId: service._id,
          date: dayAfter(20),
          time: '10:00',
          isRecurring: true,
          recurringEndDate: dayAfter(10),
        },
        TimeSlot.messages.endBeforeStart,
      ],
      [
        {
          serviceId: service._id,
          date: nextDate(),
          time: '10:00',
          isRecurring: true,
          recurringPattern: 'yearly',
          recurringEndDate: dayAfter(60),
        },
        'The pattern must be weekly, daily or monthly.',
      ],
    ];
    for (const [body, msg] of cases) {
      const response = await asAdmin('POST', '/api/timeSlots', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toEqual({ msg });
    }
    const unknown = await asAdmin('POST', '/api/timeSlots', {
      serviceId: 'svc_01JZZZZZZZZZZZZZZZZZZZZZZZ',
      date: nextDate(),
      time: '10:00',
    });
    expect(unknown.status).toBe(404);
    expect(await slotsOf(service._id, `&startDate=${dayAfter(-5)}`)).toEqual([]);
  });

  it('takes the browser form as sent: empty end date and pattern when not recurring', async () => {
    const service = await createService();
    const date = nextDate();
    const response = await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date,
      time: '11:00',
      isRecurring: false,
      recurringPattern: '',
      recurringEndDate: '',
      notes: '',
    });
    expect(response.status).toBe(201);
    expect((await slotsOf(service._id)).map((s) => [s.date, s.time])).toEqual([[date, '11:00']]);
  });
});

/** The next spring-forward and fall-back Sundays in the business zone whose weeks around lie in the horizon. */
function dstSundays(): string[] {
  const found: string[] = [];
  for (let date = dayAfter(8); date <= dayAfter(TimeSlot.HORIZON_DAYS - 8); date = time.addDays(date, 1)) {
    const before = Date.parse(time.instantOf(time.addDays(date, -1), '12:00'));
    const after = Date.parse(time.instantOf(time.addDays(date, 1), '12:00'));
    if (after - before !== 48 * 3_600_000) found.push(date);
  }
  return found;
}

describe('recurring slots', () => {
  it('weekly by default, through the weeks of both daylight-saving changes, at the same wall-clock time', async () => {
    const sundays = dstSundays();
    expect(sundays.length).toBeGreaterThanOrEqual(1);
    for (const sunday of sundays) {
      const service = await createService();
      const start = time.addDays(sunday, -8); // the Saturday a week before the change
      const response = await asAdmin('POST', '/api/timeSlots', {
        serviceId: service._id,
        date: start,
        time: '09:00',
        isRecurring: true,
        recurringEndDate: time.addDays(sunday, 6),
      });
      expect(response.status).toBe(201);
      expect(await json(response)).toMatchObject({ created: 3, skipped: 0 });
      const slots = await slotsOf(service._id);
      expect(slots.map((s) => [s.date, s.time])).toEqual([
        [start, '09:00'],
        [time.addDays(start, 7), '09:00'],
        [time.addDays(start, 14), '09:00'],
      ]);
      // 09:00 in New York is a different UTC hour on either side of the change: the wall clock is kept.
      const utcHours = slots.map((s) => new Date(time.instantOf(s.date, s.time)).getUTCHours());
      expect(utcHours[0]).not.toBe(utcHours[2]);
    }
  });

  it('daily covers every day, the change day included', async () => {
    const [sunday] = dstSundays();
    if (!sunday) throw new Error('no daylight-saving change within the horizon');
    const service = await createService();
    const response = await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date: time.addDays(sunday, -1),
      time: '08:30',
      isRecurring: true,
      recurringPattern: 'daily',
      recurringEndDate: time.addDays(sunday, 1),
    });
    expect(response.status).toBe(201);
    expect((await slotsOf(service._id)).map((s) => s.date)).toEqual([
      time.addDays(sunday, -1),
      sunday,
      time.addDays(sunday, 1),
    ]);
  });

  it('monthly from a 31st falls on the last day of shorter months', async () => {
    // The first 31st at least a week away, through the next five months.
    let start = dayAfter(7);
    while (!start.endsWith('-31')) start = time.addDays(start, 1);
    const end = time.addDays(start, 160);
    const service = await createService();
    const response = await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date: start,
      time: '14:00',
      isRecurring: true,
      recurringPattern: 'monthly',
      recurringEndDate: end,
    });
    expect(response.status).toBe(201);
    const dates = (await slotsOf(service._id)).map((s) => s.date);
    const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
    expect(dates.length).toBeGreaterThanOrEqual(5);
    for (const date of dates) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      // Every date is the 31st, or the last day of a month that has no 31st.
      expect(d === 31 || d === lastDay(y, m), date).toBe(true);
    }
    expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBe(dates.length);
  });

  it('skips the dates that already have the slot and counts them', async () => {
    const service = await createService();
    const start = nextDate();
    await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date: time.addDays(start, 7),
      time: '09:00',
    });
    const response = await asAdmin('POST', '/api/timeSlots', {
      serviceId: service._id,
      date: start,
      time: '09:00',
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndDate: time.addDays(start, 21),
    });
    expect(await json(response)).toMatchObject({ created: 3, skipped: 1 });
    expect(await slotsOf(service._id)).toHaveLength(4);
  });
});

describe('bulk creation', () => {
  it('creates every date × time, skipping duplicates (in the request and already stored)', async () => {
    const service = await createService();
    const dates = [dayAfter(40), dayAfter(41), dayAfter(42)];
    await asAdmin('POST', '/api/timeSlots', { serviceId: service._id, date: dates[1], time: '13:00' });
    const response = await asAdmin('POST', '/api/timeSlots/bulk', {
      serviceId: service._id,
      dates: [...dates, dates[0]],
      times: ['09:00', '13:00'],
      notes: 'Bulk',
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ created: 5, skipped: 1 });
    const slots = await slotsOf(service._id);
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual(
      dates.flatMap((d) => [`${d} 09:00`, `${d} 13:00`]),
    );
    expect(slots.filter((s) => s.notes === 'Bulk')).toHaveLength(5);
  });

  it(
    'writes a batch of 300 in one request and refuses more than 2,000 slots with 413',
    { timeout: 60_000 },
    async () => {
      const service = await createService();
      // Within the statistics' window (TimeSlot.STATS_DAYS from today), so the stats count them all.
      const dates = Array.from({ length: 10 }, (_, i) => dayAfter(10 + i));
      const times = Array.from(
        { length: 30 },
        (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      );
      const response = await asAdmin('POST', '/api/timeSlots/bulk', { serviceId: service._id, dates, times });
      expect(response.status, await response.clone().text()).toBe(201);
      expect(await json(response)).toMatchObject({ created: 300, skipped: 0 });
      const stats = await json<{ total: number }>(
        await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`),
      );
      expect(stats.total).toBe(300);

      const tooMany = await asAdmin('POST', '/api/timeSlots/bulk', {
        serviceId: service._id,
        // 67 dates × 30 times = 2,010 slots: refused before anything is written.
        dates: Array.from({ length: 67 }, (_, i) => dayAfter(200 + i)),
        times,
      });
      expect(tooMany.status).toBe(413);
      expect(await json(tooMany)).toEqual({ msg: TimeSlot.messages.tooMany });
      const daily = await asAdmin('POST', '/api/timeSlots', {
        serviceId: service._id,
        date: dayAfter(1),
        time: '23:45',
        isRecurring: true,
        recurringPattern: 'daily',
        recurringEndDate: dayAfter(120),
      });
      expect(daily.status).toBe(201); // 120 slots: fine
      const stillOne = await json<{ total: number }>(
        await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`),
      );
      // The daily ones of days 1 to 120 that fall in the statistics' window: days 1 to STATS_DAYS - 1.
      expect(stillOne.total).toBe(300 + TimeSlot.STATS_DAYS - 1);
    },
  );

  it('refuses a past date in the list', async () => {
    const service = await createService();
    const response = await asAdmin('POST', '/api/timeSlots/bulk', {
      serviceId: service._id,
      dates: [dayAfter(3), dayAfter(-2)],
      times: ['10:00'],
    });
    expect(response.status).toBe(400);
    expect(await slotsOf(service._id)).toEqual([]);
  });
});

describe('list, filters and statistics', () => {
  it('filters by service, dates, availability and booked, and names the booking client', async () => {
    const service = await createService({ name: 'Filter Detail' });
    const [d1, d2] = [nextDate(), nextDate()];
    await asAdmin('POST', '/api/timeSlots/bulk', {
      serviceId: service._id,
      dates: [d1, d2],
      times: ['09:00', '11:00'],
    });
    const slots = await slotsOf(service._id);
    const closed = slots.find((s) => s.date === d1 && s.time === '11:00');
    await asAdmin('PUT', `/api/timeSlots/${closed?._id}`, { isAvailable: false });
    const booking = await book(service._id, d2, '09:00');

    const booked = await slotsOf(service._id, '&isBooked=true');
    expect(booked).toEqual([
      expect.objectContaining({
        date: d2,
        time: '09:00',
        isBooked: true,
        booking: { _id: booking._id, clientFirstName: 'Casey', clientLastName: 'Driver' },
      }),
    ]);
    expect((await slotsOf(service._id, '&isAvailable=false')).map((s) => s._id)).toEqual([closed?._id]);
    expect(await slotsOf(service._id, `&startDate=${d2}&endDate=${d2}`)).toHaveLength(2);
    expect(await slotsOf(service._id, '&isAvailable=true&isBooked=false')).toHaveLength(2);
    // Empty filters are ignored (the form sends them all).
    expect(await slotsOf(service._id, '&startDate=&endDate=&isAvailable=&isBooked=')).toHaveLength(4);
    const bad = await asAdmin('GET', '/api/timeSlots?isBooked=maybe');
    expect(bad.status).toBe(400);

    const stats = await json<{ total: number; available: number; booked: number }>(
      await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`),
    );
    expect(stats).toEqual({ total: 4, available: 2, booked: 1 });
    const all = await json<TimeSlot.Statistics>(await asAdmin('GET', '/api/timeSlots/statistics'));
    expect(all.totalSlots).toBeGreaterThanOrEqual(4);
    expect(all.utilizationRate).toBe(Math.round((all.bookedSlots / all.totalSlots) * 1000) / 10);
    expect((await asAdmin('GET', '/api/timeslots/stats')).status).toBe(400);
  });

  it('counts the slots of the next STATS_DAYS days, today included: a bounded date range', async () => {
    const service = await createService();
    const created = await asAdmin('POST', '/api/timeSlots/bulk', {
      serviceId: service._id,
      dates: [dayAfter(1), dayAfter(TimeSlot.STATS_DAYS - 1), dayAfter(TimeSlot.STATS_DAYS)],
      times: ['09:00'],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const stats = await json(await asAdmin('GET', `/api/timeslots/stats?serviceId=${service._id}`));
    expect(stats).toEqual({ total: 2, available: 2, booked: 0 });
  });
});

/** A new service with slots at `times` on the next open day, made by the admin's bulk create. */
async function slotsAt(times: string[]) {
  const service = await createService();
  const date = nextDate();
  await asAdmin('POST', '/api/timeSlots/bulk', { serviceId: service._id, dates: [date], times });
  return { service, date };
}

describe('toggling and deleting', () => {
  it('toggles an unbooked slot; a booked one is 409 for toggle and delete', async () => {
    const { service, date } = await slotsAt(['09:00', '12:00']);
    const [open, other] = await slotsOf(service._id);
    const off = await asAdmin('PUT', `/api/timeSlots/${open?._id}`, { isAvailable: false });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ _id: open?._id, isAvailable: false });
    // A closed slot is not offered to customers.
    const offered = await json<{ times: string[] }>(
      await send('GET', `/api/services/${service._id}/availability?date=${date}`),
    );
    expect(offered.times).toEqual(['12:00']);
    expect((await asAdmin('PUT', `/api/timeSlots/${open?._id}`, { isAvailable: true })).status).toBe(200);

    await book(service._id, date, '12:00');
    for (const [method, body] of [
      ['PUT', { isAvailable: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await asAdmin(method, `/api/timeSlots/${other?._id}`, body);
      expect(response.status).toBe(409);
      expect(await json(response)).toEqual({ msg: TimeSlot.messages.booked });
    }
    expect((await slotsOf(service._id, '&isBooked=true')).map((s) => s._id)).toEqual([other?._id]);

    expect((await asAdmin('DELETE', `/api/timeSlots/${open?._id}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/timeSlots/${open?._id}`)).status).toBe(404);
    expect((await asAdmin('PUT', `/api/timeSlots/${open?._id}`, { isAvailable: true })).status).toBe(404);
    expect((await asAdmin('PUT', '/api/timeSlots/not-an-id', { isAvailable: true })).status).toBe(404);
    // Its date and time may be created again once deleted (the guard went with it).
    const again = await asAdmin('POST', '/api/timeSlots', { serviceId: service._id, date, time: '09:00' });
    expect(again.status).toBe(201);
  });

  it('bulk delete is reachable, deletes the unbooked, skips and reports the booked and the unknown', async () => {
    const { service, date } = await slotsAt(['08:00', '10:00', '14:00']);
    await book(service._id, date, '10:00');
    const slots = await slotsOf(service._id);
    const response = await asAdmin('DELETE', '/api/timeSlots/bulk', {
      ids: [...slots.map((s) => s._id), 'slt_01JZZZZZZZZZZZZZZZZZZZZZZZ'],
    });
    expect(response.status).toBe(200);
    const reply = await json<TimeSlot.DeletedMany>(response);
    expect(reply).toMatchObject({ deleted: 2, skipped: 1, notFound: 1 });
    expect(reply.msg).toBe('Time slots: 2 deleted, 1 booked and skipped, 1 not found.');
    expect((await slotsOf(service._id)).map((s) => s.time)).toEqual(['10:00']);

    for (const body of [{ ids: [] }, { ids: ['x'] }, {}, { ids: 'slt' }]) {
      const bad = await asAdmin('DELETE', '/api/timeslots/bulk', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('only for admins', () => {
  it('refuses every slot route to a customer (403) and to nobody (401)', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/timeSlots'],
      ['GET', '/api/timeSlots/statistics'],
      ['GET', '/api/timeslots/stats?serviceId=svc_01JZZZZZZZZZZZZZZZZZZZZZZZ'],
      ['POST', '/api/timeSlots'],
      ['POST', '/api/timeSlots/bulk'],
      ['POST', '/api/timeslots/bulk-create'],
      ['PUT', '/api/timeSlots/slt_01JZZZZZZZZZZZZZZZZZZZZZZZ'],
      ['DELETE', '/api/timeSlots/slt_01JZZZZZZZZZZZZZZZZZZZZZZZ'],
      ['DELETE', '/api/timeSlots/bulk'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {};
      expect((await send(method, path, {}, body)).status, `${method} ${path}`).toBe(401);
      expect((await send(method, path, customer.headers, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('a service whose slots are all deleted', () => {
  it('stays in the slot system: it offers no times, not its regular ones (decision 032)', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
    const date = nextDate();
    const created = await asAdmin('POST', '/api/timeSlots', { serviceId: service._id, date, time: '10:00' });
    expect(created.status).toBe(201);
    const [slot] = (await json<CreatedReply>(created)).timeSlots;
    const availability = async () =>
      json<{ times: string[]; system: string }>(
        await send('GET', `/api/services/${service._id}/availability?date=${date}`, customer.headers),
      );
    expect(await availability()).toMatchObject({ times: ['10:00'], system: 'timeslot' });

    expect((await asAdmin('DELETE', `/api/timeSlots/${slot?._id}`)).status).toBe(200);
    expect(await availability()).toMatchObject({ times: [], system: 'timeslot' });
    const refused = await postBooking(customer, service._id, date, '10:00');
    expect(refused.status).toBe(409);
  });
});
