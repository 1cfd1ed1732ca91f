import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mail } from '@app/core/mail/index';
import { afterAll, describe, expect, it } from 'vitest';
import { json } from '../../../tests/factories';
import { createLocalServer } from './server';

const webDist = mkdtempSync(join(tmpdir(), 'mac-outbox-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the local outbox', () => {
  it('shows mail sent through SES, oldest first, in the documented shape', async () => {
    const server = createLocalServer(webDist);
    // Other test files send through the same SES stand-in meanwhile: this test's two are told by their addresses.
    const first = `first-${Date.now()}@example.com`;
    const second = `second-${Date.now()}@example.com`;
    await Mail.send({ to: first, subject: 'First', text: 'one', html: '<p>one</p>' });
    await Mail.send({ to: [second], subject: 'Second', text: 'two' });

    const response = await server.request('/_local/outbox');
    expect(response.status).toBe(200);
    const mail = (await json<{ to?: string[] }[]>(response)).filter(
      (m) => m.to?.includes(first) || m.to?.includes(second),
    );
    expect(mail).toEqual([
      {
        channel: 'mail',
        to: [first],
        replyTo: [],
        from: 'no-reply@mobileautocare.example',
        subject: 'First',
        text: 'one',
        html: '<p>one</p>',
        attachments: [],
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ to: [second], subject: 'Second', text: 'two', html: '' }),
    ]);
  });
});
