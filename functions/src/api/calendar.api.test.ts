import { bookingCalendarFile } from '@app/core/booking/mail-place';
import { findBooking, mailInfo } from '@app/core/booking/store';
import * as time from '@app/core/time';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import {
  json,
  createUserWithCard,
  createUser,
  createTechnician,
  serviceOffering,
} from '../../../tests/factories';
import type { CalendarAddressReply } from './calendar';

/**
 * The calendar subscription feeds (issue 36, decision 118): each technician's
 * and the admin's own address, the feed behind it (their jobs only, as the
 * customer's mail writes each event, with no more of the customer than a
 * first name and the town), its ETag, and a new address that stops the old.
 */

type Caller = { headers: Record<string, string> };
let admin: Caller;
let tess: Caller;
let theo: Caller;
let serviceId: string;

beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
  tess = await createTechnician({}, { number: 1 });
  theo = await createTechnician({}, { number: 2 });
  serviceId = (await serviceOffering(['09:00', '13:00']))._id;
});

afterEach(() => {
  vi.useRealTimers();
});

/** The caller's new feed address (POST), as https:// and webcal://. */
async function newAddress(who: Caller) {
  const response = await send('POST', '/api/calendar/address', who.headers);
  expect(response.status).toBe(200);
  const { address } = await json<CalendarAddressReply>(response);
  if (!address) throw new Error('No address was made.');
  return address;
}

/** The feed's path on this server, from its address. */
const pathOf = (https: string) => new URL(https).pathname;

/** The feed's content lines, unfolded (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

/** The VEVENT of `bookingId` in a feed, as its unfolded lines (empty: not there). */
function eventOf(ics: string, bookingId: string): string[] {
  const lines = unfold(ics);
  const uid = lines.findIndex((line) => line.startsWith(`UID:${bookingId}@`));
  if (uid < 0) return [];
  const begin = lines.lastIndexOf('BEGIN:VEVENT', uid);
  return lines.slice(begin, lines.indexOf('END:VEVENT', uid) + 1);
}

/** A property's whole line in an event, parameters and all. */
const lineOf = (event: string[], name: string) =>
  event.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
/** A property's value. */
const value = (event: string[], name: string) => lineOf(event, name)?.split(':').slice(1).join(':');

async function feedOf(https: string, headers: Record<string, string> = {}) {
  const response = await send('GET', pathOf(https), headers);
  return { response, text: await response.text() };
}

/** A customer's booking at `date` `at` (technician 1 takes it: the lowest free). */
async function book(date: string, at = '09:00') {
  const customer = await createUserWithCard({ firstName: 'Wendy', lastName: 'Privacyson' });
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(response);
  return { customer, booking: await findBooking(booking._id) };
}

describe('a feed address', () => {
  it('is none until made; made, it is a webcal:// and an https:// address of the same feed', async () => {
    const first = await send('GET', '/api/calendar/address', theo.headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await json<CalendarAddressReply>(first)).toEqual({ address: null, days: 60 });

    const made = await newAddress(theo);
    expect(made.https).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.webcal).toBe(made.https.replace(/^https?:/, 'webcal:'));
    const again = await json<CalendarAddressReply>(await send('GET', '/api/calendar/address', theo.headers));
    expect(again.address).toEqual(made);
  });

  it('is a staff member’s own: a customer 403, nobody 401', async () => {
    const customer = await createUser();
    expect((await send('GET', '/api/calendar/address', customer.headers)).status).toBe(403);
    expect((await send('POST', '/api/calendar/address', customer.headers)).status).toBe(403);
    expect((await send('GET', '/api/calendar/address')).status).toBe(401);
  });

  it('a new address stops the old one at once; a wrong one gets the same 404', async () => {
    const old = await newAddress(tess);
    expect((await feedOf(old.https)).response.status).toBe(200);
    const current = await newAddress(tess);
    expect(current.https).not.toBe(old.https);

    const refused = await send('GET', pathOf(old.https));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const wrong = await send('GET', `/api/calendar/${'A'.repeat(43)}.ics`);
    const notIcs = await send('GET', pathOf(current.https).replace('.ics', '.txt'));
    expect(wrong.status).toBe(404);
    expect(notIcs.status).toBe(404);
    const message = (await json<{ msg: string }>(refused)).msg;
    expect((await json<{ msg: string }>(wrong)).msg).toBe(message);
    expect((await json<{ msg: string }>(notIcs)).msg).toBe(message);
    expect((await feedOf(current.https)).response.status).toBe(200);
  });

  it('two new addresses at once leave exactly one that works: the one the page shows', async () => {
    const who = await createTechnician();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/calendar/address', who.headers)),
    );
    const made = await Promise.all(
      replies
        .filter((r) => r.status === 200)
        .map(async (r) => (await json<CalendarAddressReply>(r)).address!),
    );
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const working = [];
    for (const address of made) {
      if ((await send('GET', pathOf(address.https))).status === 200) working.push(address);
    }
    expect(working).toHaveLength(1);
    const shown = await json<CalendarAddressReply>(await send('GET', '/api/calendar/address', who.headers));
    expect(shown.address?.https).toBe(working[0]!.https);
  });
});

describe('the feed', () => {
  it("lists the technician's own jobs as the customer's mail writes them, and nothing private", async () => {
    const date = nextDate();
    const { booking } = await book(date);
    expect(booking.claim?.technician).toBe(1);
    const mine = await newAddress(tess);
    const { response, text } = await feedOf(mine.https);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(unfold(text)).toEqual(
      expect.arrayContaining(['REFRESH-INTERVAL;VALUE=DURATION:PT60M', 'X-PUBLISHED-TTL:PT60M']),
    );

    const event = eventOf(text, booking.id);
    const mail = eventOf(bookingCalendarFile(mailInfo(booking)).content.toString(), booking.id);
    for (const name of ['UID', 'SEQUENCE', 'STATUS', 'DTSTART', 'DTEND']) {
      expect(lineOf(event, name), name).toBe(lineOf(mail, name));
    }
    const area = `${booking.serviceAddress!.city}\\, ${booking.serviceAddress!.state}`;
    expect(value(event, 'LOCATION')).toBe(area);
    expect(value(event, 'SUMMARY')).toContain('Wendy');
    expect(value(event, 'URL')).toMatch(new RegExp(`/tech\\?date=${date}$`));
    // No last name, email, street, phone, vehicle or notes.
    for (const secret of [
      'Privacyson',
      booking.customer!.email,
      booking.serviceAddress!.street,
      'Civic',
      'driveway',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("another technician's feed shows only theirs; the admin's shows every technician's", async () => {
    const date = nextDate();
    const { booking } = await book(date);
    const { booking: other } = await book(date, '13:00');
    const moved = await send('PUT', `/api/admin/bookings/${other.id}/technician`, admin.headers, {
      technician: 2,
    });
    expect(moved.status).toBe(200);

    const tessFeed = (await feedOf((await newAddress(tess)).https)).text;
    const theoFeed = (await feedOf((await newAddress(theo)).https)).text;
    const adminFeed = (await feedOf((await newAddress(admin)).https)).text;
    expect(eventOf(tessFeed, booking.id)).not.toEqual([]);
    expect(eventOf(tessFeed, other.id)).toEqual([]);
    expect(eventOf(theoFeed, other.id)).not.toEqual([]);
    expect(eventOf(theoFeed, booking.id)).toEqual([]);
    expect(eventOf(adminFeed, booking.id)).not.toEqual([]);
    expect(value(eventOf(adminFeed, other.id), 'URL')).toMatch(/&technician=2$/);
  });

  it('answers 304 to its ETag until a job changes; a cancelled job stays, CANCELLED, with a higher SEQUENCE', async () => {
    const date = nextDate();
    const { booking } = await book(date);
    const mine = await newAddress(tess);
    const first = await feedOf(mine.https);
    const etag = first.response.headers.get('etag')!;
    const unchanged = await send('GET', pathOf(mine.https), { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('cache-control')).toBe('private, max-age=300');
    const before = Number(value(eventOf(first.text, booking.id), 'SEQUENCE'));

    const cancel = await send('PATCH', `/api/bookings/${booking.id}/status`, admin.headers, {
      status: 'Cancelled',
    });
    expect(cancel.status).toBe(200);
    const after = await send('GET', pathOf(mine.https), { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const event = eventOf(await after.text(), booking.id);
    expect(value(event, 'STATUS')).toBe('CANCELLED');
    expect(Number(value(event, 'SEQUENCE'))).toBeGreaterThan(before);
    const mail = eventOf(
      bookingCalendarFile(mailInfo(await findBooking(booking.id))).content.toString(),
      booking.id,
    );
    expect(value(event, 'SEQUENCE')).toBe(value(mail, 'SEQUENCE'));

    // Another job claimed on that day keeps the cancelled one on it.
    const { booking: next } = await book(booking.date, booking.time);
    expect(next.claim?.technician).toBe(1);
    const later = (await feedOf(mine.https)).text;
    expect(value(eventOf(later, booking.id), 'STATUS')).toBe('CANCELLED');
    expect(eventOf(later, next.id)).not.toEqual([]);
  });

  it('a cancelled job put back on is one live event again', async () => {
    const { booking } = await book(nextDate());
    const mine = await newAddress(tess);
    const cancel = await send('PATCH', `/api/bookings/${booking.id}/status`, admin.headers, {
      status: 'Cancelled',
    });
    expect(cancel.status).toBe(200);
    const back = await send('PATCH', `/api/bookings/${booking.id}/status`, admin.headers, {
      status: 'Confirmed',
    });
    expect(back.status, await back.clone().text()).toBe(200);
    const text = (await feedOf(mine.https)).text;
    expect(unfold(text).filter((line) => line.startsWith(`UID:${booking.id}@`))).toHaveLength(1);
    expect(value(eventOf(text, booking.id), 'STATUS')).toBe('CONFIRMED');
  });

  it("a deactivated technician's address stops working", async () => {
    const who = await createTechnician();
    const address = await newAddress(who);
    expect((await send('GET', pathOf(address.https))).status).toBe(200);
    const off = await send(
      'POST',
      `/api/admin/technicians/${who.technician.number}/deactivate`,
      admin.headers,
    );
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await send('GET', pathOf(address.https))).status).toBe(404);
  });

  it('a move keeps the UID and raises SEQUENCE', async () => {
    const { customer, booking } = await book(nextDate());
    const mine = await newAddress(tess);
    const before = Number(value(eventOf((await feedOf(mine.https)).text, booking.id), 'SEQUENCE'));
    const to = nextDate();
    const move = await send('POST', `/api/bookings/${booking.id}/reschedule`, customer.headers, {
      date: to,
      time: '13:00',
    });
    expect(move.status).toBe(200);
    const event = eventOf((await feedOf(mine.https)).text, booking.id);
    expect(lineOf(event, 'DTSTART')).toBe(`DTSTART;TZID=America/New_York:${to.replaceAll('-', '')}T130000`);
    expect(Number(value(event, 'SEQUENCE'))).toBeGreaterThan(before);
  });

  it(`lists the next ${60} days: a job on the 60th day is in, on the 61st out`, async () => {
    const date = nextDate();
    const { booking } = await book(date);
    const mine = await newAddress(tess);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(time.instantOf(time.addDays(date, -59), '12:00')) });
    expect(eventOf((await feedOf(mine.https)).text, booking.id)).not.toEqual([]);
    vi.setSystemTime(new Date(time.instantOf(time.addDays(date, -60), '12:00')));
    expect(eventOf((await feedOf(mine.https)).text, booking.id)).toEqual([]);
  });
});
