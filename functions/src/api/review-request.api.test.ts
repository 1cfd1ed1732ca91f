import { config } from '@app/core/config';
import { Mail } from '@app/core/mail/index';
import { ReviewRequest } from '@app/core/review-request/index';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AHEAD_OF_ITS_DAY, nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { handler as cron } from '../lambda/cron';
import { readOutbox } from '../local/outbox';
import type { BookingReply } from './bookings';
import { app } from './index';

/**
 * Review requests (issue 21, decision 076): filed by the completion, sent by
 * the scheduled job once `reviewRequestHours` have passed, exactly once even
 * when two runs meet, never for a reviewed booking, and never to a customer
 * who unsubscribed with the mail's one-click link (RFC 8058), whose headers
 * the raw MIME message carries.
 */

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

const HOUR = 3_600_000;
const requestsTo = async (to: string) =>
  (await readOutbox()).filter((m) => m.to.includes(to) && m.subject.startsWith('How was your'));

type Customer = Awaited<ReturnType<typeof createUserWithCard>>;

async function setStatus(id: string, status: string) {
  const changed = await send('PATCH', `/api/bookings/${id}/status`, admin.headers, {
    status,
    ...(status === 'Completed' ? AHEAD_OF_ITS_DAY : {}),
  });
  expect(changed.status).toBe(200);
}

/** A booking of `customer`'s, completed by the admin now (which charges the card on file). */
async function completed(customer: Customer) {
  const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
  const created = await postBooking(customer, service._id, nextDate(), '10:00');
  expect(created.status).toBe(201);
  const { booking } = await json<{ booking: BookingReply }>(created);
  await setStatus(booking._id, 'Completed');
  return { booking, service };
}

const runAt = (at: number) => cron({ now: new Date(at).toISOString() });

describe('review requests', () => {
  it('are due reviewRequestHours after completion and sent once when two runs meet, with one-click unsubscribe headers', async () => {
    const customer = await createUserWithCard();
    const before = Date.now();
    const { booking } = await completed(customer);
    const request = await ReviewRequest.find(booking._id);
    const due = Date.parse(request?.dueAt ?? '');
    expect(due - before).toBeGreaterThanOrEqual(config().reviewRequestHours * HOUR);
    expect(due - Date.now()).toBeLessThanOrEqual(config().reviewRequestHours * HOUR);

    expect((await runAt(due - 60_000)).reviewRequests.sent).toBe(0);
    expect(await requestsTo(customer.email)).toHaveLength(0);

    // What the outbox hands the mailer (core/src/mail/headers.api.test.ts: such a mail goes out as raw MIME with them).
    const sendSpy = vi.spyOn(Mail, 'send');
    const runs = await Promise.all([runAt(due + 60_000), runAt(due + 60_000)]);
    expect(runs.map((r) => r.reviewRequests.sent).reduce((a, b) => a + b)).toBe(1);
    expect((await runAt(due + 2 * HOUR)).reviewRequests).toEqual({ due: 0, sent: 0 });

    const mails = await requestsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${config().publicUrl}/leave-review?booking=${booking._id}`);
    expect((await ReviewRequest.find(booking._id))?.outcome).toBe('sent');
    // The link's page reads the booking: the customer's own, to review; the shop's staff leave none.
    const forReview = await send('GET', `/api/bookings/${booking._id}/review`, customer.headers);
    expect(forReview.status).toBe(200);
    expect((await json<BookingReply>(forReview))._id).toBe(booking._id);
    expect((await send('GET', `/api/bookings/${booking._id}/review`, admin.headers)).status).toBe(403);

    const sent = sendSpy.mock.calls.map(([message]) => message).find((m) => m.subject.startsWith('How was'));
    expect(sent?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${config().publicUrl}/api/unsubscribe/[A-Za-z0-9_-]{43}>$`),
    );
    expect(sent?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    sendSpy.mockRestore();
  });

  it('are not sent for a booking reviewed meanwhile, nor filed again by a second completion', async () => {
    const customer = await createUserWithCard();
    const { booking, service } = await completed(customer);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      serviceId: service._id,
      bookingId: booking._id,
      quote: 'Quick and friendly.',
      rating: '5',
    }))
      form.set(key, value);
    const reviewed = await app.request('/api/testimonials', {
      method: 'POST',
      headers: customer.headers,
      body: form,
    });
    expect(reviewed.status).toBe(201);
    const again = await send('GET', `/api/bookings/${booking._id}/review`, customer.headers);
    expect(again.status).toBe(409);
    const first = await ReviewRequest.find(booking._id);
    await setStatus(booking._id, 'Confirmed');
    await setStatus(booking._id, 'Completed');
    expect(await ReviewRequest.find(booking._id)).toEqual(first);

    await runAt(Date.parse(first?.dueAt ?? '') + 60_000);
    expect(await requestsTo(customer.email)).toHaveLength(0);
    expect((await ReviewRequest.find(booking._id))?.outcome).toBe('reviewed');
  });

  it('stop for a customer who unsubscribed with the one-click link', async () => {
    const customer = await createUserWithCard();
    const first = await completed(customer);
    const due = Date.parse((await ReviewRequest.find(first.booking._id))?.dueAt ?? '');
    await runAt(due + 60_000);
    const [mail] = await requestsTo(customer.email);
    const token = /\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    // What a mail client sends (RFC 8058), twice: the same answer.
    for (let i = 0; i < 2; i += 1) {
      const response = await app.request(`/api/unsubscribe/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ msg: ReviewRequest.unsubscribeMessages.done });
    }
    const unknown = await app.request(`/api/unsubscribe/${'z'.repeat(43)}`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ msg: ReviewRequest.unsubscribeMessages.invalid });

    const second = await completed(customer);
    const dueAgain = Date.parse((await ReviewRequest.find(second.booking._id))?.dueAt ?? '');
    await runAt(dueAgain + 60_000);
    expect(await requestsTo(customer.email)).toHaveLength(1);
    expect((await ReviewRequest.find(second.booking._id))?.outcome).toBe('unsubscribed');
  });
});
