import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingReceivedMail } from '@app/core/booking/mail';
import { bookingMailInfo } from './booking-factories';
import { icsEvent } from '@app/core/calendar/ics';
import { transactWrite } from '@app/core/db/entity';
import { Mail } from '@app/core/mail/index';
import { Outbox } from '@app/core/mail/outbox';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { rawDb, tableName } from '@app/core/db/client';
import { MAIL_FILES_PREFIX } from '@app/core/mail/attachments';
import { Storage } from '@app/core/storage/index';
import { withActor } from '@app/core/actor';
import { INVALID_CURSOR } from '@app/core/db/paging';
import { readOutbox } from '../functions/src/local/outbox';
import { deliverUntilGivenUp } from './outbox';
import { failSends, uniqueMobile } from './sms';

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 24 * 60 * 60;

const address = () => `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

afterEach(() => vi.restoreAllMocks());

describe('the mail outbox', () => {
  it('sends recorded mail at once, and marks it sent', async () => {
    const to = address();
    const mail = Outbox.prepare({ to, subject: 'Hello', text: 'Sent at once.' });
    await transactWrite([mail.item]);
    await Outbox.deliver(mail);
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await Outbox.find(mail.id)).toMatchObject({ attempts: 1, sentAt: expect.any(String) });
    expect((await Outbox.find(mail.id))?.nextAttemptAt).toBeUndefined();
    // A sent mail's item expires by TTL after KEEP_SENT_DAYS.
    expect((await Outbox.find(mail.id))?.expiresAt).toBeCloseTo(inDays(Outbox.KEEP_SENT_DAYS), -2);
  });

  it('queues keys only, and the scheduled job sends due mail in parallel, never more than its bound at once', async () => {
    const { Table } = await rawDb().send(new DescribeTableCommand({ TableName: tableName() }));
    const queue = Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'dueWork');
    expect(queue?.Projection?.ProjectionType).toBe('KEYS_ONLY');

    const to = address();
    const mails = Array.from({ length: 12 }, (_, i) =>
      Outbox.prepare({ to, subject: `No. ${i}`, text: 'Queued.' }),
    );
    await transactWrite(mails.map((mail) => mail.item));
    let inFlight = 0;
    let most = 0;
    const send = Mail.send.bind(Mail);
    vi.spyOn(Mail, 'send').mockImplementation(async (message) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 250));
      inFlight -= 1;
      return send(message);
    });
    const { done: sent } = await Outbox.drain({ now: Date.now() + 1000, limit: 100, concurrency: 3 });
    expect(sent).toBeGreaterThanOrEqual(12);
    expect(most).toBe(3);
    expect(await mailsTo(to)).toHaveLength(12);
  });

  it('keeps mail whose send failed, without failing the caller, and the scheduled job sends it later', async () => {
    const to = address();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.spyOn(Mail, 'send').mockRejectedValueOnce(new Error('SES is down'));
    const mail = Outbox.prepare({ to, subject: 'Retry me', text: 'Second time lucky.' });
    await transactWrite([mail.item]);
    await expect(Outbox.deliver(mail)).resolves.toBeUndefined();
    expect(await mailsTo(to)).toHaveLength(0);
    const queued = await Outbox.find(mail.id);
    expect(queued).toMatchObject({ attempts: 1, lastError: expect.stringContaining('SES is down') });
    expect(queued?.nextAttemptAt).toBeGreaterThan(Date.now());

    send.mockRestore();
    // Not due yet: the pause after a failure is respected.
    await Outbox.drain();
    expect(await mailsTo(to)).toHaveLength(0);
    // Due: sent, once, even by two drains at the same time.
    const later = Date.now() + 10 * 60 * 1000;
    await Promise.all([Outbox.drain({ now: later }), Outbox.drain({ now: later })]);
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await Outbox.find(mail.id)).toMatchObject({ attempts: 2, sentAt: expect.any(String) });
  });

  it('gives up after MAX_ATTEMPTS and leaves the queue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Mail, 'send').mockRejectedValue(new Error('bounced'));
    const mail = Outbox.prepare({ to: address(), subject: 'Never', text: 'Never arrives.' });
    await deliverUntilGivenUp(mail);
    const given = await Outbox.find(mail.id);
    expect(given).toMatchObject({ attempts: Outbox.MAX_ATTEMPTS, failedAt: expect.any(String) });
    expect(given?.nextAttemptAt).toBeUndefined();
    // Kept for support for KEEP_FAILED_DAYS, then expired by TTL.
    expect(given?.expiresAt).toBeCloseTo(inDays(Outbox.KEEP_FAILED_DAYS), -2);
  });

  it('lists what it gave up (mail and texts), newest first, a page at a time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Mail, 'send').mockRejectedValue(new Error('bounced'));
    const first = Outbox.prepare({ to: address(), subject: 'Gave up first', text: '.' });
    const sent = Outbox.prepare({ to: address(), subject: 'Sent fine', text: '.' });
    const now = await deliverUntilGivenUp(first);
    vi.mocked(Mail.send).mockRestore();
    await transactWrite([sent.item]);
    await Outbox.deliver(sent);
    // A text whose number the stand-in refuses every time (500, which the SDK itself retries too) is given up
    // the same way.
    const number = uniqueMobile();
    await failSends(number, 1000);
    const text = Outbox.prepareText({ to: number, body: 'Your reminder' });
    await deliverUntilGivenUp(text, now);

    const gaveUp = (page: Parameters<typeof Outbox.gaveUp>[0]) =>
      withActor({ type: 'system', name: 'test' }, () => Outbox.gaveUp(page));
    const page1 = await gaveUp({ limit: 1 });
    expect(page1.items).toEqual([
      expect.objectContaining({
        id: text.id,
        channel: 'sms',
        to: [number],
        summary: 'Your reminder',
        attempts: Outbox.MAX_ATTEMPTS,
        lastError: expect.stringContaining('Simulated failure'),
      }),
    ]);
    expect(page1.cursor).toEqual(expect.any(String));
    const page2 = await gaveUp({ limit: 5, cursor: page1.cursor });
    // The mail given up by the test before is older still.
    expect(page2.items.map((item) => [item.id, item.channel, item.summary])).toEqual([
      [first.id, 'mail', 'Gave up first'],
      [expect.any(String), 'mail', 'Never'],
    ]);
    expect(page2.cursor).toBeNull();
    await expect(gaveUp({ limit: 5, cursor: 'nonsense' })).rejects.toThrow(INVALID_CURSOR);
  });
});

describe('mail with attachments', () => {
  it('goes out as a MIME message and reads back from the SES stand-in with the attachment intact', async () => {
    const to = address();
    const ics = icsEvent({
      uid: 'bkg_01JOUTBOXATTACHMENT00000000@mobileautocare.example',
      date: '2026-11-01',
      time: '00:30',
      durationMinutes: 120,
      summary: 'Détail complet, intérieur; and more',
      description: `Line one\nLine two with é and 🚗 ${'long '.repeat(30)}`,
      location: 'Mobile service, West Chester, PA',
      organizerEmail: 'info@mobileautocare.example',
    });
    const message = {
      to,
      replyTo: 'shop@mobileautocare.example',
      subject: 'Réservation reçue 🚗\r\nBcc: stolen@example.com',
      text: 'Hello,\n\nThe calendar file is attached = here.',
      html: '<p>Hello,</p><p>The calendar file is attached = here.</p>',
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: ics,
        },
      ],
    };
    const mail = await Outbox.prepareWithFiles(message);
    await transactWrite([mail.item]);
    await Outbox.deliver(mail);
    // The outbox item only references the attachment, stored in S3 until the mail is sent.
    const [stored] = (await Outbox.find(mail.id))?.message?.attachments ?? [];
    expect(stored).toEqual({
      filename: 'appointment.ics',
      contentType: message.attachments[0]?.contentType,
      key: `${MAIL_FILES_PREFIX}${mail.id}/0`,
    });
    expect(await Storage.bytes(`${MAIL_FILES_PREFIX}${mail.id}/0`)).toBeNull();

    const [sent, ...more] = await mailsTo(to);
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({
      to: [to],
      from: 'no-reply@mobileautocare.example',
      replyTo: ['shop@mobileautocare.example'],
      // The line break became a space: no header of its own.
      subject: 'Réservation reçue 🚗 Bcc: stolen@example.com',
      text: 'Hello,\n\nThe calendar file is attached = here.',
      html: message.html,
    });
    expect((await readOutbox()).some((m) => m.to.includes('stolen@example.com'))).toBe(false);
    expect(sent?.attachments).toEqual([
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar',
        content: ics,
        base64: Buffer.from(ics).toString('base64'),
        size: Buffer.byteLength(ics),
      },
    ]);
    expect(sent?.attachments[0]?.content).toContain('DTEND:20261101T063000Z');
  });

  it('keeps a failed mail’s attachment in S3 for the retry, and removes it once sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.spyOn(Mail, 'send').mockRejectedValueOnce(new Error('SES is down'));
    const to = address();
    const pdf = Buffer.from('%PDF-1.4 a small test file').toString('base64');
    const mail = await Outbox.prepareWithFiles({
      to,
      subject: 'Your work order',
      text: 'Attached.',
      attachments: [{ filename: 'wo.pdf', contentType: 'application/pdf', content: pdf, encoding: 'base64' }],
    });
    await transactWrite([mail.item]);
    await Outbox.deliver(mail);
    const key = `${MAIL_FILES_PREFIX}${mail.id}/0`;
    expect(Buffer.from((await Storage.bytes(key)) ?? []).toString('base64')).toBe(pdf);
    send.mockRestore();
    await Outbox.drain({ now: Date.now() + 10 * 60 * 1000 });
    const [sent] = await mailsTo(to);
    expect(sent?.attachments.map((a) => [a.filename, a.base64])).toEqual([['wo.pdf', pdf]]);
    expect(await Storage.bytes(key)).toBeNull();
  });

  it('sends a booking mail with its calendar file through the outbox', async () => {
    const booking = bookingMailInfo({
      id: 'bkg_01JOUTBOXBOOKINGMAIL0000000',
      serviceName: 'Full Detail',
      date: '2026-03-08',
      time: '01:30',
      priceCents: 19_900,
      status: 'Pending',
      customerEmail: address(),
    });
    const message = bookingReceivedMail(booking);
    await Outbox.send(message);
    const [sent] = await mailsTo(booking.customerEmail);
    expect(sent?.subject).toBe(message.subject);
    expect(sent?.text).toContain('Eastern Time (America/New_York)');
    expect(sent?.attachments.map((a) => [a.filename, a.content])).toEqual([
      ['appointment.ics', message.attachments![0]!.content],
    ]);
    expect(sent?.attachments[0]?.content).toContain('DTEND;TZID=America/New_York:20260308T033000');
  });
});
