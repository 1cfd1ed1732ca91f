import { Crew } from '@app/core/crew/crew';
import { config } from '@app/core/config';
import { queue } from '@app/core/billing/payment-queue';
import { findBooking, putIfUnchanged } from '@app/core/booking/store';
import { transactWrite } from '@app/core/db/entity';
import * as time from '@app/core/time';
import { Mail } from '@app/core/mail/index';
import { Outbox } from '@app/core/mail/outbox';
import { Sms } from '@app/core/sms/index';
import { describe, expect, it, vi } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { customBookingBody } from '../../../tests/desk-bookings';
import { createUser, createUserWithCard, json } from '../../../tests/factories';
import { deliverUntilGivenUp } from '../../../tests/outbox';
import { createWorkOrder } from '../../../tests/workorder-factories';
import type { BoardReply, TodayReply } from './dispatch';

/**
 * The admin's Today and the dispatch board (issue 22, decision 081): what
 * each section shows, read from the technicians' days and sparse indexes.
 */

const admin = await createUserWithCard({ role: 'admin' });

/** A custom booking taken by phone (Pending Verification, claimed by a technician) at `date` `at`. */
async function deskBooking(date: string, at: string, overrides: Record<string, unknown> = {}) {
  const response = await send(
    'POST',
    '/api/bookings/admin-create',
    admin.headers,
    customBookingBody(date, at, overrides),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ _id: string }>(response))._id;
}

/** Today as the admin sees it on `date` (a day ahead: a booking cannot be made for a time already past). */
const today = async (date?: string) => {
  const response = await send('GET', `/api/admin/today${date ? `?date=${date}` : ''}`, admin.headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return json<TodayReply>(response);
};

describe('GET /api/admin/today', () => {
  it("shows each technician's jobs of the day with their state and the drive before each", async () => {
    const date = time.addDays(time.today(), 2);
    const first = await deskBooking(date, '16:00', { clientFirstName: 'Toni', clientLastName: 'Today' });
    const read = await findBooking(first);
    const at = new Date().toISOString();
    await transactWrite([
      putIfUnchanged({ ...read, progress: { onMyWayAt: at, arrivedAt: at }, rev: (read.rev ?? 0) + 1 }, read),
    ]);

    const reply = await today(date);
    expect(reply.date).toBe(date);
    expect(reply.technicians.map((t) => t.number)).toContain(1);
    const job = reply.jobs.find((j) => j._id === first);
    expect(job).toMatchObject({
      technician: 1,
      state: 'Arrived',
      status: 'Pending Verification',
      customerName: 'Toni Today',
      time: '16:00',
      address: '200 N Church St, West Chester, PA 19380',
    });
    expect(job?.progress.arrivedAt).toBe(at);
    expect(job?.driveMinutes).toBeGreaterThan(0);
    // Taken by phone and not yet verified by the customer: also in Pending Verification.
    expect(reply.pendingVerification.items.map((b) => b._id)).toContain(first);
  });

  it('lists an open booking of today that no technician holds as unassigned', async () => {
    const date = time.addDays(time.today(), 3);
    const id = await deskBooking(date, '09:00');
    const booking = await findBooking(id);
    const technician = booking.claim?.technician ?? 1;
    // A booking that holds no technician's time (its claim given back) is on no day.
    const { claim: _claim, ...unclaimed } = booking;
    await transactWrite([
      Crew.releaseItem(date, technician, id),
      putIfUnchanged({ ...unclaimed, rev: (booking.rev ?? 0) + 1 }, booking),
    ]);
    const job = (await today(date)).jobs.find((j) => j._id === id);
    expect(job).toMatchObject({ technician: null, driveMinutes: null });
  });

  it('lists work orders awaiting acknowledgment and declined charges', async () => {
    const declined = 'bkg_01JDECL1NED0000000000000000';
    // The declined queue as the scheduled job leaves it once retries are used up (decision 069).
    await transactWrite([
      queue.tx.put({
        bookingId: declined,
        state: 'declined',
        dueAt: new Date().toISOString(),
        attempts: 3,
        amountCents: 4250,
        customerName: 'Dee Clined',
        serviceName: 'Oil change',
        date: '2026-11-20',
        time: '10:00',
      }),
    ]);
    const workOrder = await createWorkOrder(admin);
    const link = await send(
      'POST',
      `/api/workOrders/${workOrder._id}/generate-acknowledgment`,
      admin.headers,
    );
    expect(link.status).toBe(200);
    const reply = await today();
    expect(reply.date).toBe(time.today());
    expect(reply.awaitingAcknowledgment.items).toContainEqual(
      expect.objectContaining({ _id: workOrder._id, workOrderNumber: workOrder.workOrderNumber }),
    );
    expect(reply.declinedCharges.items).toContainEqual(
      expect.objectContaining({ bookingId: declined, amount: 42.5, attempts: 3, customerName: 'Dee Clined' }),
    );
  });

  it('lists the mail the outbox gave up on, newest first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Mail, 'send').mockRejectedValue(new Error('mailbox full'));
    const mail = Outbox.prepare({ to: 'gone@example.com', subject: 'Your booking is confirmed', text: '.' });
    await deliverUntilGivenUp(mail);
    vi.mocked(Mail.send).mockRestore();
    const [first] = (await today()).sendsGivenUp.items;
    expect(first).toMatchObject({
      _id: mail.id,
      channel: 'mail',
      to: ['gone@example.com'],
      summary: 'Your booking is confirmed',
      attempts: Outbox.MAX_ATTEMPTS,
      lastError: expect.stringContaining('mailbox full'),
    });
  });

  it('says texts are off when no origination identity is set, and gives a queued text up unsent (decision 084)', async () => {
    expect((await today()).texts).toEqual({ on: true });
    const identity = config().smsOriginationIdentity;
    config().smsOriginationIdentity = '';
    const sent = vi.spyOn(Sms, 'send');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await today()).texts).toEqual({ on: false });
      // A text queued while texts were on goes nowhere: given up at once, from no number.
      const text = Outbox.prepareText({ to: '+14845550111', body: 'Your tech is on the way.' });
      await transactWrite([text.item]);
      await Outbox.drain({ now: Date.now() + 1000 });
      expect(await sent.mock.results[0]?.value.catch((error: Error) => error.name)).toBe('TextsOffError');
      const given = (await today()).sendsGivenUp.items.find((item) => item._id === text.id);
      expect(given).toMatchObject({
        channel: 'sms',
        attempts: 1,
        lastError: expect.stringContaining('Texts are off'),
      });
    } finally {
      config().smsOriginationIdentity = identity;
      sent.mockRestore();
    }
  });

  it('is for the admin only', async () => {
    const customer = await createUser();
    expect((await send('GET', '/api/admin/today')).status).toBe(401);
    expect((await send('GET', '/api/admin/today', customer.headers)).status).toBe(403);
    const bad = await send('GET', '/api/admin/today?date=tomorrow', admin.headers);
    expect(bad.status).toBe(400);
    expect((await json<{ msg: string }>(bad)).msg).toBe('Date must be a real date written yyyy-MM-dd.');
  });
});

describe('GET /api/admin/dispatch', () => {
  it('answers the lanes and the jobs of the days asked for, in time order', async () => {
    const from = time.addDays(time.today(), 30);
    const later = time.addDays(from, 3);
    const a = await deskBooking(later, '12:00');
    const b = await deskBooking(later, '09:00');
    const outside = await deskBooking(time.addDays(from, 7), '09:00');
    const response = await send('GET', `/api/admin/dispatch?from=${from}&days=7`, admin.headers);
    expect(response.status).toBe(200);
    const reply = await json<BoardReply>(response);
    expect(reply).toMatchObject({ from, days: 7, moreUnassigned: false });
    expect(reply.technicians.length).toBeGreaterThan(0);
    const ids = reply.jobs.map((j) => j._id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids).not.toContain(outside);
    const one = await json<BoardReply>(await send('GET', `/api/admin/dispatch?from=${later}`, admin.headers));
    expect(one.days).toBe(1);
    expect(one.jobs.map((j) => j._id).sort()).toEqual([a, b].sort());
  });

  it('refuses a range past a week or a date that is not one, with a message', async () => {
    for (const query of ['from=2026-13-01', 'from=2026-12-01&days=8', 'from=2026-12-01&days=0', 'days=2']) {
      const response = await send('GET', `/api/admin/dispatch?${query}`, admin.headers);
      expect(response.status, query).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBeTruthy();
    }
  });
});
