import { asSystem } from '@app/core/actor';
import { relocate } from '@app/core/booking/claim';
import { findBooking } from '@app/core/booking/store';
import { Geo } from '@app/core/geo/index';
import * as time from '@app/core/time';
import { Storage } from '@app/core/storage/index';
import { createId } from '@app/core/util/id';
import { Session } from '@app/core/auth/session';
import { Technician } from '@app/core/technician/index';
import { User } from '@app/core/user/index';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressAt as bookingAddressAt, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { serviceOffering, createUser, createUserWithCard, json } from '../../../tests/factories';
import { pngImage } from '../../../tests/images';
import { createWorkOrder, workOrderBody } from '../../../tests/workorder-factories';
import type { TechDayReply } from './tech';

/**
 * The technician's phone (issue 22, decision 079): their day in route order
 * with drives, completion by the job's technician only, their work orders,
 * and the in-person acknowledgment. The shop's technician 1 (the test
 * setup's) gets a sign-in account here, so the bookings claimed for it are
 * Tess's jobs; Theo is a second technician with no jobs.
 */

type Caller = { _id: string; lastName: string; headers: Record<string, string> };
let admin: Caller;
let tech1: Caller;
let tech2: Caller;
let stranger: Caller;

/** Technician `number`'s new account, signed in. */
async function accountFor(number: number, firstName: string): Promise<Caller> {
  const lastName = `Road${number}`;
  const technician = await asSystem('test', () =>
    Technician.giveAccount(number, {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'test-password-1',
    }),
  );
  const record = technician.userId ? await User.find(technician.userId) : undefined;
  if (!record) throw new Error('The technician account is missing.');
  return { _id: record.id, lastName, headers: { 'x-auth-token': await Session.issue(record) } };
}

beforeAll(async () => {
  await Storage.ensureBucket();
  [admin, stranger] = await Promise.all([
    createUser({ role: 'admin' }),
    // A technician account that is no technician of the shop (left by hand in the table).
    createUser({ role: 'technician', firstName: 'Nobody' }),
  ]);
  tech1 = await accountFor(1, 'Tess');
  await asSystem('test', () => Technician.ensureNumbered(2));
  tech2 = await accountFor(2, 'Theo');
});

/** A service address at a ZIP's centroid, its street named after the ZIP, with a gate code. */
const addressAt = (zipCode: string) =>
  bookingAddressAt(zipCode, { street: `${zipCode} Test Rd`, accessNotes: 'Gate code 1234' });

/** Books at `date` `at` and moves the booking to `zipCode` (technician 1's day: the crew is one). */
async function bookAt(serviceId: string, date: string, at: string, zipCode: string) {
  const customer = await createUserWithCard({ firstName: `C${at.replace(':', '')}` });
  const response = await postBooking(customer, serviceId, date, at);
  expect(response.status).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(response);
  const read = await findBooking(booking._id);
  await asSystem('test', async () => relocate(read, { ...read, serviceAddress: await addressAt(zipCode) }));
  return findBooking(booking._id);
}

/** Moves the clock (Date only) to `date` `at` in the business zone; the callers sign in again then. */
async function clockAt(date: string, at: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(time.instantOf(date, at)) });
  for (const who of [admin, tech1, tech2]) {
    const record = await User.find(who._id);
    if (record) who.headers = { 'x-auth-token': await Session.issue(record) };
  }
}

afterEach(async () => {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  // The S3 client learnt the moved clock's skew from the stand-in's replies: back to the real clock.
  (await Storage.s3()).config.systemClockOffset = 0;
  for (const who of [admin, tech1, tech2]) {
    const record = await User.find(who._id);
    if (record) who.headers = { 'x-auth-token': await Session.issue(record) };
  }
});

const dayOf = (who: Caller, date: string, extra = '') =>
  send('GET', `/api/tech/day?date=${date}${extra}`, who.headers);

describe("the technician's day", () => {
  it('lists their jobs in route order with the drive from the stop before', async () => {
    const date = nextDate('Tuesday', 14);
    const service = await serviceOffering(['09:00', '13:00']);
    const late = await bookAt(service._id, date, '13:00', '19103');
    const early = await bookAt(service._id, date, '09:00', '19383');
    expect(early.claim?.technician).toBe(1);
    expect(late.claim?.technician).toBe(1);
    const wo = await createWorkOrder(admin, { relatedBooking: early.id });

    const response = await dayOf(tech1, date);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const day = await json<TechDayReply>(response);
    expect(day.technician.number).toBe(1);
    expect(day.jobs.map((j) => [j._id, j.time])).toEqual([
      [early.id, '09:00'],
      [late.id, '13:00'],
    ]);
    const base = Geo.base();
    const [a, b] = [early.serviceAddress?.location, late.serviceAddress?.location];
    if (!a || !b) throw new Error('placed');
    const [[fromBase = -1] = [], [between = -1] = []] = await Geo.driveMinutes([base, a], [a, b]).then(
      (m) => [[m[0]?.[0]], [m[1]?.[1]]],
    );
    expect(day.jobs[0]).toMatchObject({ fromBase: true, driveMinutes: fromBase, workOrderId: wo._id });
    expect(day.jobs[1]).toMatchObject({ fromBase: false, driveMinutes: between, workOrderId: null });
    expect(between).toBeGreaterThan(fromBase);
    expect(day.jobs[0]?.serviceAddress?.accessNotes).toBe('Gate code 1234');
    expect(day.jobs[0]?.directionsUrl).toContain('https://www.google.com/maps/dir/?api=1&destination=19383');
    expect(day.jobs[0]?.customer.firstName).toBe('C0900');
    expect(day.jobs[0]?.vehicle.make).toBeTruthy();

    // The admin reads the same day by naming the technician; without one, 400.
    const asAdmin = await json<TechDayReply>(await dayOf(admin, date, '&technician=1'));
    expect(asAdmin.jobs.map((j) => j._id)).toEqual([early.id, late.id]);
    expect((await dayOf(admin, date)).status).toBe(400);
  });

  it("a technician cannot read another's day; customers and strangers are refused", async () => {
    const date = nextDate('Wednesday', 14);
    expect((await dayOf(tech1, date, '&technician=2')).status).toBe(403);
    expect((await dayOf(tech2, date, '&technician=2')).status).toBe(200);
    expect((await dayOf(stranger, date)).status).toBe(403);
    const customer = await createUser();
    expect((await dayOf(customer, date)).status).toBe(403);
    expect((await send('GET', `/api/tech/day?date=${date}`)).status).toBe(401);
    expect((await dayOf(tech1, 'tomorrow')).status).toBe(400);
    expect((await dayOf(admin, date, '&technician=99')).status).toBe(404);
  });
});

describe("the technician's completion and work orders", () => {
  it('only the job’s technician completes it, once, and nothing else of the route', async () => {
    const date = nextDate('Thursday', 14);
    const service = await serviceOffering(['10:00']);
    const job = await bookAt(service._id, date, '10:00', '19383');
    const status = (who: Caller, body: unknown) =>
      send('PATCH', `/api/bookings/${job.id}/status`, who.headers, body);

    expect((await status(tech2, { status: 'Completed' })).status).toBe(403);
    expect((await status(tech1, { status: 'Cancelled' })).status).toBe(403);
    expect((await status(tech1, { serviceStatus: 'On the way' })).status).toBe(403);
    expect((await status(tech1, { status: 'Completed', charge: 'booking' })).status).toBe(403);
    expect((await findBooking(job.id)).status).toBe(job.status);

    // The completion rule (issue 30, decision 090): Confirmed, and its day has come.
    expect((await status(tech1, { status: 'Completed' })).status).toBe(409);
    expect((await status(admin, { status: 'Confirmed' })).status).toBe(200);
    await clockAt(date, '10:30');
    const done = await status(tech1, { status: 'Completed' });
    expect(done.status, await done.clone().text()).toBe(200);
    const after = await findBooking(job.id);
    expect(after.status).toBe('Completed');
    expect(after.payment?.status).toBe('paid');
    expect(after.statusHistory.at(-1)?.by).toMatchObject({ _id: tech1._id, role: 'technician' });
    // Sent again (a retry from the road): the same answer, charged once.
    expect((await status(tech1, { status: 'Completed' })).status).toBe(200);
    expect((await findBooking(job.id)).payment?.providerPaymentId).toBe(after.payment?.providerPaymentId);
  });

  it('the technician opens, creates and edits the work orders of their own jobs only', async () => {
    const date = nextDate('Friday', 14);
    const service = await serviceOffering(['10:00']);
    const job = await bookAt(service._id, date, '10:00', '19383');
    const created = await send(
      'POST',
      '/api/workOrders',
      tech1.headers,
      workOrderBody({ relatedBooking: job.id }),
    );
    expect(created.status).toBe(201);
    const wo = await json<{ _id: string }>(created);
    expect((await send('GET', `/api/workOrders/${wo._id}`, tech1.headers)).status).toBe(200);
    const edit = workOrderBody({ relatedBooking: job.id, internalNotes: 'Done on the road' });
    expect((await send('PUT', `/api/workOrders/${wo._id}`, tech1.headers, edit)).status).toBe(200);
    expect((await send('GET', '/api/workOrders/defaults', tech1.headers)).status).toBe(200);

    // Another technician, a work order tied to no job, and the admin's own routes: 403.
    expect((await send('GET', `/api/workOrders/${wo._id}`, tech2.headers)).status).toBe(403);
    expect((await send('PUT', `/api/workOrders/${wo._id}`, tech2.headers, edit)).status).toBe(403);
    expect((await send('POST', '/api/workOrders', tech1.headers, workOrderBody())).status).toBe(403);
    const loose = await createWorkOrder(admin);
    expect((await send('GET', `/api/workOrders/${loose._id}`, tech1.headers)).status).toBe(403);
    expect((await send('GET', '/api/workOrders?limit=5', tech1.headers)).status).toBe(403);
    expect((await send('DELETE', `/api/workOrders/${wo._id}`, tech1.headers)).status).toBe(403);
    // Moving it to a job of no one's day of theirs is refused too.
    const other = await createWorkOrder(admin, { relatedBooking: job.id });
    const moved = workOrderBody({ relatedBooking: createId('booking') });
    expect((await send('PUT', `/api/workOrders/${other._id}`, tech1.headers, moved)).status).toBe(403);
  });
});

describe('the in-person acknowledgment', () => {
  const signature = `data:image/png;base64,${Buffer.from(pngImage(300, 120, [0, 0, 0])).toString('base64')}`;

  it('the customer signs on the technician’s phone: acknowledged, in person, once', async () => {
    const date = nextDate('Monday', 21);
    // Booked at $300: the work order's $308.98 is within the tolerance (decision 091), so no code is asked.
    const service = await serviceOffering(['10:00'], { price: 300 });
    const job = await bookAt(service._id, date, '10:00', '19383');
    const wo = await createWorkOrder(admin, { relatedBooking: job.id });
    const linked = await send('POST', `/api/workOrders/${wo._id}/generate-acknowledgment`, admin.headers);
    expect(linked.status).toBe(200);
    const path = `/api/workOrders/${wo._id}/acknowledge-in-person`;

    // What the customer reads above the pad (issue 30): the acknowledgment page's view, nothing internal.
    const reading = `/api/workOrders/${wo._id}/for-signing`;
    expect((await send('GET', reading, tech2.headers)).status).toBe(403);
    expect((await send('GET', reading, (await createUser()).headers)).status).toBe(403);
    const shown = await send('GET', reading, tech1.headers);
    expect(shown.status).toBe(200);
    const view = await json<Record<string, unknown>>(shown);
    expect(Object.keys(view).sort()).toEqual(
      [
        'customer',
        // The estimate's lines the customer answers on the phone (issue 33, decision 125).
        'estimate',
        'inspection',
        'laborItems',
        'partItems',
        'photos',
        'pricing',
        'scheduledDate',
        'serviceDetails',
        'status',
        'vehicle',
        'version',
        'workOrderNumber',
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toContain('Customer prefers mornings');
    expect(JSON.stringify(view)).not.toContain(job.id);
    const body = {
      acknowledgedBy: { name: 'Jordan Fixit' },
      signature,
      userAgent: 'phone',
      version: view.version,
    };

    expect((await send('POST', path, tech2.headers, body)).status).toBe(403);
    expect((await send('POST', path, (await createUser()).headers, body)).status).toBe(403);
    const unsigned = await send('POST', path, tech1.headers, { ...body, signature: null });
    expect(unsigned.status).toBe(400);
    expect((await send('POST', path, tech1.headers, { ...body, version: 'f'.repeat(64) })).status).toBe(400);

    const signed = await send('POST', path, tech1.headers, body);
    expect(signed.status).toBe(200);
    const reply = await json<{
      workOrder: { acknowledgment: Record<string, unknown> };
    }>(signed);
    expect(reply.workOrder.acknowledgment).toMatchObject({
      isAcknowledged: true,
      state: 'acknowledged',
      hasSignature: true,
      acknowledgedBy: { name: 'Jordan Fixit', email: wo.customer.email },
      inPerson: { presentedBy: `Tess ${tech1.lastName}` },
    });
    const again = await send('POST', path, tech1.headers, body);
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({ alreadyAcknowledged: true });

    // The admin's PDF says it was signed in person.
    const pdf = await send('GET', `/api/workOrders/${wo._id}/pdf`, admin.headers);
    expect(pdf.status).toBe(200);
  });
});
