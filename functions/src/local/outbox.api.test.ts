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
    const before = await json<unknown[]>(await server.request('/_local/outbox'));
    await Mail.send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await Mail.send({ to: ['second@example.com'], subject: 'Second', text: 'two' });

    const response = await server.request('/_local/outbox');
    expect(response.status).toBe(200);
    const mail = (await json<Record<string, unknown>[]>(response)).slice(before.length);
    expect(mail).toEqual([
      {
        channel: 'mail',
        to: ['first@example.com'],
        replyTo: [],
        from: 'no-reply@mobileautocare.example',
        subject: 'First',
        text: 'one',
        html: '<p>one</p>',
        attachments: [],
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ to: ['second@example.com'], subject: 'Second', text: 'two', html: '' }),
    ]);
  });
});
