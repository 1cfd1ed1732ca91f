import { Storage } from '@app/core/storage/index';
import type { Testimonial } from '@app/core/testimonial/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { uploadedKeys } from '../../../tests/images';
import { Canvas } from '../local/png';
import type { BookingReply } from './bookings';
import { app } from './index';
import { NOTHING_TO_REVIEW } from '@app/core/booking/for-review';

type Headers = { headers: Record<string, string> };

/** A booking of `serviceId` at `date` 10:00 by `customer`, moved to `change.status` by `change.admin`. */
async function bookingOf(
  customer: Headers,
  serviceId: string,
  date: string,
  change?: { admin: Headers; status: 'Confirmed' | 'Completed' },
) {
  const created = await postBooking(customer, serviceId, date, '10:00');
  expect(created.status).toBe(201);
  const { booking } = await json<{ booking: BookingReply }>(created);
  if (change) {
    const changed = await send('PATCH', `/api/bookings/${booking._id}/status`, change.admin.headers, {
      status: change.status,
      ...(change.status === 'Completed' ? AHEAD_OF_ITS_DAY : {}),
    });
    expect(changed.status).toBe(200);
  }
  return booking;
}

/** A Completed booking of a new customer's (the admin completes it, which charges the card on file). */
async function completedBooking() {
  const customer = await createUserWithCard({ firstName: 'Rene', lastName: 'Reviewer' });
  const admin = await createUser({ role: 'admin' });
  const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
  const booking = await bookingOf(customer, service._id, nextDate(), { admin, status: 'Completed' });
  return { customer, admin, service, booking };
}

function review(
  headers: Record<string, string>,
  fields: Record<string, string>,
  image?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set('profileImage', new File([image.bytes], image.name, { type: image.type }));
  return app.request('/api/testimonials', { method: 'POST', headers, body: form });
}

const png = () => new Uint8Array(new Canvas(4, 4).fill(() => [200, 30, 30]).toPng());

beforeAll(() => Storage.ensureBucket());

describe('POST /api/testimonials (a customer’s review)', () => {
  it('reviews a Completed booking once, with a PNG judged by its bytes; it shows on the list', async () => {
    const { customer, service, booking } = await completedBooking();
    const fields = {
      serviceId: service._id,
      bookingId: booking._id,
      quote: 'On time and careful.',
      rating: '4',
    };
    // A PNG named .gif with the wrong type: its bytes say PNG, and that is what is stored.
    const response = await review(customer.headers, fields, {
      bytes: png(),
      name: 'me.gif',
      type: 'image/gif',
    });
    expect(response.status).toBe(201);
    const created = await json<Testimonial.Info>(response);
    expect(created).toMatchObject({
      quote: 'On time and careful.',
      rating: 4,
      author: { firstName: 'Rene', lastName: 'Reviewer' },
      service: { _id: service._id, name: service.name },
    });
    expect(created.profileImageUrl).toMatch(/^\/images\/uploads\/avatars\/[0-9a-f]{32}-sized\.png$/);
    const list = await json<Testimonial.Info[]>(await app.request('/api/testimonials'));
    expect(list.map((t) => t._id)).toContain(created._id);
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history[0]?.reviewed).toBe(true);
    // Once per booking; the image of the refused second review is not left behind.
    const keys = await uploadedKeys();
    expect(keys).toContain(created.profileImageUrl?.slice(1));
    const again = await review(customer.headers, fields, {
      bytes: png(),
      name: 'again.png',
      type: 'image/png',
    });
    expect(again.status).toBe(409);
    expect(await uploadedKeys()).toEqual(keys);
  });

  it('refuses a booking that is not Completed, someone else’s, or of another service', async () => {
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
    const booking = await bookingOf(customer, service._id, nextDate());
    const fields = { serviceId: service._id, bookingId: booking._id, quote: 'Early!', rating: '5' };
    expect((await review(customer.headers, fields)).status).toBe(409);

    const done = await completedBooking();
    const stranger = await createUser();
    const theirs = await review(stranger.headers, {
      ...fields,
      bookingId: done.booking._id,
      serviceId: done.service._id,
    });
    expect([403, 404]).toContain(theirs.status);
    const otherService = await review(done.customer.headers, { ...fields, bookingId: done.booking._id });
    expect(otherService.status).toBe(400);
    expect((await review({}, fields)).status).toBe(401);
  });

  it('checks quote, rating and the image: text posing as an image 400, over 5 MB 413; nothing is written', async () => {
    const { customer, service, booking } = await completedBooking();
    const otherService = await createService();
    const fields = { serviceId: service._id, bookingId: booking._id, quote: 'Good work.', rating: '5' };
    for (const [label, change] of [
      ['no quote', { quote: '  ' }],
      ['rating 0', { rating: '0' }],
      ['rating 6', { rating: '6' }],
      ['rating text', { rating: 'five' }],
      ['another service, no booking', { bookingId: '', serviceId: otherService._id }],
    ] as const) {
      const response = await review(customer.headers, { ...fields, ...change });
      expect(response.status, label).toBe(400);
      expect((await json<{ msg: string }>(response)).msg, label).toBeTruthy();
    }
    const text = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const fake = await review(customer.headers, fields, { bytes: text, name: 'me.png', type: 'image/png' });
    expect(fake.status).toBe(400);
    expect((await json<{ msg: string }>(fake)).msg).toMatch(/PNG, JPG or GIF/);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png());
    const huge = await review(customer.headers, fields, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(huge.status).toBe(413);
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history[0]?.reviewed).toBe(false);
    // JSON instead of multipart.
    const asJson = await send('POST', '/api/testimonials', customer.headers, fields);
    expect(asJson.status).toBe(400);
  });
});

describe('POST /api/testimonials without a bookingId (the spec’s client, doc 2 §7)', () => {
  it('reviews the newest Completed, unreviewed booking of that service, then the next; then 400 saying why', async () => {
    const customer = await createUserWithCard();
    const admin = await createUser({ role: 'admin' });
    const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
    const other = await createService({ availableDays: [], availableTimes: ['10:00'] });
    const [early, middle, late, latest] = [nextDate(), nextDate(), nextDate(), nextDate()].sort();
    if (!early || !middle || !late || !latest) throw new Error('no dates');
    const older = await bookingOf(customer, service._id, early, { admin, status: 'Completed' });
    const newer = await bookingOf(customer, service._id, middle, { admin, status: 'Completed' });
    // Newer still, but not reviewable here: another service's, and one not yet Completed.
    await bookingOf(customer, other._id, late, { admin, status: 'Completed' });
    await bookingOf(customer, service._id, latest, { admin, status: 'Confirmed' });
    const fields = { serviceId: service._id, quote: 'Spotless.', rating: '5' };

    const first = await review(customer.headers, fields);
    expect(first.status).toBe(201);
    expect(await json<Testimonial.Info>(first)).toMatchObject({ service: { _id: service._id }, rating: 5 });
    const reviewed = async () =>
      Object.fromEntries(
        (await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers))).map((b) => [
          b._id,
          b.reviewed,
        ]),
      );
    expect(await reviewed()).toMatchObject({ [newer._id]: true, [older._id]: false });

    expect((await review(customer.headers, fields)).status).toBe(201);
    expect(await reviewed()).toMatchObject({ [newer._id]: true, [older._id]: true });

    const none = await review(customer.headers, fields);
    expect(none.status).toBe(400);
    expect(await json<{ msg: string }>(none)).toEqual({ msg: NOTHING_TO_REVIEW });
  });

  it('a customer with no Completed booking of the service gets 400 with the reason; nothing is written', async () => {
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
    await bookingOf(customer, service._id, nextDate());
    const response = await review(customer.headers, { serviceId: service._id, quote: 'Hi', rating: '4' });
    expect(response.status).toBe(400);
    expect((await json<{ msg: string }>(response)).msg).toBe(NOTHING_TO_REVIEW);
    // The newest testimonials come first: one written now would be on the first page.
    const list = await json<Testimonial.Info[]>(await app.request('/api/testimonials'));
    expect(list.filter((t) => t.service?._id === service._id)).toEqual([]);
  });
});
