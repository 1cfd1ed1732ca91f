import { withActor } from '@app/core/actor';
import { transactWrite } from '@app/core/db/entity';
import { Outbox } from '@app/core/mail/outbox';
import { Notify } from '@app/core/notify/index';
import type { NotifySettings } from '@app/core/notify/settings';
import { cancelledText, rescheduledText } from '@app/core/booking/notices';
import { onMyWayText } from '@app/core/visit/progress-mail';
import { segmentCount, smsEncoding } from '@app/core/sms/segments';
import { User } from '@app/core/user/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingMailInfo, send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';
import { failSends, replyFrom, textsTo, uniqueMobile } from '../../../tests/sms';
import { readOutbox } from '../local/outbox';

/** What `GET /api/users/me/notifications` answers. */
type Settings = NotifySettings.Reply;
type Who = { _id: string; email: string; headers: Record<string, string> };

const settings = async (who: Who) =>
  json<Settings>(await send('GET', '/api/users/me/notifications', who.headers));
const change = (who: Who, body: unknown) => send('PUT', '/api/users/me/notifications', who.headers, body);
const national = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
const mailsTo = async (to: string) => (await readOutbox()).filter((mail) => mail.to.includes(to));

/** A notice of `kind` to `who`, written and delivered as a verb would (its own transaction here). */
async function notify(who: Who, kind: Notify.Kind, text = `Hi! ${kind} for you: https://x.example/t/1`) {
  const prepared = await Notify.prepare({
    kind,
    userId: who._id,
    mail: { to: who.email, subject: `A ${kind} notice`, text: 'Mail body.' },
    text,
  });
  await transactWrite(prepared.map((item) => item.item));
  await Notify.deliver(prepared);
  return prepared;
}

async function optedInCustomer(preferences?: Partial<Settings['preferences']>) {
  const customer = await createUser();
  const mobile = uniqueMobile();
  const response = await change(customer, { texts: { optIn: true, mobile: national(mobile) }, preferences });
  expect(response.status).toBe(200);
  return { customer, mobile };
}

afterEach(() => vi.restoreAllMocks());

describe('texts consent and preferences (/api/users/me/notifications)', () => {
  it('starts with no consent and mail and text both chosen, and records an opt-in with its wording and time', async () => {
    const customer = await createUser();
    expect(await settings(customer)).toEqual({
      texts: null,
      preferences: {
        reminder: 'both',
        'on-my-way': 'both',
        'review-request': 'both',
        'recommended-work': 'both',
      },
      // Marketing consent (issue 34, decision 124): none until the customer ticks its box.
      marketing: { mail: null, text: null },
    });
    const mobile = uniqueMobile();
    const before = new Date().toISOString();
    const response = await change(customer, {
      texts: { optIn: true, mobile: ` 1-${national(mobile)} ` },
      preferences: { 'review-request': 'mail' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const reply = await json<Settings>(response);
    expect(reply).toEqual({
      texts: {
        on: true,
        mobile,
        consentedAt: expect.any(String),
        wording: expect.stringContaining('Reply STOP to opt out'),
        optedOutAt: null,
        optedOutBy: null,
      },
      preferences: {
        reminder: 'both',
        'on-my-way': 'both',
        'review-request': 'mail',
        'recommended-work': 'both',
      },
      // Texts for bookings are no marketing consent (issue 34, decision 124).
      marketing: { mail: null, text: null },
    });
    expect((reply.texts?.consentedAt ?? '') >= before).toBe(true);
    // The wording names the shop, the number, the kinds of message and how often.
    for (const part of [
      'Mobile Auto Care',
      national(mobile),
      'reminders',
      'on my way',
      'review requests',
      'per booking',
    ]) {
      expect(reply.texts?.wording).toContain(part);
    }
    expect(await settings(customer)).toEqual(reply);
    // Stored on the account as shown.
    expect((await User.find(customer._id))?.texts).toEqual({
      mobile,
      consentedAt: reply.texts?.consentedAt,
      wording: reply.texts?.wording,
    });
  });

  it('refuses a number that is not a US mobile number, an opt-in without one, and an unknown channel, changing nothing', async () => {
    const customer = await createUser();
    for (const body of [
      { texts: { optIn: true, mobile: '+44 20 7946 0958' } },
      { texts: { optIn: true, mobile: '555-0123' } },
      { texts: { optIn: true } },
      { texts: { optIn: true, mobile: 6105550123 } },
      { preferences: { reminder: 'pigeon' } },
      { preferences: { birthday: 'mail' } },
    ]) {
      const response = await change(customer, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toEqual({ msg: expect.any(String) });
    }
    const refused = await json<{ msg: string }>(
      await change(customer, { texts: { optIn: true, mobile: '12' } }),
    );
    expect(refused.msg).toBe('Mobile number must be a US number such as (610) 555-0123.');
    expect((await settings(customer)).texts).toBeNull();
  });

  it('is a customer’s own: staff accounts are refused', async () => {
    const admin = await createUser({ role: 'admin' });
    expect((await send('GET', '/api/users/me/notifications', admin.headers)).status).toBe(403);
    expect((await send('GET', '/api/users/me/notifications')).status).toBe(401);
  });

  it('records consent given at registration, and registration without it works as before', async () => {
    const mobile = uniqueMobile();
    const email = `texts-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const base = { firstName: 'Tex', lastName: 'Ting', email, password: 'register-password-9' };
    const bad = await send(
      'POST',
      '/api/users/register',
      {},
      { ...base, textsOptIn: true, mobile: 'call me' },
    );
    expect(bad.status).toBe(400);
    expect(await User.findByEmail(email)).toBeUndefined();
    const noNumber = await send('POST', '/api/users/register', {}, { ...base, textsOptIn: true });
    expect(noNumber.status).toBe(400);

    const response = await send(
      'POST',
      '/api/users/register',
      {},
      { ...base, textsOptIn: true, mobile: national(mobile) },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ msg: expect.stringContaining('Registration successful') });
    const account = await User.findByEmail(email);
    expect(account?.texts).toEqual({
      mobile,
      consentedAt: expect.any(String),
      wording: expect.stringContaining('Reply STOP to opt out'),
    });

    const plainEmail = `plain-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const plain = await send('POST', '/api/users/register', {}, { ...base, email: plainEmail });
    expect(plain.status).toBe(200);
    expect((await User.findByEmail(plainEmail))?.texts).toBeUndefined();
  });
});

describe('notices by text (Notify through the outbox and the SMS stand-in)', () => {
  it('mails a customer who has not opted in, and texts one who has, through the SDK to the stand-in', async () => {
    const mailOnly = await createUser();
    await notify(mailOnly, 'reminder');
    expect(await mailsTo(mailOnly.email)).toHaveLength(1);

    const { customer, mobile } = await optedInCustomer();
    await notify(
      customer,
      'reminder',
      'Reminder: Oil Change tomorrow 9:00am. Details: https://x.example/b/1',
    );
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await textsTo(mobile)).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: [mobile],
        from: '+16105550142',
        text: 'Reminder: Oil Change tomorrow 9:00am. Details: https://x.example/b/1',
      }),
    ]);
  });

  it('honours the chosen channel per kind; reschedule and cancel notices go by mail and text', async () => {
    const { customer, mobile } = await optedInCustomer({ reminder: 'text', 'on-my-way': 'mail' });
    await notify(customer, 'reminder', 'Only a text');
    await notify(customer, 'on-my-way', 'Never a text');
    await notify(customer, 'cancel', 'Cancelled: by text too');
    expect((await mailsTo(customer.email)).map((mail) => mail.subject).sort()).toEqual([
      'A cancel notice',
      'A on-my-way notice',
    ]);
    expect((await textsTo(mobile)).map((text) => text.text)).toEqual([
      'Only a text',
      'Cancelled: by text too',
    ]);
    // A notice with no text to give goes by mail whatever the preference.
    await notify(customer, 'reminder', '');
    expect(await mailsTo(customer.email)).toHaveLength(3);
  });

  it('retries a text the service failed to take, and sends it once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { customer, mobile } = await optedInCustomer();
    // The SDK tries 3 times a send: one outbox attempt fails.
    await failSends(mobile, 3);
    const [, text] = await notify(customer, 'on-my-way', 'On my way, there at 10:40am');
    expect(await textsTo(mobile)).toHaveLength(0);
    const queued = await Outbox.find(text!.id);
    expect(queued).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('InternalServerException'),
    });
    const later = Date.now() + 10 * 60 * 1000;
    await Promise.all([Outbox.drain({ now: later }), Outbox.drain({ now: later })]);
    expect((await textsTo(mobile)).map((sent) => sent.text)).toEqual(['On my way, there at 10:40am']);
    expect(await Outbox.find(text!.id)).toMatchObject({ attempts: 2, sentAt: expect.any(String) });
  });

  it('after a STOP reply: the refused text is not retried, texting is off in the app, and no text is sent again', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { customer, mobile } = await optedInCustomer();
    await notify(customer, 'reminder', 'First reminder');
    await replyFrom(mobile, 'STOP');

    const [, refused] = await notify(customer, 'reminder', 'After STOP');
    const settled = await Outbox.find(refused!.id);
    expect(settled).toMatchObject({ attempts: 1, optedOutAt: expect.any(String) });
    expect(settled?.nextAttemptAt).toBeUndefined();
    expect(settled?.failedAt).toBeUndefined();
    expect(await settings(customer)).toMatchObject({
      texts: { on: false, mobile, optedOutAt: expect.any(String), optedOutBy: 'reply' },
    });

    // Every later notice goes by mail only, even when the preference says text.
    await change(customer, { preferences: { reminder: 'text' } });
    const later = await notify(customer, 'reminder', 'Never sent');
    expect(later).toHaveLength(1);
    await Outbox.drain({ now: Date.now() + 24 * 60 * 60 * 1000 });
    expect((await textsTo(mobile)).map((text) => text.text)).toEqual(['First reminder']);
    expect(await mailsTo(customer.email)).toHaveLength(3);
  });

  it('honours an in-app opt-out at once, even for a text already queued', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { customer, mobile } = await optedInCustomer();
    const prepared = await Notify.prepare({
      kind: 'reminder',
      userId: customer._id,
      mail: { to: customer.email, subject: 'Queued', text: '.' },
      text: 'Queued before the opt-out',
    });
    await transactWrite(prepared.map((item) => item.item));
    const optOut = await change(customer, { texts: { optIn: false } });
    expect(await json(optOut)).toMatchObject({ texts: { on: false, optedOutBy: 'customer' } });
    await Notify.deliver(prepared);
    expect(await textsTo(mobile)).toHaveLength(0);
    expect(await Outbox.find(prepared[1]!.id)).toMatchObject({ optedOutAt: expect.any(String) });
    expect(await notify(customer, 'cancel')).toHaveLength(1);

    // Opting in again is a new consent, at a new time.
    const again = await json<Settings>(await change(customer, { texts: { optIn: true, mobile } }));
    expect(again.texts).toMatchObject({ on: true, optedOutAt: null });
    await notify(customer, 'cancel', 'Back on');
    expect((await textsTo(mobile)).map((text) => text.text)).toEqual(['Back on']);
  });

  it('keeps the notices’ texts to one GSM-7 segment, link included', async () => {
    const b = bookingMailInfo({
      id: 'bkg_01JTEXTSEGMENTS000000000000',
      serviceName: 'Battery Test & Replacement',
      date: '2026-12-28',
      time: '14:30',
      priceCents: 12_900,
      status: 'Confirmed',
      customerEmail: 'jamie@example.com',
    });
    const texts = [
      rescheduledText(b),
      cancelledText(b, 'customer'),
      cancelledText(b, 'shop'),
      onMyWayText({
        technicianFirstName: 'Alexandra',
        etaAt: '2026-12-28T19:25:00.000Z',
        path: `/track/${'x'.repeat(43)}`,
      }),
    ];
    for (const text of texts) {
      expect(smsEncoding(text), text).toBe('GSM-7');
      expect(segmentCount(text), text).toBe(1);
    }
  });

  it('keeps the given-up list to the admin', async () => {
    const customer = await createUser();
    await expect(
      withActor({ type: 'user', userId: customer._id, role: 'user', firstName: 'C' }, () =>
        Outbox.gaveUp({ limit: 5 }),
      ),
    ).rejects.toThrow();
  });
});
