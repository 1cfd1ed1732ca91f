import { asSystem } from '@app/core/actor';
import * as bookingStore from '@app/core/booking/store';
import { config } from '@app/core/config';
import { transactWrite } from '@app/core/db/entity';
import { Mail } from '@app/core/mail/index';
import { Outbox } from '@app/core/mail/outbox';
import { Payments } from '@app/core/payments/index';
import { ReviewRequest } from '@app/core/review-request/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookedForCompletion, send } from '../../../tests/booking-factories';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { handler as cron, LOOP_MARGIN_MS } from './cron';

/**
 * The scheduled job keeps to its deadline in every loop (issue 31): a run
 * takes no item once the Lambda's time left is down to LOOP_MARGIN_MS, and
 * what it left stays due, so the next runs finish a backlog larger than one run.
 */

const ackLinkDays = config().ackLinkDays;
afterEach(() => {
  vi.restoreAllMocks();
  config().ackLinkDays = ackLinkDays;
});

/** The Lambda context of a run with `ms` left before its timeout. */
const timeLeft = (ms: number) => ({ getRemainingTimeInMillis: () => ms });

const booked = bookedForCompletion;

describe('the scheduled job’s deadline', () => {
  it('stops every loop at the deadline and leaves its items for the next run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // A declined charge (retried by the job), a completion whose charge never ran (the sweep),
    // a review request, a reminder and a mail, all due by `now`; a work order's link that ran out.
    const declined = await booked('cnon:stand-in-charge-declined', 55);
    await declined.complete();
    expect(await declined.payment()).toMatchObject({ status: 'failed', attempts: 1 });
    const swept = await booked('cnon:card-nonce-ok', 45);
    vi.spyOn(Payments, 'charge').mockRejectedValueOnce(new Error('the function died'));
    expect((await swept.complete()).status).toBe(500);
    vi.mocked(Payments.charge).mockRestore();
    expect(await swept.payment()).toMatchObject({ status: 'pending' });
    // A booking still open in 3 days: `now` is a minute after its reminder is due. By then the
    // retry (a day), the sweep (minutes), the review request (hours) and the link (a day here) are due.
    const open = await booked('cnon:card-nonce-ok', 30, 3);
    config().ackLinkDays = 1;
    const wo = await createWorkOrder(declined.admin);
    const link = `/api/workOrders/${wo._id}/generate-acknowledgment`;
    expect((await send('POST', link, declined.admin.headers)).status).toBe(200);
    const mail = Outbox.prepare({ to: 'late@example.com', subject: 'Queued', text: '.' });
    await transactWrite([mail.item]);
    const now = new Date(open.startAt - 24 * 3_600_000 + 60_000).toISOString();

    // Less time left than the margin: no loop takes an item.
    const first = await cron({ now }, timeLeft(LOOP_MARGIN_MS - 1));
    expect(first.mail).toMatchObject({ sent: 0 });
    expect(first.mail.due).toBeGreaterThan(0);
    expect(first.acknowledgments).toMatchObject({ expired: 0 });
    expect(first.acknowledgments.due).toBeGreaterThan(0);
    expect(first.charges).toEqual({ sweep: { due: 1, charged: 0 }, retries: { due: 1, paid: 0 } });
    expect(first.reviewRequests).toMatchObject({ sent: 0 });
    expect(first.reviewRequests.due).toBeGreaterThan(0);
    expect(first.reminders).toMatchObject({ sent: 0, dropped: 0 });
    expect(await declined.payment()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await swept.payment()).toMatchObject({ status: 'pending' });

    // The next run, with time: all of it.
    const second = await cron({ now }, timeLeft(60_000));
    expect(second.mail.sent).toBeGreaterThan(0);
    expect(second.acknowledgments.expired).toBeGreaterThan(0);
    expect(second.charges).toEqual({ sweep: { due: 1, charged: 1 }, retries: { due: 1, paid: 0 } });
    expect(second.reviewRequests.sent).toBeGreaterThan(0);
    expect(second.reminders).toMatchObject({ sent: 1, skipped: 0 });
    expect(await declined.payment()).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await swept.payment()).toMatchObject({ status: 'paid' });
  }, 60_000);

  it('finishes a mail backlog larger than one run over the next runs, each mail once', async () => {
    const backlog = 30;
    const items = Array.from({ length: backlog }, (_, i) =>
      Outbox.prepare({ to: `backlog-${i}@example.com`, subject: `Backlog ${i}`, text: '.' }),
    );
    await transactWrite(items.map((item) => item.item));
    // A slow mail service: 100 ms a mail, 8 at once. A run with 300 ms before its deadline
    // cannot send 30 (that takes at least 4 rounds, 400 ms).
    const sent: string[] = [];
    vi.spyOn(Mail, 'send').mockImplementation(async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent.push(String(message.to));
    });
    const runs: number[] = [];
    while (sent.length < backlog && runs.length < 20) {
      runs.push((await cron(undefined, timeLeft(LOOP_MARGIN_MS + 300))).mail.sent);
    }
    expect(runs[0]).toBeLessThan(backlog);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(backlog);
    expect(new Set(sent).size).toBe(backlog);
    expect(sent).toHaveLength(backlog);
  });
});

describe('the scheduled job’s deadline, review requests (decision 109)', () => {
  it('settles a backlog larger than one run over the next runs, each request once', async () => {
    // Requests for bookings that are gone: each is settled 'gone' without a mail. A slow read
    // (50 ms a booking, 4 at once) makes 20 of them take 250 ms; each run has 100 ms.
    const backlog = 20;
    const now = new Date();
    const ids = Array.from({ length: backlog }, () => `bkg_gone${crypto.randomUUID().slice(0, 8)}`);
    await transactWrite(
      ids.map((id) =>
        ReviewRequest.fileItem(id, new Date(now.getTime() - 60_000).toISOString(), now.toISOString()),
      ),
    );
    const get = bookingStore.entity.get.bind(bookingStore.entity);
    vi.spyOn(bookingStore.entity, 'get').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return get(...args);
    });
    const runs: { due: number; done: number; left: number }[] = [];
    const settled = async () =>
      (await Promise.all(ids.map((id) => ReviewRequest.find(id)))).filter((r) => r?.settledAt).length;
    while ((await settled()) < backlog && runs.length < 20) {
      runs.push(await asSystem('cron', () => ReviewRequest.sendDue(now, { deadline: Date.now() + 100 })));
    }
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]!.left).toBeGreaterThan(0);
    // What each run settled (due less left) adds up to the backlog: none twice.
    expect(runs.reduce((sum, run) => sum + run.due - run.left, 0)).toBe(backlog);
    for (const id of ids) expect(await ReviewRequest.find(id)).toMatchObject({ outcome: 'gone' });
  });
});
