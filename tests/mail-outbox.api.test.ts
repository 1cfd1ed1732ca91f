import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactWrite } from '@app/core/db/entity';
import { Mail } from '@app/core/mail/index';
import { Outbox } from '@app/core/mail/outbox';
import { readOutbox } from '../functions/src/local/outbox';

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
    await transactWrite([mail.item]);
    await Outbox.deliver(mail);
    let now = Date.now();
    for (let i = 1; i < Outbox.MAX_ATTEMPTS; i += 1) {
      now += 7 * 60 * 60 * 1000;
      await Outbox.drain({ now });
    }
    const given = await Outbox.find(mail.id);
    expect(given).toMatchObject({ attempts: Outbox.MAX_ATTEMPTS, failedAt: expect.any(String) });
    expect(given?.nextAttemptAt).toBeUndefined();
  });
});
