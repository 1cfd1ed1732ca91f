import { SESClient } from '@aws-sdk/client-ses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outbox } from './outbox';

/**
 * A mail with extra header fields (the review request's List-Unsubscribe,
 * RFC 8058) leaves through the outbox as SendRawEmail, and the raw MIME
 * message carries the fields (SendEmail could not).
 */
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a mail with header fields', () => {
  it('goes out as raw MIME carrying them', async () => {
    const raw: string[] = [];
    const original = SESClient.prototype.send;
    vi.spyOn(SESClient.prototype, 'send').mockImplementation(function (
      this: SESClient,
      ...args: Parameters<SESClient['send']>
    ) {
      const input = (args[0] as { input?: { RawMessage?: { Data?: Uint8Array } } }).input;
      if (input?.RawMessage?.Data) raw.push(new TextDecoder().decode(input.RawMessage.Data));
      return (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as SESClient['send']);
    const url = `https://shop.example/api/unsubscribe/${'t'.repeat(43)}`;
    await Outbox.send({
      to: 'headers@example.com',
      subject: 'Headers',
      text: 'Hello',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(raw).toHaveLength(1);
    const head = raw[0]?.slice(0, raw[0].indexOf('\r\n\r\n')) ?? '';
    expect(head).toContain(`\r\nList-Unsubscribe: <${url}>\r\n`);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(/^To: headers@example.com$/m);
  });
});
