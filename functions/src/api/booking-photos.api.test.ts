import { asSystem } from '@app/core/actor';
import { Session } from '@app/core/auth/session';
import { findBooking } from '@app/core/booking/store';
import { BookingPhoto } from '@app/core/photo/index';
import { Storage } from '@app/core/storage/index';
import { Technician } from '@app/core/technician/index';
import { User } from '@app/core/user/index';
import { Visit } from '@app/core/visit/index';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { gifImage } from '../../../tests/images';
import { cameraJpeg, postPhotoTo } from '../../../tests/workorder-factories';
import type { BookingReply } from './booking-reply';

/**
 * Photos at booking (issue 34, decision 123): uploaded as the customer's drafts, written again
 * without metadata, claimed by the booking in its own transaction, seen by the customer, the admin
 * and the job's technician only, at most five, and deleted when cancelled, unused or past retention.
 */

type Customer = Awaited<ReturnType<typeof createUserWithCard>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let camera: Uint8Array;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await Storage.ensureBucket();
  [admin, camera] = await Promise.all([createUser({ role: 'admin' }), cameraJpeg(2400, 1800)]);
});

const openService = (extra: Record<string, unknown> = {}) =>
  createService({ availableDays: [], availableTimes: ['09:00', '11:00', '13:00', '15:00'], ...extra });

async function upload(who: { headers: Record<string, string> }, bytes = camera): Promise<string> {
  const response = await postPhotoTo('/api/booking-photos', who.headers, bytes);
  expect(response.status).toBe(201);
  return (await json<{ _id: string }>(response))._id;
}

async function book(customer: Customer, serviceId: string, photoIds: string[], at = '09:00', ahead = 7) {
  return postBooking(customer, serviceId, nextDate(undefined, ahead), at, { photoIds });
}

async function booked(customer: Customer, serviceId: string, photoIds: string[], at = '09:00', ahead = 7) {
  const response = await book(customer, serviceId, photoIds, at, ahead);
  expect(response.status).toBe(201);
  return (await json<{ booking: BookingReply }>(response)).booking;
}

const photoOf = (bookingId: string, photoId: string, headers: Record<string, string>, size = '') =>
  send('GET', `/api/bookings/${bookingId}/photos/${photoId}${size ? `?size=${size}` : ''}`, headers);

/** A sign-in for the technician whose day holds the booking. */
async function jobTechnician(bookingId: string): Promise<Record<string, string>> {
  const number = (await findBooking(bookingId)).claim?.technician;
  if (number === undefined) throw new Error('The booking holds no technician.');
  const technician = await asSystem('test', async () => {
    const current = await Technician.get(number);
    return current?.userId
      ? current
      : Technician.giveAccount(number, {
          firstName: 'Pat',
          lastName: 'Photo',
          email: `pat-${crypto.randomUUID().slice(0, 8)}@example.com`,
          password: 'test-password-1',
        });
  });
  const record = technician?.userId ? await User.find(technician.userId) : undefined;
  if (!record) throw new Error('The technician account is missing.');
  return { 'x-auth-token': await Session.issue(record) };
}

describe('a photo at booking', () => {
  it('is written again without its metadata (the driveway’s GPS position gone), with a small copy', async () => {
    const before = await sharp(Buffer.from(camera)).metadata();
    expect(before.exif?.toString('latin1')).toContain('TestPhone');
    const customer = await createUserWithCard();
    const service = await openService();
    const id = await upload(customer);
    const booking = await booked(customer, service._id, [id]);
    expect(booking.photos).toEqual([{ _id: id }]);

    const full = await photoOf(booking._id, id, customer.headers);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toContain('no-store');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);
    const small = await photoOf(booking._id, id, customer.headers, 'small');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(360);
    // Kept privately: under the private prefix only.
    expect(await Storage.bytes(BookingPhoto.objectKey(id, 'full'))).not.toBeNull();
    expect(BookingPhoto.objectKey(id, 'full').startsWith(Storage.PRIVATE_PREFIX)).toBe(true);
  });

  it('is judged by its bytes: a GIF, a JPEG start on junk, and more than 4 MB are refused', async () => {
    const customer = await createUserWithCard();
    const gif = await postPhotoTo('/api/booking-photos', customer.headers, gifImage(), 'image/jpeg');
    expect(gif.status).toBe(400);
    expect((await json<{ msg: string }>(gif)).msg).toBe('Photos must be JPEG or PNG images.');
    const junk = new Uint8Array(2048).fill(7);
    junk.set([0xff, 0xd8, 0xff, 0xe0]);
    const fake = await postPhotoTo('/api/booking-photos', customer.headers, junk);
    expect(fake.status).toBe(400);
    expect((await json<{ msg: string }>(fake)).msg).toBe('Photos must be JPEG or PNG images.');
    const huge = new Uint8Array(4 * 1024 * 1024 + 1);
    huge.set(camera.slice(0, 4));
    const big = await postPhotoTo('/api/booking-photos', customer.headers, huge);
    expect(big.status).toBe(413);
    expect((await json<{ msg: string }>(big)).msg).toBe('A photo may be at most 4 MB.');
    const none = await send('POST', '/api/booking-photos', customer.headers, { photo: 'x' });
    expect(none.status).toBe(400);
  });

  it('is a customer’s: the admin and a technician are refused, a visitor must sign in', async () => {
    expect((await postPhotoTo('/api/booking-photos', admin.headers, camera)).status).toBe(403);
    const tech = await createUser({ role: 'technician' });
    expect((await postPhotoTo('/api/booking-photos', tech.headers, camera)).status).toBe(403);
    expect((await postPhotoTo('/api/booking-photos', {}, camera)).status).toBe(401);
  });

  it('is required by a service that asks for one; without it nothing is booked', async () => {
    const customer = await createUserWithCard();
    const service = await openService({
      photoRequired: true,
      photoPrompt: 'A photo of the warning light on the dashboard',
    });
    expect(service).toMatchObject({
      photoRequired: true,
      photoPrompt: 'A photo of the warning light on the dashboard',
    });
    const refused = await book(customer, service._id, []);
    expect(refused.status).toBe(400);
    expect((await json<{ msg: string }>(refused)).msg).toBe('This service needs at least one photo.');
    const mine = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(mine.filter((b) => b.serviceName === service.name)).toEqual([]);
    const booking = await booked(customer, service._id, [await upload(customer)]);
    expect(booking.photos).toHaveLength(1);
  });

  it('is seen by its customer, the admin and the job’s technician; anyone else gets 404', async () => {
    const [customer, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const service = await openService();
    const id = await upload(customer);
    const booking = await booked(customer, service._id, [id], '11:00');
    const stranger = await createUser({ role: 'technician', firstName: 'Nobody' });
    expect((await photoOf(booking._id, id, admin.headers)).status).toBe(200);
    expect((await photoOf(booking._id, id, await jobTechnician(booking._id))).status).toBe(200);
    expect((await photoOf(booking._id, id, other.headers)).status).toBe(404);
    expect((await photoOf(booking._id, id, stranger.headers)).status).toBe(404);
    expect((await photoOf(booking._id, id, {})).status).toBe(401);
    // A photo of another booking is not this one's.
    const theirs = await booked(other, service._id, [await upload(other)], '13:00');
    expect((await photoOf(booking._id, theirs.photos[0]!._id, customer.headers)).status).toBe(404);
  });

  it('belongs to one booking of its own customer: used twice or someone else’s is 409, and no booking is made', async () => {
    const [customer, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const service = await openService();
    const id = await upload(customer);
    await booked(customer, service._id, [id], '09:00', 8);
    for (const [who, at] of [
      [customer, '11:00'],
      [other, '13:00'],
    ] as const) {
      const again = await book(who, service._id, [id], at, 8);
      expect(again.status).toBe(409);
      expect((await json<{ msg: string }>(again)).msg).toBe(
        'A photo you attached is no longer available. Please add it again.',
      );
      // The time it asked for was not taken: it books with a photo of its own.
      expect((await book(who, service._id, [await upload(who)], at, 8)).status).toBe(201);
    }
  });

  it.each([
    [
      Array.from({ length: 6 }, (_, n) => `pho_01J00000000000000000000${String(n).padStart(3, '0')}`),
      'A booking may hold at most 5 photos.',
    ],
    [
      ['pho_01J00000000000000000000000', 'pho_01J00000000000000000000000'],
      'Each photo may be attached once.',
    ],
    [['not-a-photo'], 'Invalid photo id.'],
  ])('refuses photoIds %j: 400', async (photoIds, msg) => {
    const customer = await createUserWithCard();
    const service = await openService();
    const response = await book(customer, service._id, photoIds);
    expect(response.status).toBe(400);
    expect((await json<{ msg: string }>(response)).msg).toBe(msg);
  });
});

describe('a booking’s photos later', () => {
  it('eight added at once to a booking: five are kept, three refused (the limit holds)', async () => {
    const customer = await createUserWithCard();
    const service = await openService();
    const booking = await booked(customer, service._id, [], '09:00', 9);
    const ids = await Promise.all(Array.from({ length: 8 }, () => upload(customer)));
    const answers = await Promise.all(
      ids.map((photoId) =>
        send('POST', `/api/bookings/${booking._id}/photos`, customer.headers, { photoId }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const stored = await findBooking(booking._id);
    expect(stored.photos).toHaveLength(5);
    // The refused ones stay drafts (deleted a day later), never on the booking.
    const refused = ids.filter((id) => !stored.photos?.some((p) => p.id === id));
    const drafts = await Promise.all(refused.map((id) => BookingPhoto.entity.get({ id })));
    expect(drafts.every((d) => d && !d.bookingId)).toBe(true);
  });

  it('only its customer adds one, while it is open', async () => {
    const [customer, other] = await Promise.all([createUserWithCard(), createUserWithCard()]);
    const service = await openService();
    const booking = await booked(customer, service._id, [], '11:00', 9);
    const theirs = await upload(other);
    expect(
      (await send('POST', `/api/bookings/${booking._id}/photos`, other.headers, { photoId: theirs })).status,
    ).toBe(404);
    const cancel = await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers);
    expect(cancel.status).toBe(200);
    const late = await send('POST', `/api/bookings/${booking._id}/photos`, customer.headers, {
      photoId: await upload(customer),
    });
    expect(late.status).toBe(409);
    expect((await json<{ msg: string }>(late)).msg).toBe('Photos can be added only to an upcoming booking.');
  });
});

describe('deleting photos (the scheduled job)', () => {
  const run = (at: number) => asSystem('cron', () => Visit.deleteDuePhotos(new Date(at)));

  it('a cancelled booking’s go at the next run: objects, items and their place on the booking', async () => {
    const customer = await createUserWithCard();
    const service = await openService();
    const ids = [await upload(customer), await upload(customer)];
    const booking = await booked(customer, service._id, ids, '13:00', 9);
    expect((await send('PATCH', `/api/bookings/${booking._id}/cancel`, customer.headers)).status).toBe(200);
    const report = await run(Date.now() + 1000);
    expect(report.done).toBeGreaterThanOrEqual(2);
    expect((await findBooking(booking._id)).photos).toEqual([]);
    for (const id of ids) {
      expect(await BookingPhoto.entity.get({ id })).toBeUndefined();
      expect(await Storage.bytes(BookingPhoto.objectKey(id, 'full'))).toBeNull();
      expect(await Storage.bytes(BookingPhoto.objectKey(id, 'small'))).toBeNull();
    }
  });

  it('a draft never used goes a day after its upload; a booking’s after the retention, not before', async () => {
    const customer = await createUserWithCard();
    const service = await openService();
    const draft = await upload(customer);
    const kept = await upload(customer);
    const booking = await booked(customer, service._id, [kept], '15:00', 9);
    await run(Date.now() + DAY - 60_000);
    expect(await BookingPhoto.entity.get({ id: draft })).toBeDefined();
    await run(Date.now() + DAY + 60_000);
    expect(await BookingPhoto.entity.get({ id: draft })).toBeUndefined();
    expect(await Storage.bytes(BookingPhoto.objectKey(draft, 'full'))).toBeNull();

    const stored = await BookingPhoto.entity.get({ id: kept });
    expect(stored?.bookingId).toBe(booking._id);
    const due = Date.parse(stored!.dueAt);
    const visit = Date.parse(`${booking.date}T${booking.time}:00-05:00`);
    expect(Math.abs(due - visit - 180 * DAY)).toBeLessThan(2 * 60 * 60 * 1000);
    await run(due - 60_000);
    expect(await BookingPhoto.entity.get({ id: kept })).toBeDefined();
    await run(due + 60_000);
    expect(await BookingPhoto.entity.get({ id: kept })).toBeUndefined();
    expect((await findBooking(booking._id)).photos).toEqual([]);
  });

  it('two runs at once delete each photo once', async () => {
    const customer = await createUserWithCard();
    const service = await openService();
    const ids = await Promise.all([upload(customer), upload(customer), upload(customer)]);
    const at = Date.now() + 2 * DAY;
    const [a, b] = await Promise.all([run(at), run(at)]);
    const mine = ids.length;
    expect(a.done + b.done).toBeGreaterThanOrEqual(mine);
    for (const id of ids) expect(await BookingPhoto.entity.get({ id })).toBeUndefined();
    void service;
  });
});
