import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { migrate } from '../lambda/migrations';
import { db, tableName } from '@app/core/db/client';
import { INVALID_CURSOR } from '@app/core/db/entity';
import { phoneClient } from '../../../tests/desk-bookings';
import { describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';
import type { BookingReply } from './bookings';

/** The desk's list a page at a time (decisions 049, 050): limit, cursor, X-Next-Cursor. */

type Headers = Record<string, string>;

async function customBooking(admin: { headers: Headers }, date: string, lastName: string) {
  const response = await send('POST', '/api/bookings/admin-create', admin.headers, {
    isCustomService: true,
    customServiceName: 'Paging check',
    customServicePrice: 10,
    date,
    time: '10:00',
    duration: 60,
    clientFirstName: 'Page',
    clientLastName: lastName,
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleYear: 2017,
    serviceAddress: phoneClient.serviceAddress,
  });
  expect(response.status).toBe(201);
  return json<BookingReply>(response);
}

/** Every page of `query` with `limit`, following X-Next-Cursor until it is absent. */
async function allPages(admin: { headers: Headers }, query: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const at: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await send('GET', `/api/bookings/all?limit=${limit}${query}${at}`, admin.headers);
    expect(response.status).toBe(200);
    cursor = response.headers.get('X-Next-Cursor');
    pages.push((await json<BookingReply[]>(response)).map((b) => b.clientLastName));
  } while (cursor);
  return pages;
}

/** The ids the desk's list shows for `date`. */
async function listedOn(admin: { headers: Headers }, date: string) {
  const reply = await send('GET', `/api/bookings/all?startDate=${date}&endDate=${date}`, admin.headers);
  return (await json<BookingReply[]>(reply)).map((b) => b._id);
}

describe('GET /api/bookings/all, a page at a time', () => {
  it('pages through every open booking, upcoming soonest first, with nothing lost or doubled; filters page too', async () => {
    const admin = await createUser({ role: 'admin' });
    const dates = Array.from({ length: 7 }, () => nextDate());
    const made = [];
    for (const [n, date] of dates.entries()) made.push(await customBooking(admin, date, `Pager${n}`));
    // Issue 30 (decision 095): upcoming visits first, soonest first (these are all upcoming); was newest first.
    const newestFirst = made.map((b) => b.clientLastName);

    const pages = await allPages(admin, '', 3);
    expect(pages).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3, 6), newestFirst.slice(6)]);

    // The spec's client sends no limit: the first page at the default size, here all of them.
    const first = await send('GET', '/api/bookings/all', admin.headers);
    expect(first.headers.get('X-Next-Cursor')).toBeNull();
    expect((await json<BookingReply[]>(first)).map((b) => b.clientLastName)).toEqual(newestFirst);

    // A filter and a date range, paged.
    const [from, , , , to] = [dates[1], dates[2], dates[3], dates[4], dates[5]];
    const ranged = await allPages(admin, `&startDate=${from}&endDate=${to}&service=custom`, 2);
    expect(ranged.flat()).toEqual(newestFirst.slice(1, 6));
    expect(ranged.map((p) => p.length)).toEqual([2, 2, 1]);
    expect((await allPages(admin, '&customerName=pager3', 2)).flat()).toEqual(['Pager3']);
  });

  it('closed bookings leave the list, and come back when reopened', async () => {
    const admin = await createUser({ role: 'admin' });
    const date = nextDate();
    const booking = await customBooking(admin, date, 'Closer');
    const listed = () => listedOn(admin, date);
    const status = (to: string) =>
      send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
        status: to,
        ...(to === 'Completed' ? AHEAD_OF_ITS_DAY : {}),
      });

    expect(await listed()).toEqual([booking._id]);
    expect((await status('Cancelled')).status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await status('Pending')).status).toBe(200);
    expect(await listed()).toEqual([booking._id]);
    expect((await status('Completed')).status).toBe(200);
    expect(await listed()).toEqual([]);
  });

  it('a cursor it did not make, or a bad limit, is 400 with a msg', async () => {
    const admin = await createUser({ role: 'admin' });
    for (const bad of [
      'cursor=nope',
      `cursor=${'x'.repeat(1001)}`,
      'limit=0',
      'limit=101',
      'limit=2.5',
      'limit=ten',
    ]) {
      const response = await send('GET', `/api/bookings/all?${bad}`, admin.headers);
      expect(response.status, bad).toBe(400);
      const body = await json<{ msg: string }>(response);
      expect(body.msg, bad).toBeTruthy();
      if (bad === 'cursor=nope') expect(body.msg).toBe(INVALID_CURSOR);
    }
  });

  it('bookings written before the index join it once, through the migration', async () => {
    const admin = await createUser({ role: 'admin' });
    const date = nextDate();
    const booking = await customBooking(admin, date, 'Older');
    const listed = () => listedOn(admin, date);
    // As an item written before decision 050: no index keys.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `BOOKING#${booking._id}`, sk: 'BOOKING' },
        UpdateExpression: 'REMOVE openPk, openSk',
      }),
    );
    expect(await listed()).toEqual([]);
    // Every open booking of this file's table is looked at once; this one among them.
    const migrated = await migrate();
    expect(migrated['open-bookings-index']?.changed).toBeGreaterThanOrEqual(1);
    expect(migrated['technician-days']?.done).toBe(true);
    expect(await listed()).toEqual([booking._id]);
    expect(await migrate()).toEqual({});
  });
});
