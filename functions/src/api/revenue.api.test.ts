import { bookingReference } from '@app/core/booking/reference';
import { findBooking } from '@app/core/booking/store';
import { config } from '@app/core/config';
import { db, tableName } from '@app/core/db/client';
import { transactRetrying } from '@app/core/db/transact';
import { runSteps } from '@app/core/db/migration';
import { Revenue } from '@app/core/revenue/index';
import { revenueSteps } from '@app/core/revenue/migrate';
import { entry } from '@app/core/revenue/store';
import * as time from '@app/core/time';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, bookThenComplete, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import type { BookingReply } from './bookings';
import { app } from './index';
import type { DashboardReply } from './revenue-reply';

/**
 * The revenue dashboard and the CSV export against DynamoDB Local and the
 * Square stand-in: the counters after completion charges, a decline and a
 * refund; the export's range, paging and quoting; the backfill of bookings
 * paid before revenue was counted.
 */

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

async function complete(price: number, sourceId?: string, serviceName?: string): Promise<BookingReply> {
  const customer = await createUserWithCard({}, sourceId);
  const service = await createService({
    price,
    availableDays: [],
    availableTimes: ['13:00'],
    ...(serviceName ? { name: serviceName } : {}),
  });
  const done = await bookThenComplete(customer, admin, service._id);
  expect(done.status).toBe(200);
  return json<BookingReply>(done);
}

const dashboard = async () => {
  const reply = await send('GET', '/api/admin/revenue', admin.headers);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return json<DashboardReply>(reply);
};

describe('the revenue dashboard', () => {
  let paid: BookingReply[] = [];
  it('counts completion charges, a decline and a refund, in dollars', async () => {
    paid = [await complete(100, undefined, 'Revenue oil change'), await complete(50.5)];
    const declined = await complete(80, 'cnon:stand-in-charge-declined');
    expect(declined.payment?.status).toBe('failed');
    const first = paid[0] as BookingReply;
    await transactRetrying(
      Revenue.refundItems({
        refundId: 'refund-test-1',
        paymentId: first.payment?.providerPaymentId ?? '',
        bookingId: first._id,
        amountCents: 2_500,
        at: new Date().toISOString(),
        serviceName: first.serviceName,
        reason: 'Goodwill',
      }),
    );
    const figures = await dashboard();
    expect(figures.thisMonth).toMatchObject({
      month: time.today().slice(0, 7),
      revenue: 150.5,
      refunds: 25,
      net: 125.5,
      payments: 2,
      jobs: 2,
      averageTicket: 75.25,
    });
    expect(figures.outstanding).toEqual({ count: 1, amount: 80 });
    expect(figures.refunds).toEqual({ count: 1, amount: 25 });
    expect(figures.byService).toEqual([
      { serviceId: first.service?._id, name: 'Revenue oil change', revenue: 100, jobs: 1 },
      expect.objectContaining({ revenue: 50.5, jobs: 1 }),
    ]);
    expect(figures.byTechnician.reduce((sum, t) => sum + t.jobs, 0)).toBe(2);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks.at(-1)).toMatchObject({ revenue: 150.5, refunds: 25 });
    expect(figures.weeks[0]?.start).toBe(time.addDays(figures.weeks.at(-1)?.start ?? '', -77));
    expect(figures.recent.map((e) => e.kind)).toContain('refund');
    expect(figures.recent).toHaveLength(3);
    // Completing again (the admin moves it back and forth) counts nothing more.
    const path = `/api/bookings/${first._id}/status`;
    await send('PATCH', path, admin.headers, { status: 'Confirmed' });
    await send('PATCH', path, admin.headers, { status: 'Completed', ...AHEAD_OF_ITS_DAY });
    expect((await dashboard()).thisMonth).toMatchObject({ revenue: 150.5, jobs: 2 });
  });

  it('the backfill counts bookings paid before revenue was, once, and resumes', async () => {
    const before = await dashboard();
    // What a table written by the release before looks like: no flag, no counters, no ledger.
    const all = [...paid];
    for (const b of all) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `BOOKING#${b._id}`, sk: 'BOOKING' },
          UpdateExpression: 'REMOVE inRevenue',
        }),
      );
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { pk: `LEDGER#${b.payment?.providerPaymentId}`, sk: 'ENTRY' },
        }),
      );
    }
    const { thisMonth } = before;
    const month = `MONTH#${thisMonth.month}`;
    const week = `WEEK#${before.weeks.at(-1)?.week}`;
    for (const sk of [month, week])
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: 'REVENUE', sk },
          UpdateExpression: 'ADD paidCents :c, payments :p, jobs :j, ticketCents :c',
          ExpressionAttributeValues: { ':c': -15_050, ':p': -2, ':j': -2 },
        }),
      );
    expect((await dashboard()).thisMonth.revenue).toBe(0);

    const first = await runSteps(revenueSteps, { pageSize: 2 });
    expect(first['revenue-backfill']).toEqual({ changed: 2, done: true });
    expect((await dashboard()).thisMonth).toMatchObject({ revenue: 150.5, jobs: 2, payments: 2 });
    // A second run is a marker read; and run from scratch, nothing is counted twice.
    expect(await runSteps(revenueSteps)).toEqual({});
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'revenue-backfill' } }),
    );
    expect((await runSteps(revenueSteps))['revenue-backfill']).toEqual({ changed: 0, done: true });
    expect((await dashboard()).thisMonth).toMatchObject({ revenue: 150.5, jobs: 2 });
  });
});

describe('a payment link paid through Square’s webhook', () => {
  it('is counted once, and the declined booking is no longer outstanding', async () => {
    const before = await dashboard();
    const declined = await complete(60, 'cnon:stand-in-charge-declined');
    expect((await dashboard()).outstanding.count).toBe(before.outstanding.count + 1);
    const sent = await send('POST', `/api/bookings/${declined._id}/payment-link`, admin.headers);
    expect(sent.status).toBe(200);
    const { booking } = await json<{ booking: { payment: { link: { url: string } } } }>(sent);
    const page = await fetch(booking.payment.link.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4111 1111 1111 1111',
        expiry: '12/40',
        cvv: '111',
        postalCode: '19380',
      }),
    });
    expect(page.status).toBe(200);
    const square = config().square.baseUrl;
    const { events } = (await (await fetch(`${square}/_stand-in/webhook-events`)).json()) as {
      events: { body: string; signature: string }[];
    };
    const orderId = (await findBooking(declined._id)).payment?.link?.orderId;
    const mine = events.find((e) => e.body.includes(`"order_id":"${orderId}"`));
    if (!orderId || !mine) throw new Error('no webhook event at the stand-in');
    const deliver = () =>
      app.request('/api/webhooks/square', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': mine.signature },
        body: mine.body,
      });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200); // a replay
    const after = await dashboard();
    expect(after.outstanding).toEqual(before.outstanding);
    expect(after.thisMonth.revenue).toBe(before.thisMonth.revenue + 60);
    expect(after.thisMonth.jobs).toBe(before.thisMonth.jobs + 1);
  });
});

describe('the CSV export', () => {
  const csv = async (query: string) => {
    const reply = await send('GET', `/api/admin/revenue/export.csv?${query}`, admin.headers);
    const bytes = reply.status === 200 ? new Uint8Array(await reply.arrayBuffer()) : new Uint8Array();
    return { reply, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  it('lists the range’s payments and refunds in date order, paged, quoted and safe for a spreadsheet', async () => {
    const days = ['2025-01-31', '2025-02-01', '2025-02-15', '2025-02-28', '2025-03-01'];
    const made = Array.from({ length: 450 }, (_, i) => {
      const date = days[i % days.length] as string;
      return {
        id: `csv-${String(i).padStart(4, '0')}`,
        kind: i % 10 === 7 ? ('refund' as const) : ('payment' as const),
        amountCents: 1_000 + i,
        at: time.instantOf(date, '10:00'),
        date,
        serviceName: i === 3 ? '=HYPERLINK("http://x")' : i === 8 ? 'Tires, "premium"\nset' : 'Oil change',
        customerName: i === 13 ? '+1 555' : i === 18 ? '@Sam' : 'Casey Driver',
      };
    });
    await entry.putMany(made);
    const { reply, text } = await csv('from=2025-02-01&to=2025-02-28');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      'attachment; filename="revenue-2025-02-01-to-2025-02-28.csv"',
    );
    expect(text.startsWith('\uFEFFDate,Time,Type,Amount,Service,Customer,')).toBe(true);
    const inRange = made.filter((e) => e.date >= '2025-02-01' && e.date <= '2025-02-28');
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    // 270 entries: two pages of 200 at least; one line each (the quoted line break stays inside its quotes).
    expect(lines).toHaveLength(inRange.length + 1);
    expect(lines[1]?.startsWith('2025-02-01,10:00,')).toBe(true);
    expect(text).toContain(`'=HYPERLINK(""http://x"")`);
    expect(text).toContain('"Tires, ""premium""\nset"');
    expect(text).toContain(",'+1 555,");
    expect(text).toContain(",'@Sam,");
    expect(text).toMatch(/,Refund,-10\.\d\d,/);
    expect(text).not.toContain('2025-01-31');
    expect(text).not.toContain('2025-03-01');
  });

  it('names the booking by its short reference and the work order by its number (issue 30)', async () => {
    const workOrder = await createWorkOrder(admin);
    const bookingId = 'bkg_01JD8Z3Q4R5S6T7V8W9XAB12CD';
    await entry.putMany([
      {
        id: 'csv-names-1',
        kind: 'payment',
        amountCents: 14_900,
        at: time.instantOf('2024-06-03', '10:00'),
        date: '2024-06-03',
        serviceName: 'Brakes',
        customerName: 'Casey Driver',
        bookingId,
        workOrderId: workOrder._id,
      },
    ]);
    const { text } = await csv('from=2024-06-03&to=2024-06-03');
    const row = text.slice(1).split('\r\n')[1] ?? '';
    expect(row).toContain(`,${bookingReference(bookingId)},${workOrder.workOrderNumber},`);
    expect(workOrder.workOrderNumber).toMatch(/^WO-\d{4}-\d{4}$/);
    expect(bookingReference(bookingId)).toBe('9XAB-12CD');
    expect(row).not.toContain(bookingId);
    expect(row).not.toContain(workOrder._id);
  });

  it('refuses a bad range with 400 { msg }, and non-admins', async () => {
    for (const query of [
      'from=2025-02-30&to=2025-03-01',
      'from=2025-03-01&to=2025-02-01',
      'to=2025-01-01',
      '',
    ]) {
      const { reply } = await csv(query);
      expect(reply.status).toBe(400);
      expect(typeof (await json<{ msg: string }>(reply)).msg).toBe('string');
    }
    const customer = await createUser();
    const refused = await send(
      'GET',
      '/api/admin/revenue/export.csv?from=2025-01-01&to=2025-01-02',
      customer.headers,
    );
    expect(refused.status).toBe(403);
  });
});
