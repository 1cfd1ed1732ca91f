import { entity as bookings, findBooking } from '@app/core/booking/store';
import { Outbox } from '@app/core/mail/outbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import * as factories from '../../../tests/factories';
import { snsNotificationFrom, textFrom, textsTo, uniqueMobile } from '../../../tests/sms';
import type { AdminBookingReply } from './bookings';

const { createService, createTechnician, createUser, createUserWithCard, json } = factories;

/**
 * Customers who answer a text (issue 36, decision 120): a reply reaches POST /api/texts/inbound as
 * the SNS notification the SMS stand-in signs, and is matched by number to the customer's next open
 * booking. C confirms, R texts the reschedule link back, anything else is threaded and reaches the
 * job's technician during the visit or the desk; STOP turns texting off; duplicates are kept once.
 */

afterEach(() => vi.restoreAllMocks());

type Thread = {
  bookingId: string;
  number: string | null;
  messages: {
    id: string;
    direction: 'in' | 'out';
    body: string;
    at: string;
    handled?: string;
    routedTo?: string;
  }[];
};

const technician = createTechnician({}, { number: 1 });

/** A customer who texts from a fresh mobile number, with a Pending booking a week or more ahead. */
async function customerWithBooking() {
  const customer = await createUserWithCard();
  const mobile = uniqueMobile();
  const optIn = await send('PUT', '/api/users/me/notifications', customer.headers, {
    texts: { optIn: true, mobile },
  });
  expect(optIn.status).toBe(200);
  const service = await createService({ name: 'Text Wash', availableDays: [], availableTimes: ['10:00'] });
  const made = await postBooking(customer, service._id, nextDate(), '10:00');
  expect(made.status).toBe(201);
  const { booking } = await json<{ booking: { _id: string } }>(made);
  return { customer, mobile, bookingId: booking._id };
}

async function threadOf(bookingId: string, headers: Record<string, string>): Promise<Thread> {
  const response = await send('GET', `/api/texts/bookings/${bookingId}`, headers);
  expect(response.status).toBe(200);
  return json<Thread>(response);
}

async function inbox(headers: Record<string, string>) {
  const response = await send('GET', '/api/texts/inbox?limit=100', headers);
  expect(response.status).toBe(200);
  return json<{ id: string; body: string; number: string; bookingId?: string }[]>(response);
}

describe('replies by text (POST /api/texts/inbound)', () => {
  it('C confirms attendance as "I\'ll be there" does: the desk shows it', async () => {
    const { mobile, bookingId } = await customerWithBooking();
    const admin = await createUser({ role: 'admin' });
    const reply = await textFrom(mobile, '  c ');
    expect(reply).toMatchObject({ status: 200, answer: { kept: true, bookingId, handled: 'confirm' } });
    expect((await findBooking(bookingId)).attendanceConfirmedAt).toEqual(expect.any(String));
    const desk = await json<AdminBookingReply[]>(
      await send('GET', '/api/bookings/all?limit=100', admin.headers),
    );
    expect(desk.find((b) => b._id === bookingId)?.attendanceConfirmedAt).toEqual(expect.any(String));
    // The thread shows it, acted on; the desk's inbox does not list it.
    expect((await threadOf(bookingId, admin.headers)).messages).toMatchObject([
      { direction: 'in', body: '  c ', handled: 'confirm' },
    ]);
    expect((await inbox(admin.headers)).map((m) => m.number)).not.toContain(mobile);
  });

  it('R texts back a reschedule link for the booking, which the reschedule page takes', async () => {
    const { mobile, bookingId } = await customerWithBooking();
    const reply = await textFrom(mobile, 'R');
    expect(reply.answer).toMatchObject({ handled: 'reschedule', bookingId });
    const sent = await textsTo(mobile);
    const last = sent.at(-1)?.text ?? '';
    expect(last).toMatch(/to reschedule your Text Wash/);
    const token = /\/reschedule\/[\w]+\?token=([\w-]+)/.exec(last)?.[1];
    expect(token).toBeDefined();
    const page = await send('GET', `/api/booking-links/${token}/reschedule`);
    expect(page.status).toBe(200);
    expect(await json(page)).toMatchObject({ booking: { _id: bookingId } });
  });

  it("free text reaches the desk before the visit, and the job's technician during it; both can answer", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { mobile, bookingId } = await customerWithBooking();
    const [admin, tech, other] = await Promise.all([
      createUser({ role: 'admin' }),
      technician,
      createTechnician(),
    ]);
    const before = await textFrom(mobile, 'Is the gate code still 4411?');
    expect(before.answer).toMatchObject({ kept: true, bookingId, routedTo: 'desk' });
    expect((await inbox(admin.headers)).map((m) => m.body)).toContain('Is the gate code still 4411?');

    // On the way: the next text reaches technician 1, whose job it is (not the desk).
    await bookings.patch({ id: bookingId }, { set: { progress: { onMyWayAt: new Date().toISOString() } } });
    const during = await textFrom(mobile, 'Running 10 min late, gate code 4411');
    expect(during.answer).toMatchObject({ routedTo: 'tech' });
    expect((await inbox(admin.headers)).map((m) => m.body)).not.toContain(
      'Running 10 min late, gate code 4411',
    );
    const thread = await threadOf(bookingId, tech.headers);
    expect(thread.number).toBe(mobile);
    expect(thread.messages.map((m) => [m.direction, m.body, m.routedTo])).toEqual([
      ['in', 'Is the gate code still 4411?', 'desk'],
      ['in', 'Running 10 min late, gate code 4411', 'tech'],
    ]);
    // Another technician may not read it.
    expect((await send('GET', `/api/texts/bookings/${bookingId}`, other.headers)).status).toBe(403);

    const answered = await send('POST', `/api/texts/bookings/${bookingId}`, tech.headers, {
      body: ' No rush, see you soon. ',
    });
    expect(answered.status).toBe(200);
    expect((await json<Thread>(answered)).messages.at(-1)).toMatchObject({
      direction: 'out',
      body: 'No rush, see you soon.',
    });
    expect((await textsTo(mobile)).at(-1)?.text).toBe('No rush, see you soon.');
    const blank = await send('POST', `/api/texts/bookings/${bookingId}`, admin.headers, { body: '  ' });
    expect(blank.status).toBe(400);
    expect(await json(blank)).toEqual({ msg: 'Write the text to send.' });
  });

  it('keeps a text delivered twice once, even when the deliveries race', async () => {
    const { mobile, bookingId } = await customerWithBooking();
    const admin = await createUser({ role: 'admin' });
    const id = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => textFrom(mobile, 'Can you also do the mats?', { id })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.answer.kept === true)).toHaveLength(1);
    expect(results.filter((r) => r.answer.duplicate === true)).toHaveLength(7);
    expect((await threadOf(bookingId, admin.headers)).messages).toHaveLength(1);
  });

  it("orders a thread by the texts' timestamps, whatever order they arrive in", async () => {
    const { mobile, bookingId } = await customerWithBooking();
    const admin = await createUser({ role: 'admin' });
    const minute = (n: number) => new Date(Date.now() - (10 - n) * 60_000).toISOString();
    await textFrom(mobile, 'third', { at: minute(3) });
    await textFrom(mobile, 'first', { at: minute(1) });
    await textFrom(mobile, 'second', { at: minute(2) });
    expect((await threadOf(bookingId, admin.headers)).messages.map((m) => m.body)).toEqual([
      'first',
      'second',
      'third',
    ]);
  });

  it('keeps a text from an unknown number for the desk, and does nothing else', async () => {
    const admin = await createUser({ role: 'admin' });
    const stranger = uniqueMobile();
    const reply = await textFrom(stranger, 'C');
    expect(reply.answer).toMatchObject({ kept: true, bookingId: null, handled: null, routedTo: 'desk' });
    expect(await inbox(admin.headers)).toContainEqual(
      expect.objectContaining({ number: stranger, body: 'C' }),
    );
    expect(await textsTo(stranger)).toEqual([]);
  });

  it("STOP is the service's: nothing is kept, and texting is off on the account as a refused send does", async () => {
    const { customer, mobile, bookingId } = await customerWithBooking();
    const admin = await createUser({ role: 'admin' });
    expect((await textFrom(mobile, 'stop')).answer).toEqual({
      optedOut: true,
      kept: false,
      keyword: 'opt-out',
    });
    expect((await textFrom(mobile, 'HELP')).answer).toMatchObject({ kept: false, keyword: 'help' });
    const settings = await send('GET', '/api/users/me/notifications', customer.headers);
    expect(await json(settings)).toMatchObject({ texts: { on: false, optedOutBy: 'reply' } });
    expect((await threadOf(bookingId, admin.headers)).messages).toEqual([]);
    await Outbox.drain({ now: Date.now() + 60_000 });
  });

  it('refuses anything not from SNS: no signature, a forged one, another topic, a bare payload', async () => {
    const notification = await snsNotificationFrom(uniqueMobile(), 'C');
    const post = (body: unknown) =>
      send('POST', '/api/texts/inbound', {}, typeof body === 'string' ? body : body);
    const forged = { ...notification, Message: String(notification.Message).replace('"C"', '"R"') };
    const otherTopic = { ...notification, TopicArn: 'arn:aws:sns:us-east-1:000000000000:other' };
    const otherHost = { ...notification, SigningCertURL: 'https://example.com/cert.pem' };
    const { Signature: _, ...unsigned } = notification;
    for (const body of [forged, otherTopic, otherHost, unsigned, JSON.parse(String(notification.Message))]) {
      const refused = await post(body);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toEqual({
        msg: "Only SNS notifications of the shop's inbound texts are accepted.",
      });
    }
    expect((await post(notification)).status).toBe(200);
  });
});
