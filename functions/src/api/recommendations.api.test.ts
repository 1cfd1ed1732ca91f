import { config } from '@app/core/config';
import { Garage } from '@app/core/garage/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, nextDate, send } from '../../../tests/booking-factories';
import { createUser, createUserWithCard, json } from '../../../tests/factories';
import { declinedWork } from '../../../tests/recommendation-factories';
import { textsTo, uniqueMobile } from '../../../tests/sms';
import { handler as cron } from '../lambda/cron';
import { readOutbox } from '../local/outbox';
import type { RecommendationDeskReply } from './recommendations';
import type { DashboardReply } from './revenue-reply';
import { NEXT_CURSOR_HEADER } from './validation';

/**
 * Recommended work (issue 33, decision 126): the desk's list by customer, paged; dismiss and
 * "Book it"; a booking that takes the lines closes them; the follow-up goes once, at its day, on
 * the customer's channels, never after they unsubscribed; the revenue section's outstanding figure.
 */

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

const DAY = 86_400_000;
const runAt = (at: number) => cron({ now: new Date(at).toISOString() });
const followUpsTo = async (to: string) =>
  (await readOutbox()).filter((m) => m.to.includes(to) && m.subject.startsWith('Recommended work for'));
const outstanding = async () =>
  (await json<DashboardReply>(await send('GET', '/api/admin/revenue', admin.headers))).recommendedOutstanding;

/** Every page of the desk's list, `limit` a page. */
async function deskList(limit: number): Promise<{ pages: number; lines: RecommendationDeskReply[] }> {
  const lines: RecommendationDeskReply[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await send('GET', `/api/admin/recommendations${query}`, admin.headers);
    expect(response.status).toBe(200);
    lines.push(...(await json<RecommendationDeskReply[]>(response)));
    cursor = response.headers.get(NEXT_CURSOR_HEADER);
    pages += 1;
  } while (cursor);
  return { pages, lines };
}

describe('the desk\u2019s recommended work', () => {
  it('lists the open lines by customer name, then date, a page at a time; dismissing one takes it off once', async () => {
    const before = await outstanding();
    const zed = await declinedWork(admin, { lastName: 'Zimmer' });
    const abe = await declinedWork(admin, {
      lastName: 'Abbott',
      lines: [
        { description: 'Rotate tyres', priceCents: 3_000 },
        { description: 'Replace wiper blades', priceCents: 2_500 },
      ],
    });
    expect(await outstanding()).toEqual({ count: before.count + 3, amount: before.amount + 100 });

    const { pages, lines } = await deskList(2);
    expect(pages).toBeGreaterThanOrEqual(2);
    const ours = lines.filter((l) => [zed.vehicle.id, abe.vehicle.id].includes(l.vehicleId));
    // Abbott's two (one approval: the same date, then by id) before Zimmer's.
    expect(
      ours
        .slice(0, 2)
        .map((l) => l.description)
        .sort(),
    ).toEqual(['Replace wiper blades', 'Rotate tyres']);
    expect(ours[2]?.description).toBe('Replace cabin air filter');
    expect(ours.find((l) => l.description === 'Rotate tyres')).toMatchObject({
      vehicle: '2019 Honda Civic',
      price: 30,
      state: 'open',
    });
    expect(ours[0]?.customerName).toContain('Abbott');

    const target = abe.open[0]!;
    const path = `/api/admin/recommendations/${target.vehicleId}/${target.id}/dismiss`;
    expect((await send('POST', path, admin.headers)).status).toBe(200);
    const again = await send('POST', path, admin.headers);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ msg: expect.any(String) });
    expect((await Garage.recommendation.get(target))?.state).toBe('dismissed');
    const after = (await deskList(100)).lines.filter((l) => l.vehicleId === abe.vehicle.id);
    expect(after.map((l) => l._id)).not.toContain(target.id);
    expect(await outstanding()).toEqual({
      count: before.count + 2,
      amount: before.amount + 100 - target.priceCents / 100,
    });
  });

  it('refuses a customer, and bad ids with 400', async () => {
    const customer = await createUser();
    expect((await send('GET', '/api/admin/recommendations', customer.headers)).status).toBe(403);
    const bad = await send('POST', '/api/admin/recommendations/veh_x/rec_y/dismiss', admin.headers);
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ msg: expect.any(String) });
  });
});

describe('a vehicle\u2019s open recommended work', () => {
  it('is read by its customer and the staff; another customer sees none', async () => {
    const { customer, vehicle } = await declinedWork(admin);
    const path = `/api/recommendations/vehicle/${vehicle.id}`;
    const mine = await json<{ description: string }[]>(await send('GET', path, customer.headers));
    expect(mine.map((l) => l.description)).toEqual(['Replace cabin air filter']);
    expect(await json(await send('GET', path, admin.headers))).toHaveLength(1);
    const other = await createUser();
    expect(await json(await send('GET', path, other.headers))).toEqual([]);
    expect((await send('GET', path)).status).toBe(401);
  });

  it('is closed by the booking that takes it, once; another customer cannot take it', async () => {
    const before = await outstanding();
    const { customer, vehicle, service, open } = await declinedWork(admin);
    const recommended = { vehicleId: vehicle.id, ids: open.map((l) => l.id) };
    const other = await createUserWithCard();
    const stolen = await send(
      'POST',
      '/api/bookings',
      other.headers,
      bookingBody(service._id, nextDate(), '10:00', { recommended }),
    );
    expect(stolen.status).toBe(409);

    const body = bookingBody(service._id, nextDate(undefined, 14), '10:00', { recommended });
    const booked = await send('POST', '/api/bookings', customer.headers, body);
    expect(booked.status).toBe(201);
    const { booking } = await json<{ booking: { _id: string } }>(booked);
    const line = await Garage.recommendation.get(open[0]!);
    expect(line).toMatchObject({ state: 'booked', closed: { bookingId: booking._id } });
    expect(await outstanding()).toEqual(before);
    const twice = await send(
      'POST',
      '/api/bookings',
      customer.headers,
      bookingBody(service._id, nextDate(undefined, 21), '10:00', { recommended }),
    );
    expect(twice.status).toBe(409);
    // Booked: no follow-up for it.
    await runAt(Date.now() + (config().recommendedFollowUpDays + 1) * DAY);
    expect(await followUpsTo(customer.email)).toHaveLength(0);
  });
});

describe('the booking wizard: the garage vehicle picked and its lines (issue 33, decision 128)', () => {
  it('takes the lines of the vehicle picked; another vehicle of theirs picked with them: 400, nothing closed', async () => {
    const { customer, vehicle, service, open } = await declinedWork(admin);
    const recommended = { vehicleId: vehicle.id, ids: open.map((l) => l.id) };
    const added = await send('POST', '/api/users/me/vehicles', customer.headers, {
      year: 2019,
      make: 'Ford',
      model: 'F-150',
      color: 'Red',
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { _id: otherVehicle } = await json<{ _id: string }>(added);
    const mixed = await send(
      'POST',
      '/api/bookings',
      customer.headers,
      bookingBody(service._id, nextDate(undefined, 15), '10:00', { recommended, vehicleId: otherVehicle }),
    );
    expect(mixed.status).toBe(400);
    expect((await json<{ msg: string }>(mixed)).msg).toBe(
      'This recommended work is for another of your vehicles: choose that vehicle to book it.',
    );
    expect(await Garage.recommendation.get(open[0]!)).toMatchObject({ state: 'open' });
    const booked = await send(
      'POST',
      '/api/bookings',
      customer.headers,
      bookingBody(service._id, nextDate(undefined, 15), '10:00', { recommended, vehicleId: vehicle.id }),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(await Garage.recommendation.get(open[0]!)).toMatchObject({ state: 'booked' });
  });
});

describe('a race for the same recommended work', () => {
  it('two bookings that take the same lines at once: one takes them, the other is refused', async () => {
    const before = await outstanding();
    const { customer, vehicle, service, open } = await declinedWork(admin);
    const recommended = { vehicleId: vehicle.id, ids: open.map((l) => l.id) };
    const replies = await Promise.all(
      [14, 21, 28].map((ahead) =>
        send(
          'POST',
          '/api/bookings',
          customer.headers,
          bookingBody(service._id, nextDate(undefined, ahead), '10:00', { recommended }),
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await outstanding()).toEqual(before);
  });
});

describe('the follow-up', () => {
  it('goes once at its day, however many runs meet, with a link that carries the lines', async () => {
    const at = new Date(Date.now() - 1000).toISOString();
    const { customer, vehicle, service, open } = await declinedWork(admin, {
      at,
      lines: [
        { description: 'Flush brake fluid', priceCents: 8_900 },
        { description: 'Replace cabin air filter', priceCents: 4_500 },
      ],
    });
    const due = Date.parse(at) + config().recommendedFollowUpDays * DAY;
    await runAt(due - 60_000);
    expect(await followUpsTo(customer.email)).toHaveLength(0);

    const runs = await Promise.all([runAt(due + 60_000), runAt(due + 60_000), runAt(due + 60_000)]);
    expect(runs.reduce((sum, r) => sum + r.recommendedFollowUps.sent, 0)).toBe(1);
    await runAt(due + DAY);
    const mails = await followUpsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Flush brake fluid ($89.00)');
    expect(mails[0]?.text).toContain('Replace cabin air filter');
    expect(mails[0]?.text).toContain(
      `${config().publicUrl}/book/${service._id}?vehicle=${vehicle.id}&lines=${open.map((l) => l.id).join(',')}`,
    );
    for (const line of open) expect((await Garage.recommendation.get(line))?.followedUpAt).toBeDefined();
  });

  it('goes by text alone when the customer chose texts for it, and never after they unsubscribed', async () => {
    const customer = await createUserWithCard();
    const mobile = uniqueMobile();
    const national = `(${mobile.slice(2, 5)}) ${mobile.slice(5, 8)}-${mobile.slice(8)}`;
    const settings = await send('PUT', '/api/users/me/notifications', customer.headers, {
      texts: { optIn: true, mobile: national },
      preferences: { 'recommended-work': 'text' },
    });
    expect(settings.status).toBe(200);
    const at = new Date(Date.now() - 1000).toISOString();
    await declinedWork(admin, { customer, at });
    const due = Date.parse(at) + config().recommendedFollowUpDays * DAY;
    await runAt(due + 60_000);
    expect(await followUpsTo(customer.email)).toHaveLength(0);
    const texts = (await textsTo(mobile)).filter((t) => t.text.includes('last time we recommended'));
    expect(texts).toHaveLength(1);

    // Mail again, then the unsubscribe link of the mail turns them off.
    await send('PUT', '/api/users/me/notifications', customer.headers, {
      preferences: { 'recommended-work': 'mail' },
    });
    const second = await declinedWork(admin, { customer, at });
    await runAt(due + 2 * 60_000);
    const [mail] = await followUpsTo(customer.email);
    const token = /\/unsubscribe\/([A-Za-z0-9_-]{43})\?list=recommended-work/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    for (let i = 0; i < 2; i += 1) {
      const off = await send('POST', `/api/unsubscribe/${token}?list=recommended-work`);
      expect(off.status).toBe(200);
    }
    const bad = await send('POST', `/api/unsubscribe/${'x'.repeat(43)}?list=recommended-work`);
    expect(bad.status).toBe(404);

    const third = await declinedWork(admin, { customer, at });
    await runAt(due + 3 * 60_000);
    expect(await followUpsTo(customer.email)).toHaveLength(1);
    const line = third.open[0]!;
    expect(await Garage.recommendation.get(line)).toMatchObject({ state: 'open' });
    expect((await Garage.recommendation.get(line))?.followedUpAt).toBeUndefined();
    // The desk's Book it is refused too, and changes nothing.
    const bookIt = await send(
      'POST',
      `/api/admin/recommendations/${line.vehicleId}/${line.id}/book`,
      admin.headers,
    );
    expect(bookIt.status).toBe(409);
    expect(second.open).toHaveLength(1);
  });

  it('goes at once from the desk\u2019s Book it, and the scheduled run then sends nothing more', async () => {
    const { customer, open } = await declinedWork(admin);
    const line = open[0]!;
    const path = `/api/admin/recommendations/${line.vehicleId}/${line.id}/book`;
    expect((await send('POST', path, admin.headers)).status).toBe(200);
    expect(await followUpsTo(customer.email)).toHaveLength(1);
    expect((await send('POST', path, admin.headers)).status).toBe(409);
    await runAt(Date.now() + (config().recommendedFollowUpDays + 1) * DAY);
    expect(await followUpsTo(customer.email)).toHaveLength(1);
  });
});
