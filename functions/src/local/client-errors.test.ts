import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_TOO_LARGE, MAX_URL_LENGTH, refuseLongUrls, URL_TOO_LONG } from '../api/url-limit';
import { answerClientErrors } from './client-errors';

/**
 * Over-long addresses (issue 19 §5, decision 056): under Node's limit the app
 * answers 414 `{ msg }`; past it, Node's parser refuses the request before the
 * app, and the local server answers that 431 as JSON too, not with an empty body.
 */
describe('over-long addresses on the local server', () => {
  const site = new Hono().use(refuseLongUrls).get('*', (c) => c.text('ok'));
  const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
  answerClientErrors(server);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('serves an address of exactly the limit', async () => {
    const path = `/${'a'.repeat(MAX_URL_LENGTH - 1)}`;
    expect(await get(path)).toMatchObject({ status: 200, body: 'ok' });
  });

  it('answers 414 { msg } one character past the limit, query included', async () => {
    for (const path of [`/${'a'.repeat(MAX_URL_LENGTH)}`, `/blog?q=${'%41'.repeat(3000)}`]) {
      const reply = await get(path);
      expect(reply.status, path.slice(0, 20)).toBe(414);
      expect(reply.type).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body)).toEqual({ msg: URL_TOO_LONG });
    }
  });

  it('answers a 20,000-character path, past Node’s 16 KB head, with 431 { msg }', async () => {
    const reply = await get(`/${'a'.repeat(20_000)}`);
    expect(reply.status).toBe(431);
    expect(reply.type).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body)).toEqual({ msg: HEAD_TOO_LARGE });
  });

  it('answers headers over 16 KB with a short address the same way', async () => {
    const reply = await get('/', { 'x-big': 'b'.repeat(17_000) });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ msg: HEAD_TOO_LARGE });
  });
});
