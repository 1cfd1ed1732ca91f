import { config } from '@app/core/config';
import { entity as bookings } from '@app/core/booking/store';
import { Garage, GarageDue } from '@app/core/garage/index';
import { Mail } from '@app/core/mail/index';
import * as time from '@app/core/time';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as cron } from '../functions/src/lambda/cron';
import { readOutbox } from '../functions/src/local/outbox';
import type { BookingReply } from '../functions/src/api/bookings';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from './booking-factories';
import { createService, createUser, createUserWithCard, json } from './factories';
import { garageVehicle } from './garage-fixtures';
import { textsTo, uniqueMobile } from './sms';

/**
 * "Your car is due" (issue 34, decision 124): a job completed with a due rule
 * leaves a due item on its garage vehicle; the scheduled job sends its notice
 * once (two runs at once too), in daytime, with marketing consent only, at
 * most twice; a booking made for it, or "not now", closes it.
 */

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

type Customer = Awaited<ReturnType<typeof createUserWithCard>>;
const DAY = 86_400_000;
const runAt = (at: string | number) => cron({ now: new Date(at).toISOString() });

async function consent(customer: Customer, body: Record<string, unknown>) {
  const changed = await send('PUT', '/api/users/me/notifications', customer.headers, body);
  expect(changed.status).toBe(200);
  return json<{ marketing: { mail: { on: boolean; wording: string } | null; text: { on: boolean } | null } }>(
    changed,
  );
}

/** A garage vehicle of `customer`'s, with two readings 10 days apart (50 miles a day). */
async function vehicleOf(customer: Customer) {
  const now = Date.now();
  const record = garageVehicle(customer._id, {
    mileage: [
      { miles: 40_500, at: new Date(now - DAY).toISOString(), source: 'customer' },
      { miles: 40_000, at: new Date(now - 11 * DAY).toISOString(), source: 'customer' },
    ],
  });
  await Garage.vehicle.put(record);
  return record;
}

/** A booking of `serviceId` for `vehicleId` (the booking's garage vehicle set as the garage's booking step sets it). */
async function bookFor(customer: Customer, serviceId: string, vehicleId: string) {
  const created = await postBooking(customer, serviceId, nextDate(), '10:00');
  expect(created.status).toBe(201);
  const { booking } = await json<{ booking: BookingReply }>(created);
  // Written whole, so its vehicle history entry (byVehicle) is written too.
  const stored = await bookings.get({ id: booking._id }, { consistent: true });
  await bookings.put({ ...stored!, vehicleId });
  return booking;
}

async function completedWithRule(
  customer: Customer,
  rule: Record<string, number> = { everyDays: 180, everyMiles: 5000 },
) {
  const service = await createService({ availableDays: [], availableTimes: ['10:00'], due: rule as never });
  const vehicle = await vehicleOf(customer);
  const booking = await bookFor(customer, service._id, vehicle.id);
  const done = await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
    status: 'Completed',
    ...AHEAD_OF_ITS_DAY,
  });
  expect(done.status).toBe(200);
  const [item] = await GarageDue.dueOf(vehicle.id);
  return { service, vehicle, booking, item: item! };
}

const noticesTo = async (to: string) =>
  (await readOutbox()).filter(
    (m) => m.to.includes(to) && m.subject.startsWith('Your 2019 Toyota RAV4 is due'),
  );
const itemOf = async (vehicleId: string) => (await GarageDue.dueOf(vehicleId))[0]!;

describe('due notices', () => {
  it('set the next due date on completion (miles first, estimated from the readings) and send each notice once, at most twice', async () => {
    const customer = await createUserWithCard();
    const given = await consent(customer, { marketing: { mail: true } });
    expect(given.marketing.mail?.on).toBe(true);
    expect(given.marketing.mail?.wording).toContain('may e-mail me when my vehicle is due');
    const { item, service, vehicle } = await completedWithRule(customer);
    // 5,000 miles at 50 a day come before 180 days.
    expect(item).toMatchObject({
      state: 'open',
      by: 'miles',
      dueMiles: 45_500,
      milesPerDay: 50,
      estimate: 'readings',
      dueDate: time.addDays(time.today(), 100),
      touches: 0,
      serviceName: service.name,
    });
    const firstAt = Date.parse(item.nextAt!);
    expect(item.nextAt).toBe(time.instantOf(time.addDays(item.dueDate, -14), config().daytimeStart));

    expect((await runAt(firstAt - 60_000)).dueNotices.sent).toBe(0);
    const spy = vi.spyOn(Mail, 'send');
    // Two runs at once: one notice.
    const runs = await Promise.all([
      runAt(firstAt + 60_000),
      runAt(firstAt + 60_000),
      runAt(firstAt + 60_000),
    ]);
    expect(runs.map((r) => r.dueNotices.sent).reduce((a, b) => a + b)).toBe(1);
    const mails = await noticesTo(customer.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(`${config().publicUrl}/book/${service._id}?vehicle=${vehicle.id}&address=adr_`);
    expect(text).toContain('45,500 miles');
    expect(text).toMatch(/Not now: .*\/unsubscribe\/[A-Za-z0-9_-]{43}\?list=not-now/);
    const sent = spy.mock.calls.map(([m]) => m).find((m) => m.subject.startsWith('Your 2019 Toyota RAV4'));
    expect(sent?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${config().publicUrl}/api/unsubscribe/[A-Za-z0-9_-]{43}\\?list=marketing>$`),
    );
    spy.mockRestore();

    const second = await itemOf(vehicle.id);
    expect(second.touches).toBe(1);
    expect(second.nextAt).toBe(time.instantOf(second.dueDate, config().daytimeStart));
    await Promise.all([
      runAt(Date.parse(second.nextAt!) + 60_000),
      runAt(Date.parse(second.nextAt!) + 60_000),
    ]);
    expect(await noticesTo(customer.email)).toHaveLength(2);
    expect(await itemOf(vehicle.id)).toMatchObject({ state: 'closed', closedBy: 'sent', touches: 2 });
    await runAt(Date.parse(second.nextAt!) + 30 * DAY);
    expect(await noticesTo(customer.email)).toHaveLength(2);
  });

  it('are not sent without marketing consent: the item closes (booking notices are no consent)', async () => {
    const customer = await createUserWithCard();
    const { item, vehicle } = await completedWithRule(customer, { everyDays: 30, remindDaysAhead: 3 });
    await runAt(Date.parse(item.nextAt!) + 60_000);
    expect(await noticesTo(customer.email)).toHaveLength(0);
    expect(await itemOf(vehicle.id)).toMatchObject({ state: 'closed', closedBy: 'no-consent', touches: 0 });
  });

  it('go by text too with written text consent for the number texts go to', async () => {
    const customer = await createUserWithCard();
    const mobile = uniqueMobile();
    // Marketing texts need the texts consent first.
    const refused = await send('PUT', '/api/users/me/notifications', customer.headers, {
      marketing: { text: true },
    });
    expect(refused.status).toBe(400);
    await consent(customer, { texts: { optIn: true, mobile }, marketing: { text: true } });
    const { item } = await completedWithRule(customer, { everyDays: 30, remindDaysAhead: 3 });
    await runAt(Date.parse(item.nextAt!) + 60_000);
    expect(await noticesTo(customer.email)).toHaveLength(0);
    const texts = (await textsTo(mobile)).filter((t) => t.text.includes('is due for'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('Reply STOP to opt out');
  });

  it('wait for the morning when due at night', async () => {
    const customer = await createUserWithCard();
    await consent(customer, { marketing: { mail: true } });
    const { item, vehicle } = await completedWithRule(customer, { everyDays: 30, remindDaysAhead: 3 });
    const night = time.instantOf(time.addDays(item.dueDate, -2), '02:00');
    expect((await runAt(night)).dueNotices.sent).toBe(0);
    expect(await noticesTo(customer.email)).toHaveLength(0);
    const moved = await itemOf(vehicle.id);
    expect(moved.nextAt).toBe(time.instantOf(time.addDays(item.dueDate, -2), config().daytimeStart));
    expect((await runAt(moved.nextAt!)).dueNotices.sent).toBe(1);
  });

  it('close without a notice once a booking is made for it', async () => {
    const customer = await createUserWithCard();
    await consent(customer, { marketing: { mail: true } });
    const { item, vehicle, service } = await completedWithRule(customer, {
      everyDays: 30,
      remindDaysAhead: 3,
    });
    await bookFor(customer, service._id, vehicle.id);
    await runAt(Date.parse(item.nextAt!) + 60_000);
    expect(await noticesTo(customer.email)).toHaveLength(0);
    expect(await itemOf(vehicle.id)).toMatchObject({ state: 'closed', closedBy: 'booked' });
  });

  it('close with the notice\'s "not now", and stop with the marketing unsubscribe', async () => {
    const customer = await createUserWithCard();
    await consent(customer, { marketing: { mail: true } });
    const { item, vehicle } = await completedWithRule(customer, { everyDays: 30, remindDaysAhead: 3 });
    await runAt(Date.parse(item.nextAt!) + 60_000);
    const [notice] = await noticesTo(customer.email);
    const notNow = /\/unsubscribe\/([A-Za-z0-9_-]{43})\?list=not-now/.exec(notice!.text)?.[1];
    const unsubscribe = /\/unsubscribe\/([A-Za-z0-9_-]{43})\?list=marketing/.exec(notice!.text)?.[1];
    expect((await send('POST', `/api/unsubscribe/${notNow}?list=not-now`)).status).toBe(200);
    expect((await send('POST', `/api/unsubscribe/${notNow}?list=not-now`)).status).toBe(200);
    expect(await itemOf(vehicle.id)).toMatchObject({ state: 'closed', closedBy: 'not-now', touches: 1 });
    await runAt(Date.parse(item.nextAt!) + 30 * DAY);
    expect(await noticesTo(customer.email)).toHaveLength(1);

    // A wrong token, or one of another list, is refused.
    expect((await send('POST', `/api/unsubscribe/${notNow}?list=marketing`)).status).toBe(404);
    expect((await send('POST', `/api/unsubscribe/${unsubscribe}?list=bogus`)).status).toBe(400);
    const out = await send('POST', `/api/unsubscribe/${unsubscribe}?list=marketing`);
    expect(out.status).toBe(200);
    const settings = await json<{ marketing: { mail: { on: boolean; withdrawnAt: string | null } } }>(
      await send('GET', '/api/users/me/notifications', customer.headers),
    );
    expect(settings.marketing.mail).toMatchObject({ on: false });
    expect(settings.marketing.mail.withdrawnAt).not.toBeNull();
  });
});
