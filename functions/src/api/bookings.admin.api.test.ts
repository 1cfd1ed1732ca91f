import { asSystem } from '@app/core/actor';
import { LinkToken } from '@app/core/auth/link-token';
import { bookingMessages, deskMessages, upcomingFirstOrder } from '@app/core/booking/rules';
import { config } from '@app/core/config';
import { INVALID_CURSOR } from '@app/core/db/paging';
import { Service } from '@app/core/service/index';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_OF_ITS_DAY, bookingBody, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { customBookingBody } from '../../../tests/desk-bookings';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { CustomerReply } from './admin';
import { app } from './index';
import type { AdminBookingReply, BookingReply, ConfirmationReply } from './bookings';

type Msg = { msg: string };

/**
 * A valid Create Custom Booking submission (doc 2 §5), with the fields the
 * spec's client sends and the server sets itself; the test's overrides win.
 */
function customBody(date: string, at = '10:00', overrides: Record<string, unknown> = {}) {
  return customBookingBody(date, at, {
    createdByAdmin: true,
    requiresCustomerVerification: true,
    status: 'Pending Verification',
    ...overrides,
  });
}

async function adminCreate(admin: { headers: Record<string, string> }, body: unknown) {
  const response = await send('POST', '/api/bookings/admin-create', admin.headers, body);
  return { response, body: await json<AdminBookingReply & Msg>(response) };
}

async function assign(
  admin: { headers: Record<string, string> },
  bookingId: string,
  customer: { _id: string; email: string },
) {
  const response = await send('PATCH', `/api/bookings/${bookingId}/assign-customer`, admin.headers, {
    customerId: customer._id,
    customerEmail: customer.email,
  });
  return { response, body: await json<{ msg: string; booking: AdminBookingReply }>(response) };
}

/** The newest confirmation link mailed to `email`: its token. */
async function mailedToken(email: string): Promise<string> {
  const mails = (await readOutbox()).filter((m) => m.to.includes(email)).reverse();
  for (const mail of mails) {
    const found = /\/verify-custom-booking\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (found?.[1]) return found[1];
  }
  throw new Error(`No confirmation link mailed to ${email}`);
}

describe('the custom booking flow', () => {
  it('admin-create → assign → the link reads the booking → confirm once', async () => {
    const admin = await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const customer = await createUser({ firstName: 'Cora', lastName: 'Customer' });
    const date = nextDate('Wednesday');
    const created = await adminCreate(admin, customBody(date));
    expect(created.response.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'Pending Verification',
      createdByAdmin: true,
      requiresCustomerVerification: true,
      isCustomService: true,
      customServiceName: 'Headlight restoration',
      customServicePrice: 89.5,
      user: null,
      date,
      time: '10:00',
      duration: 60,
      statusHistory: [
        { from: null, to: 'Pending Verification', by: { _id: admin._id, name: 'Ada Admin', role: 'admin' } },
      ],
    });

    const assigned = await assign(admin, created.body._id, customer);
    expect(assigned.response.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.booking).toMatchObject({
      status: 'Pending Customer Verification',
      user: { _id: customer._id, email: customer.email, firstName: 'Cora' },
    });
    const token = await mailedToken(customer.email);

    const read = await send('GET', `/api/bookings/verify-custom-booking/${token}`);
    expect(read.status).toBe(200);
    expect(await json<ConfirmationReply>(read)).toMatchObject({
      _id: created.body._id,
      status: 'Pending Customer Verification',
      isCustomService: true,
      customServiceName: 'Headlight restoration',
      customServicePrice: 89.5,
      service: null,
      date,
      time: '10:00',
      duration: 60,
      vehicleYear: 2017,
      vehicleColor: 'Silver',
      customer: { firstName: 'Cora', lastName: 'Customer', email: customer.email },
    });
    // It is in the customer's Service History.
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history.map((b) => b.status)).toEqual(['Pending Customer Verification']);

    const confirm = await send(
      'POST',
      `/api/bookings/verify-custom-booking/${token}`,
      {},
      {
        confirmed: true,
        customerName: 'Cora Customer',
        customerEmail: customer.email,
      },
    );
    expect(confirm.status).toBe(200);
    expect(await json<{ msg: string; booking: ConfirmationReply }>(confirm)).toMatchObject({
      msg: deskMessages.confirmed,
      booking: { status: 'Confirmed' },
    });
    const again = await send('POST', `/api/bookings/verify-custom-booking/${token}`, {}, { confirmed: true });
    expect(again.status).toBe(400);
    expect((await json<Msg>(again)).msg).toBe(deskMessages.linkUsed);
    const mails = await readOutbox();
    expect(mails.some((m) => m.to.includes(customer.email) && /confirmed/i.test(m.subject))).toBe(true);
    expect(
      mails.some(
        (m) => m.to.includes(config().businessEmail) && /confirmed by the customer/i.test(m.subject),
      ),
    ).toBe(true);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const linkPath = (token: string) => `/api/bookings/verify-custom-booking/${token}`;

/** An admin, a customer, and a custom booking of the admin's assigned to the customer, with its mailed token. */
async function assignedBooking(date = nextDate(), at = '10:00', overrides: Record<string, unknown> = {}) {
  const admin = await createUser({ role: 'admin' });
  const customer = await createUser();
  const created = await adminCreate(admin, customBody(date, at, overrides));
  expect(created.response.status, JSON.stringify(created.body)).toBe(201);
  const assigned = await assign(admin, created.body._id, customer);
  expect(assigned.response.status, JSON.stringify(assigned.body)).toBe(200);
  return { admin, customer, booking: assigned.body.booking, token: await mailedToken(customer.email) };
}

describe('every desk route is admin only', () => {
  it('anonymous 401, customer 403', async () => {
    const customer = await createUser();
    const id = 'bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/bookings/all'],
      ['POST', '/api/bookings/admin-create', customBody(nextDate())],
      ['PATCH', `/api/bookings/${id}/status`, { status: 'Confirmed' }],
      [
        'PATCH',
        `/api/bookings/${id}/assign-customer`,
        { customerId: customer._id, customerEmail: customer.email },
      ],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/search?query=a'],
      ['POST', '/api/admin/create-customer', { firstName: 'A', lastName: 'B', email: 'ab@example.com' }],
      ['GET', '/api/vehicleData/makes'],
      ['GET', '/api/vehicleData/models/Toyota'],
    ];
    for (const [method, path, body] of calls) {
      expect((await send(method, path, {}, body)).status, `${method} ${path}`).toBe(401);
      expect((await send(method, path, customer.headers, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('POST /api/bookings/admin-create', () => {
  it('checks every rule of doc 2 §5 on the server, writing nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const service = await createService();
    const date = nextDate();
    const nextYear = Number(time.today().slice(0, 4)) + 1;
    const cases: [string, Record<string, unknown>][] = [
      ['a past date', { date: time.addDays(time.today(), -1) }],
      ['a malformed date', { date: '2026-02-30' }],
      ['08:30', { time: '08:30' }],
      ['18:00', { time: '18:00' }],
      ['09:15', { time: '09:15' }],
      ['duration 10', { duration: 10 }],
      ['duration 20', { duration: 20 }],
      ['duration 0', { duration: 0 }],
      ['a negative price', { customServicePrice: -1 }],
      ['a price with three decimals', { customServicePrice: 10.005 }],
      ['a price in words', { customServicePrice: 'ten' }],
      ['no price', { customServicePrice: undefined }],
      ['no custom name', { customServiceName: '  ' }],
      ['no first name', { clientFirstName: '' }],
      ['no last name', { clientLastName: undefined }],
      ['no make', { vehicleMake: '' }],
      ['no model', { vehicleModel: ' ' }],
      ['year 1899', { vehicleYear: 1899 }],
      ['year after next', { vehicleYear: nextYear + 1 }],
      ['service mode without a service', { isCustomService: false, customServiceName: undefined }],
      ['service mode with a bad id', { isCustomService: false, serviceId: 'svc_nope' }],
      ['a line break in a name', { clientLastName: 'Phoner\r\nBcc: x@example.com' }],
    ];
    for (const [label, change] of cases) {
      const { response, body } = await adminCreate(admin, customBody(date, '10:00', change));
      expect(response.status, label).toBe(400);
      expect(body.msg, label).toBeTruthy();
    }
    const unknown = await adminCreate(admin, {
      ...customBody(date),
      isCustomService: false,
      serviceId: 'svc_01JZZZZZZZZZZZZZZZZZZZZZZZ',
    });
    expect(unknown.response.status).toBe(404);
    expect(
      await json(await send('GET', `/api/bookings/all?startDate=${date}&endDate=${date}`, admin.headers)),
    ).toEqual([]);
    // Free jobs, next year's model, no color or notes, 15 minutes and 17:30 are all fine.
    const ok = await adminCreate(
      admin,
      customBody(date, '17:30', {
        customServicePrice: 0,
        vehicleYear: nextYear,
        vehicleColor: undefined,
        notes: undefined,
        duration: 15,
      }),
    );
    expect(ok.response.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ customServicePrice: 0, vehicleColor: '', notes: '', duration: 15 });
    // Service mode: the service's name and price, whatever the client sent for them.
    const inService = await adminCreate(admin, {
      ...customBody(nextDate(), '11:00', { isCustomService: false, serviceId: service._id }),
      status: 'Confirmed',
      createdByAdmin: false,
    });
    expect(inService.response.status).toBe(201);
    expect(inService.body).toMatchObject({
      isCustomService: false,
      customServiceName: null,
      service: { _id: service._id, name: service.name, price: service.price },
      servicePrice: service.price,
      status: 'Pending Verification',
      createdByAdmin: true,
    });
  });

  it('a time already past today is refused', async () => {
    const admin = await createUser({ role: 'admin' });
    const today = time.today();
    const past = time.localOf(Date.now() - 60 * 60 * 1000).time;
    if (past < '09:00' || time.localOf(Date.now() - 60 * 60 * 1000).date !== today) return; // nothing earlier today
    const at = `${past.slice(0, 2)}:${past.slice(3) < '30' ? '00' : '30'}`;
    const { response } = await adminCreate(admin, customBody(today, at));
    expect(response.status).toBe(400);
  });

  it('the crew rule: a second job at an overlapping time is 409 (custom or not); the same service at the same time too', async () => {
    const admin = await createUser({ role: 'admin' });
    const date = nextDate();
    expect((await adminCreate(admin, customBody(date, '10:00'))).response.status).toBe(201);
    // Custom bookings have no BOOKED guard: only the technicians' time clashes (a one-van shop here).
    for (const at of ['10:00', '10:30', '11:00', '09:30']) {
      const clash = await adminCreate(admin, customBody(date, at));
      expect(clash.response.status, at).toBe(409);
      expect(clash.body.msg, at).toMatch(/technicians are busy/);
    }
    // 60 minutes + the 30-minute drive: 11:30 is free again.
    expect((await adminCreate(admin, customBody(date, '11:30'))).response.status).toBe(201);
    // A customer's booking at a clashing time is refused as well, and availability does not offer it.
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['10:00', '14:00'] });
    const theirs = await postBooking(customer, service._id, date, '10:00');
    expect(theirs.status).toBe(409);
    const open = await json<{ times: string[] }>(
      await send('GET', `/api/services/${service._id}/availability?date=${date}`),
    );
    expect(open.times).toEqual(['14:00']);
  });

  it("a catalogue service's time is claimed like a customer's: its slot is booked, and its BOOKED guard holds", async () => {
    const admin = await createUser({ role: 'admin' });
    const date = nextDate();
    const service = await createService({ availableDays: [], availableTimes: ['13:00'] });
    await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
    const made = await adminCreate(
      admin,
      customBody(date, '13:00', { isCustomService: false, serviceId: service._id }),
    );
    expect(made.response.status).toBe(201);
    expect((await TimeSlot.onDate(service._id, date)).map((slot) => slot.isBooked)).toEqual([true]);
    const again = await adminCreate(
      admin,
      customBody(date, '13:00', { isCustomService: false, serviceId: service._id }),
    );
    expect(again.response.status).toBe(409);
  });
});

describe('GET /api/bookings/all', () => {
  it('open bookings only, upcoming soonest first, unassigned custom bookings included; each filter alone and combined', async () => {
    const admin = await createUser({ role: 'admin' });
    const alice = await createUserWithCard({ firstName: 'Alicia', lastName: 'Zebulon' });
    const service = await createService({ availableDays: [], availableTimes: ['09:00', '15:00'] });
    const [d1, d2, d3, d4] = [nextDate(), nextDate(), nextDate(), nextDate()];
    const book = async (date: string, at: string, details: Record<string, unknown>) =>
      json<{ booking: BookingReply }>(await postBooking(alice, service._id, date, at, details));
    const mine = await book(d1, '09:00', { vehicleMake: 'Honda', vehicleModel: 'Civic', vehicleYear: 2019 });
    const other = await book(d2, '15:00', {
      clientFirstName: 'Quincy',
      vehicleMake: 'Ford',
      vehicleModel: 'F-150',
      vehicleYear: 2021,
    });
    const custom = await adminCreate(
      admin,
      customBody(d3, '12:00', { clientFirstName: 'Yolanda', clientLastName: 'Xu' }),
    );
    // Closed bookings leave the desk's list (decision 050).
    const closed = await json<{ booking: BookingReply }>(
      await send('POST', '/api/bookings', alice.headers, bookingBody(service._id, d4, '09:00')),
    );
    await send('PATCH', `/api/bookings/${closed.booking._id}/status`, admin.headers, { status: 'Cancelled' });
    await send('PATCH', `/api/bookings/${other.booking._id}/status`, admin.headers, { status: 'Confirmed' });
    const ids = async (query: string) =>
      (await json<BookingReply[]>(await send('GET', `/api/bookings/all${query}`, admin.headers)))
        .map((b) => b._id)
        .filter((id) =>
          [mine.booking._id, other.booking._id, custom.body._id, closed.booking._id].includes(id),
        );

    const all = await json<BookingReply[]>(await send('GET', '/api/bookings/all', admin.headers));
    // Issue 30 (decision 095): upcoming first, soonest first, then the past, newest first (was newest first).
    expect(all).toEqual([...all].sort(upcomingFirstOrder(time.today())));
    expect(await ids('')).toEqual([mine.booking._id, other.booking._id, custom.body._id]);
    const unassigned = all.find((b) => b._id === custom.body._id);
    expect(unassigned).toMatchObject({ user: null, status: 'Pending Verification' });
    // The audit trail is not in the list: it is read when a booking is opened.
    expect(unassigned).not.toHaveProperty('statusHistory');
    const history = await send('GET', `/api/bookings/${other.booking._id}/history`, admin.headers);
    expect(history.status).toBe(200);
    expect(
      (await json<AdminBookingReply['statusHistory']>(history)).map((h) => [h.from, h.to, h.by.role]),
    ).toEqual([
      [null, 'Pending', 'customer'],
      ['Pending', 'Confirmed', 'admin'],
    ]);
    expect((await send('GET', `/api/bookings/bkg_nope/history`, admin.headers)).status).toBe(400);
    expect((await send('GET', `/api/bookings/${other.booking._id}/history`, alice.headers)).status).toBe(403);

    expect(await ids('?customerName=zebul')).toEqual([mine.booking._id, other.booking._id]); // the account's names
    expect(await ids('?customerName=QUINCY')).toEqual([other.booking._id]); // the client names
    expect(await ids('?customerName=yolanda%20xu')).toEqual([custom.body._id]);
    expect(await ids(`?startDate=${d2}`)).toEqual([other.booking._id, custom.body._id]);
    expect(await ids(`?endDate=${d2}`)).toEqual([mine.booking._id, other.booking._id]);
    expect(await ids(`?startDate=${d2}&endDate=${d2}`)).toEqual([other.booking._id]);
    expect(await ids('?make=honda')).toEqual([mine.booking._id]);
    expect(await ids('?make=Ford&model=f-150')).toEqual([other.booking._id]);
    expect(await ids('?model=Civic&make=Ford')).toEqual([]);
    expect(await ids('?year=2021')).toEqual([other.booking._id]);
    expect(await ids(`?service=${service._id}`)).toEqual([mine.booking._id, other.booking._id]);
    expect(await ids('?service=custom')).toEqual([custom.body._id]);
    expect(
      await ids(
        `?customerName=alicia&make=Honda&year=2019&service=${service._id}&startDate=${d1}&endDate=${d3}`,
      ),
    ).toEqual([mine.booking._id]);
    // Empty filters are no filters.
    expect(await ids('?customerName=&make=&year=')).toEqual([
      mine.booking._id,
      other.booking._id,
      custom.body._id,
    ]);

    for (const bad of [
      '?startDate=2026-13-01',
      '?endDate=tomorrow',
      '?year=1899',
      '?year=abc',
      `?year=${Number(time.today().slice(0, 4)) + 2}`,
      '?service=svc_nope',
      `?startDate=${d3}&endDate=${d1}`,
      `?customerName=${'x'.repeat(200)}`,
    ]) {
      const response = await send('GET', `/api/bookings/all${bad}`, admin.headers);
      expect(response.status, bad).toBe(400);
      expect((await json<Msg>(response)).msg, bad).toBeTruthy();
    }
  });
});

describe('PATCH /api/bookings/:id/status: any to any, invariants kept', () => {
  async function pendingBooking(at = '09:00', date = nextDate()) {
    const admin = await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: [at], price: 40 });
    await asSystem('test', async () => TimeSlot.ensureWindow(await Service.fromId(service._id), date, 1));
    const created = await postBooking(customer, service._id, date, at);
    const { booking } = await json<{ booking: BookingReply }>(created);
    const path = `/api/bookings/${booking._id}/status`;
    const set = async (status: string) =>
      send('PATCH', path, admin.headers, { status, ...(status === 'Completed' ? AHEAD_OF_ITS_DAY : {}) });
    return { admin, customer, service, date, at, booking, path, set };
  }
  const times = async (serviceId: string, date: string) =>
    (
      await json<{ times: string[] }>(
        await send('GET', `/api/services/${serviceId}/availability?date=${date}`),
      )
    ).times;

  it('cancel frees the slot and the technician; un-cancel claims them again; every change is audited', async () => {
    const { admin, customer, service, date, set, booking } = await pendingBooking('09:00');
    expect(await times(service._id, date)).toEqual([]);
    const cancelled = await set('Cancelled');
    expect(cancelled.status).toBe(200);
    expect(await times(service._id, date)).toEqual(['09:00']);
    expect((await TimeSlot.onDate(service._id, date))[0]).toMatchObject({ isBooked: false });
    const back = await set('Confirmed');
    expect(back.status).toBe(200);
    const reply = await json<AdminBookingReply>(back);
    expect(reply.status).toBe('Confirmed');
    expect(await times(service._id, date)).toEqual([]);
    expect((await TimeSlot.onDate(service._id, date))[0]).toMatchObject({
      isBooked: true,
      bookingId: booking._id,
    });
    expect(reply.statusHistory.map((h) => [h.from, h.to, h.by.role, h.by.name])).toEqual([
      [null, 'Pending', 'customer', `${customer.firstName} ${customer.lastName}`],
      ['Pending', 'Cancelled', 'admin', 'Ada Admin'],
      ['Cancelled', 'Confirmed', 'admin', 'Ada Admin'],
    ]);
    expect(reply.statusHistory.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
    expect(reply.statusHistory[1]?.by._id).toBe(admin._id);
    // Verification statuses are reachable too, and back.
    for (const status of ['Pending Verification', 'Pending Customer Verification', 'Pending']) {
      expect((await set(status)).status, status).toBe(200);
    }
    const mails = (await readOutbox()).filter((m) => m.to.includes(customer.email));
    expect(mails.some((m) => /cancelled/i.test(m.subject))).toBe(true);
    expect(mails.some((m) => /confirmed/i.test(m.subject))).toBe(true);
  });

  it('un-cancel gets 409 when the time was taken meanwhile, and changes nothing', async () => {
    const { service, date, set, path, admin } = await pendingBooking('11:00');
    await set('Cancelled');
    const someoneElse = await createUserWithCard();
    expect((await postBooking(someoneElse, service._id, date, '11:00')).status).toBe(201);
    const back = await set('Pending');
    expect(back.status).toBe(409);
    expect((await json<Msg>(back)).msg).toBe(deskMessages.reclaimTaken);
    // Still Cancelled: out of the desk's open list, its history ending in Cancelled.
    const listed = await json<BookingReply[]>(
      await send(
        'GET',
        `/api/bookings/all?startDate=${date}&endDate=${date}&service=${service._id}`,
        admin.headers,
      ),
    );
    expect(listed.filter((b) => path.includes(b._id))).toEqual([]);
    const history = await json<AdminBookingReply['statusHistory']>(
      await send('GET', path.replace(/\/status$/, '/history'), admin.headers),
    );
    expect(history.at(-1)?.to).toBe('Cancelled');
  });

  it('un-cancel gets 409 when the technician was taken by another job meanwhile', async () => {
    const { date, set, admin } = await pendingBooking('12:00');
    await set('Cancelled');
    expect((await adminCreate(admin, customBody(date, '12:30'))).response.status).toBe(201);
    const back = await set('Confirmed');
    expect(back.status).toBe(409);
    expect((await json<Msg>(back)).msg).toBe(deskMessages.reclaimCrewFull);
  });

  it('complete charges once; moving out of Completed and back never charges again', async () => {
    const { customer, set } = await pendingBooking('14:00');
    const square = config().square.baseUrl;
    const count = async () =>
      (
        (await (await fetch(`${square}/_stand-in/payments`)).json()) as {
          payments: { customer_id?: string; amount_money: { amount: number } }[];
        }
      ).payments.filter((p) => p.amount_money.amount === 4000).length;
    const before = await count();
    const done = await json<AdminBookingReply>(await set('Completed'));
    expect(done.payment).toMatchObject({ status: 'paid', amount: 40 });
    expect(await count()).toBe(before + 1);
    for (const status of ['Confirmed', 'Cancelled', 'Completed', 'Pending', 'Completed']) {
      const reply = await set(status);
      expect(reply.status, status).toBe(200);
      expect((await json<AdminBookingReply>(reply)).payment, status).toEqual(done.payment);
    }
    expect(await count()).toBe(before + 1);
    const receipts = (await readOutbox()).filter(
      (m) => m.to.includes(customer.email) && /receipt/i.test(m.subject),
    );
    expect(receipts).toHaveLength(1);
  });

  it('the progress text is bounded and only for Pending or Confirmed', async () => {
    const { path, admin, set } = await pendingBooking('16:00');
    expect((await send('PATCH', path, admin.headers, { serviceStatus: 'x'.repeat(501) })).status).toBe(400);
    expect((await send('PATCH', path, admin.headers, { serviceStatus: 'x'.repeat(500) })).status).toBe(200);
    await set('Pending Verification');
    expect((await send('PATCH', path, admin.headers, { serviceStatus: 'late' })).status).toBe(409);
  });
});

describe('customers: list, search, create', () => {
  it('pages the customers (admins never listed) and searches by prefix, case-insensitive (decision 060)', async () => {
    const admin = await createUser({ role: 'admin', lastName: 'Aaadmin' });
    const tag = crypto.randomUUID().slice(0, 6);
    const zed = await createUser({ firstName: 'Zed', lastName: `Young${tag}` });
    const amy = await createUser({ firstName: 'Amy', lastName: `Abbott${tag}` });
    /** Every page of a list, following `X-Next-Cursor` to the end. */
    const allPages = async (path: string) => {
      const ids: string[] = [];
      const replies: CustomerReply[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const separator = path.includes('?') ? '&' : '?';
        const response = await send(
          'GET',
          `${path}${separator}limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          admin.headers,
        );
        expect(response.status).toBe(200);
        const page = await json<CustomerReply[]>(response);
        expect(page.length).toBeLessThanOrEqual(1);
        replies.push(...page);
        ids.push(...page.map((u) => u._id));
        cursor = response.headers.get('X-Next-Cursor');
        pages += 1;
      } while (cursor && pages < 2000);
      expect(cursor).toBeNull();
      return { ids, replies, pages };
    };
    const all = await allPages('/api/admin/users');
    expect(all.pages).toBeGreaterThan(1);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(all.ids).toEqual(expect.arrayContaining([amy._id, zed._id]));
    expect(all.ids).not.toContain(admin._id);
    expect(all.replies.every((u) => u.isAdmin === false && u.role === 'customer')).toBe(true);
    expect(all.replies.find((u) => u._id === amy._id)).toEqual({
      _id: amy._id,
      firstName: 'Amy',
      lastName: `Abbott${tag}`,
      email: amy.email,
      phone: '',
      username: amy.email,
      isAdmin: false,
      role: 'customer',
      hasCardOnFile: false,
    });
    const search = async (query: string) =>
      (await allPages(`/api/admin/users/search?query=${encodeURIComponent(query)}`)).ids;
    expect(await search(`abbott${tag}`.toUpperCase())).toEqual([amy._id]);
    expect(await search(`young${tag.slice(0, 3)}`)).toContain(zed._id);
    expect(await search(`zed young${tag}`.toUpperCase())).toEqual([zed._id]);
    expect(await search(amy.email.toUpperCase())).toEqual([amy._id]);
    expect(await search(amy.email.slice(0, amy.email.indexOf('@')))).toContain(amy._id);
    // Prefix, not any part: the tag sits inside the last name, so it finds nobody.
    expect(await search(tag)).toEqual([]);
    expect(await search('Aaadmin')).toEqual([]);
    const created = await send('POST', '/api/admin/create-customer', admin.headers, {
      firstName: 'Phil',
      lastName: `Phone${tag}`,
      email: `phil-${tag}@example.com`,
      phone: '(610) 555-0199',
    });
    expect(created.status).toBe(201);
    const phil = (await json<{ user: CustomerReply }>(created)).user._id;
    expect(await search('6105550199')).toContain(phil);
    expect(await search('(610) 555-01')).toContain(phil);
    expect(
      (await send('GET', `/api/admin/users/search?query=${'x'.repeat(201)}`, admin.headers)).status,
    ).toBe(400);
  });

  it('a bad cursor or page size answers 400 { msg }', async () => {
    const admin = await createUser({ role: 'admin' });
    for (const path of [
      '/api/admin/users?cursor=not-a-cursor',
      '/api/admin/users/search?query=a&cursor=bm90IGpzb24',
      '/api/admin/users?limit=0',
      '/api/admin/users?limit=101',
      '/api/admin/users/search?limit=x',
    ]) {
      const response = await send('GET', path, admin.headers);
      expect(response.status, path).toBe(400);
      expect(typeof (await json<{ msg: string }>(response)).msg, path).toBe('string');
    }
    const bad = await send('GET', '/api/admin/users?cursor=not-a-cursor', admin.headers);
    expect((await json<{ msg: string }>(bad)).msg).toBe(INVALID_CURSOR);
  });

  it('create-customer: 201 with the user, 409 on a taken email (any case), 400 on bad input; nothing written then', async () => {
    const admin = await createUser({ role: 'admin' });
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await send('POST', '/api/admin/create-customer', admin.headers, {
      firstName: 'Nina',
      lastName: 'New',
      email,
    });
    expect(made.status).toBe(201);
    const { msg, user } = await json<{ msg: string; user: CustomerReply }>(made);
    expect(msg).toBe(deskMessages.customerCreated);
    expect(user).toMatchObject({
      firstName: 'Nina',
      lastName: 'New',
      email,
      phone: '',
      role: 'customer',
      isAdmin: false,
    });
    const taken = await send('POST', '/api/admin/create-customer', admin.headers, {
      firstName: 'Other',
      lastName: 'Person',
      email: email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect((await json<Msg>(taken)).msg).toMatch(/already exists/);
    const existing = await createUser();
    expect(
      (
        await send('POST', '/api/admin/create-customer', admin.headers, {
          firstName: 'A',
          lastName: 'B',
          email: existing.email,
        })
      ).status,
    ).toBe(409);
    for (const bad of [
      { lastName: 'B', email: 'x1@example.com' },
      { firstName: 'A', email: 'x2@example.com' },
      { firstName: 'A', lastName: 'B' },
      { firstName: 'A', lastName: 'B', email: 'not-an-email' },
      { firstName: 'A', lastName: 'B', email: 'x3@example.com', phone: 'call me maybe' },
      { firstName: 'A\r\nBcc: x@example.com', lastName: 'B', email: 'x4@example.com' },
    ]) {
      const response = await send('POST', '/api/admin/create-customer', admin.headers, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const mails = (await readOutbox()).filter(
      (m) => /x[1-4]@example.com/.test(m.to.join(',')) || m.to.includes('other@example.com'),
    );
    expect(mails).toEqual([]);
    // The invitation went out once, to the new customer.
    expect(
      (await readOutbox()).filter((m) => m.to.includes(email) && /account is ready/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('the invitation link sets the password once; until then nobody can sign in; forgot password works too', async () => {
    const admin = await createUser({ role: 'admin' });
    const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await send('POST', '/api/admin/create-customer', admin.headers, {
      firstName: 'Ivy',
      lastName: 'Invited',
      email,
    });
    const login = (password: string) => send('POST', '/api/users/login', {}, { email, password });
    for (const password of ['', 'anything-at-all', 'x']) {
      const refused = await login(password);
      expect(refused.status, password).toBe(400);
    }
    const mail = (await readOutbox()).find((m) => m.to.includes(email) && /account is ready/.test(m.subject));
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(mail?.text).toContain(`${config().publicUrl}/reset-password/${token}`);
    expect(mail?.text).toContain('7 days');
    const record = await LinkToken.view('reset-password', token ?? '');
    expect(record.ok && record.record.expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(
      7 * 86400 - 120,
    );
    const set = await send('POST', '/api/users/reset-password', {}, { token, password: 'my-own-password-1' });
    expect(set.status).toBe(200);
    const again = await send(
      'POST',
      '/api/users/reset-password',
      {},
      { token, password: 'another-password-2' },
    );
    expect(again.status).toBe(400);
    const signedIn = await login('my-own-password-1');
    expect(signedIn.status).toBe(200);
    expect((await login('another-password-2')).status).toBe(400);

    // Another invited customer who lost the mail: forgot password sends a working link.
    const lost = `lost-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await send('POST', '/api/admin/create-customer', admin.headers, {
      firstName: 'Lou',
      lastName: 'Lost',
      email: lost,
    });
    expect((await send('POST', '/api/users/forgot-password', {}, { email: lost })).status).toBe(200);
    const reset = (await readOutbox()).filter((m) => m.to.includes(lost) && /reset/i.test(m.subject)).at(-1);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(reset?.text ?? '')?.[1];
    expect(
      (
        await send(
          'POST',
          '/api/users/reset-password',
          {},
          { token: resetToken, password: 'found-it-again-3' },
        )
      ).status,
    ).toBe(200);
    expect(
      (await send('POST', '/api/users/login', {}, { email: lost, password: 'found-it-again-3' })).status,
    ).toBe(200);
  });
});

describe('PATCH /api/bookings/:id/assign-customer', () => {
  it('sets the customer and status, mails the link with the details; refuses a wrong email, an admin, a booking not waiting', async () => {
    const admin = await createUser({ role: 'admin' });
    const customer = await createUser({ firstName: 'Cal' });
    const date = nextDate();
    const created = await adminCreate(admin, customBody(date, '15:00'));
    const wrongEmail = await send(
      'PATCH',
      `/api/bookings/${created.body._id}/assign-customer`,
      admin.headers,
      {
        customerId: customer._id,
        customerEmail: 'someone-else@example.com',
      },
    );
    expect(wrongEmail.status).toBe(400);
    expect(
      (await assign(admin, created.body._id, { _id: admin._id, email: admin.email })).response.status,
    ).toBe(404);
    expect((await assign(admin, 'bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ', customer)).response.status).toBe(404);
    const done = await assign(admin, created.body._id, {
      _id: customer._id,
      email: customer.email.toUpperCase(),
    });
    expect(done.response.status).toBe(200);
    expect(done.body.msg).toBe(deskMessages.assigned);
    expect(done.body.booking.statusHistory.map((h) => h.to)).toEqual([
      'Pending Verification',
      'Pending Customer Verification',
    ]);
    const mail = (await readOutbox()).filter((m) => m.to.includes(customer.email)).at(-1);
    expect(mail?.subject).toMatch(/confirm your booking/i);
    expect(mail?.text).toContain(`${config().publicUrl}/verify-custom-booking/`);
    expect(mail?.text).toContain('Headlight restoration');
    expect(mail?.text).toContain('$89.50');
    // Not waiting for verification any more: 409.
    await send('PATCH', `/api/bookings/${created.body._id}/status`, admin.headers, { status: 'Confirmed' });
    expect((await assign(admin, created.body._id, customer)).response.status).toBe(409);
  });

  it('the link expires at the booking start when that is sooner than 7 days; a re-assignment replaces the link', async () => {
    const soon = time.addDays(time.today(), 2);
    const { admin, customer, booking, token } = await assignedBooking(soon, '16:30');
    const found = await LinkToken.view('confirm-booking', token);
    expect(found.ok && found.record.expiresAt).toBe(Date.parse(time.instantOf(soon, '16:30')) / 1000);
    const far = await assignedBooking(nextDate('Monday', 20), '09:00');
    const farRecord = await LinkToken.view('confirm-booking', far.token);
    const sevenDays = Math.floor(Date.now() / 1000) + 7 * 86400;
    expect(farRecord.ok && Math.abs(farRecord.record.expiresAt - sevenDays)).toBeLessThan(60);

    const other = await createUser();
    expect((await assign(admin, booking._id, other)).response.status).toBe(200);
    const newer = await mailedToken(other.email);
    const old = await send('GET', linkPath(token));
    expect(old.status).toBe(400);
    expect((await json<Msg>(old)).msg).toBe(deskMessages.linkReplaced);
    expect((await send('POST', linkPath(token), {}, { confirmed: true })).status).toBe(400);
    expect((await send('GET', linkPath(newer))).status).toBe(200);
    // It left the first customer's Service History for the new one's.
    expect(await json(await send('GET', '/api/bookings', customer.headers))).toEqual([]);
    expect(
      (await json<BookingReply[]>(await send('GET', '/api/bookings', other.headers))).map((b) => b._id),
    ).toEqual([booking._id]);
  });
});

describe('the confirmation link', () => {
  it('decline: Cancelled, the time free again, the shop mailed; a second answer 400', async () => {
    const date = nextDate();
    const { admin, customer, booking, token } = await assignedBooking(date, '13:00');
    const declined = await send('POST', linkPath(token), {}, { confirmed: false });
    expect(declined.status).toBe(200);
    expect(await json(declined)).toEqual({ msg: deskMessages.declined });
    const listed = await json<BookingReply[]>(
      await send('GET', `/api/bookings/all?startDate=${date}&endDate=${date}`, admin.headers),
    );
    expect(listed.filter((b) => b._id === booking._id)).toEqual([]);
    const history = await json<AdminBookingReply['statusHistory']>(
      await send('GET', `/api/bookings/${booking._id}/history`, admin.headers),
    );
    expect(history.at(-1)).toMatchObject({
      from: 'Pending Customer Verification',
      to: 'Cancelled',
      by: { _id: customer._id, role: 'customer' },
    });
    // The time is free: another job fits there now.
    expect((await adminCreate(admin, customBody(date, '13:00'))).response.status).toBe(201);
    const mails = await readOutbox();
    expect(
      mails.some((m) => m.to.includes(config().businessEmail) && /declined by the customer/i.test(m.subject)),
    ).toBe(true);
    for (const body of [{ confirmed: false }, { confirmed: true }]) {
      const again = await send('POST', linkPath(token), {}, body);
      expect(again.status).toBe(400);
      expect((await json<Msg>(again)).msg).toBe(deskMessages.linkUsed);
    }
    expect((await send('GET', linkPath(token))).status).toBe(400);
  });

  it('unknown 404, malformed 404, bad bodies 400; a token reads and changes only its own booking', async () => {
    const first = await assignedBooking(nextDate(), '09:00');
    const second = await assignedBooking(nextDate(), '09:00');
    expect((await json<ConfirmationReply>(await send('GET', linkPath(first.token))))._id).toBe(
      first.booking._id,
    );
    expect((await json<ConfirmationReply>(await send('GET', linkPath(second.token))))._id).toBe(
      second.booking._id,
    );
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(300)]) {
      const response = await send('GET', linkPath(token));
      expect([400, 404], token).toContain(response.status);
      expect((await json<Msg>(response)).msg).toBeTruthy();
    }
    const unknown = await send('GET', linkPath('A'.repeat(43)));
    expect(unknown.status).toBe(404);
    expect((await json<Msg>(unknown)).msg).toBe(deskMessages.linkInvalid);
    // A reset-password token is no confirmation link.
    const { token: reset } = await LinkToken.issue('reset-password', {
      subjectId: first.customer._id,
      owner: { pk: `USER#${first.customer._id}` },
    });
    expect((await send('GET', linkPath(reset))).status).toBe(404);
    for (const body of [{}, { confirmed: 'yes' }, { confirmed: null }, 'nope']) {
      expect((await send('POST', linkPath(first.token), {}, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await send('POST', linkPath(first.token), {}, { confirmed: true })).status).toBe(200);
    const secondNow = await json<ConfirmationReply>(await send('GET', linkPath(second.token)));
    expect(secondNow.status).toBe('Pending Customer Verification');
  });

  it('an expired link is 400 and changes nothing', async () => {
    const { token } = await assignedBooking(nextDate(), '11:00');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 60 * 60 * 1000 });
    const read = await send('GET', linkPath(token));
    expect(read.status).toBe(400);
    expect((await json<Msg>(read)).msg).toBe(deskMessages.linkExpired);
    expect((await send('POST', linkPath(token), {}, { confirmed: true })).status).toBe(400);
    vi.useRealTimers();
    const still = await json<ConfirmationReply>(await send('GET', linkPath(token)));
    expect(still.status).toBe('Pending Customer Verification');
  });

  it('a booking the admin moved on (confirmed or cancelled) no longer takes answers', async () => {
    const { admin, booking, token } = await assignedBooking(nextDate(), '14:00');
    await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, { status: 'Cancelled' });
    const read = await send('GET', linkPath(token));
    expect(read.status).toBe(400);
    expect((await json<Msg>(read)).msg).toBe(deskMessages.linkNotWaiting);
    expect((await send('POST', linkPath(token), {}, { confirmed: true })).status).toBe(400);
    expect(bookingMessages.notFound).toBeTruthy();
  });
});

describe('rate limits (decision 008)', () => {
  it('the public link: 120 uses per 15 minutes from one address, then 429 with Retry-After', async () => {
    const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const get = () =>
      app.request(linkPath('B'.repeat(43)), {}, { incoming: { socket: { remoteAddress: ip } } });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 1) statuses.push((await get()).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await json<Msg>(limited)).msg).toBeTruthy();
  });

  it('create-customer: 30 an hour per admin', async () => {
    const admin = await createUser({ role: 'admin' });
    const tag = crypto.randomUUID().slice(0, 6);
    const create = (i: number) =>
      send('POST', '/api/admin/create-customer', admin.headers, {
        firstName: 'Many',
        lastName: `Customers${i}`,
        email: `many-${tag}-${i}@example.com`,
      });
    for (let i = 0; i < 30; i += 1) expect((await create(i)).status).toBe(201);
    const limited = await create(30);
    expect(limited.status).toBe(429);
    // Refused before anything was written: the address is still free.
    const other = await createUser({ role: 'admin' });
    expect(
      (
        await send('POST', '/api/admin/create-customer', other.headers, {
          firstName: 'Many',
          lastName: 'Customers30',
          email: `many-${tag}-30@example.com`,
        })
      ).status,
    ).toBe(201);
  });
});
