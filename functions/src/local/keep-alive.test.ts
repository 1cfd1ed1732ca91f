import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepIdleConnections } from './boot';

/**
 * A pooled connection that sat idle longer than Node's default 5 s is still
 * open: clients that ignore the Keep-Alive hint (Playwright's request
 * context) reuse it without meeting a reset (CI saw `read ECONNRESET`).
 */
describe('keepIdleConnections', () => {
  const server = serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port: 0 });
  keepIdleConnections(server);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    agent.destroy();
    server.close();
  });

  const get = () =>
    new Promise<{ body: string; reused: boolean }>((resolve, reject) => {
      const req = request({ port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ body, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });

  it('keeps an idle connection past 6 s and answers on it', async () => {
    expect(await get()).toEqual({ body: 'ok', reused: false });
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await get()).toEqual({ body: 'ok', reused: true });
  }, 15_000);
});
