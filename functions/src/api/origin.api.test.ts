import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { json } from '../../../tests/factories';

/**
 * On AWS the API is reachable only through the Router (decision 015): a
 * request without the Router's proof header, such as one sent straight to the
 * function URL, is refused, and only beside that proof does `x-client-ip`
 * name the client. The app runs here in APP_MODE=aws, its DynamoDB reached
 * through the SDK's standard endpoint variable, as the Lambda bundle was tried
 * against DynamoDB Local.
 */
const saved = { ...process.env };

beforeEach(() => {
  vi.resetModules();
  Object.assign(process.env, {
    APP_MODE: 'aws',
    // AWS mode's own settings (issue 31); the rest come from tests/api-setup.ts.
    PRIVATE_BUCKET_NAME: 'unused-private',
    BUSINESS_PUBLIC_EMAIL: 'info@mobileautocare.example',
    BUSINESS_PHONE: '(610) 555-0142',
    AWS_ENDPOINT_URL_DYNAMODB: inject('endpoints').dynamodb,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});

afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

async function aws() {
  const { app } = await import('./index');
  const { ROUTER_PROOF_HEADER, routerProof } = await import('./router-proof');
  const value = routerProof(process.env.JWT_SECRET!);
  return { app, value, proof: { [ROUTER_PROOF_HEADER]: value }, ROUTER_PROOF_HEADER };
}

/** What a function URL's event carries as the caller's address. */
const lambdaEnv = (sourceIp: string) => ({ requestContext: { http: { sourceIp } } });

describe('in aws mode', () => {
  it("refuses an /api request without the Router's proof with 403 { msg }, before any route runs", async () => {
    const { app } = await aws();
    for (const [method, path] of [
      ['GET', '/api/services'],
      ['POST', '/api/users/login'],
      ['GET', '/api/no-such-route'],
      ['GET', '/API/Services/'],
    ] as const) {
      const response = await app.request(path, { method }, lambdaEnv('198.51.100.7'));
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await json(response)).toEqual({ msg: 'This API answers only requests made through the site.' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses a wrong proof, whatever its length', async () => {
    const { app, value: right, ROUTER_PROOF_HEADER } = await aws();
    const flipped = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
    for (const value of [flipped, 'x', `${right}x`, right.toUpperCase()]) {
      const response = await app.request('/api/services', { headers: { [ROUTER_PROOF_HEADER]: value } });
      expect(response.status, value).toBe(403);
    }
  });

  it("serves a request that carries the Router's proof", async () => {
    const { app, proof } = await aws();
    const response = await app.request('/api/services', { headers: proof }, lambdaEnv('198.51.100.7'));
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it("lets x-client-ip name the client only beside the Router's proof", async () => {
    const { Hono } = await import('hono');
    const { useClientIp } = await import('@app/core/actor');
    const { requestContext } = await import('./auth');
    const { proof } = await aws();
    // The request context alone (no gate in front), as every API route sees it.
    const probe = new Hono().use(requestContext).get('/', (c) => c.text(useClientIp()));

    const spoofed = await probe.request(
      '/',
      { headers: { 'x-client-ip': '203.0.113.9' } },
      lambdaEnv('198.51.100.7'),
    );
    expect(await spoofed.text()).toBe('198.51.100.7');

    const routed = await probe.request(
      '/',
      { headers: { ...proof, 'x-client-ip': '203.0.113.9' } },
      lambdaEnv('198.51.100.7'),
    );
    expect(await routed.text()).toBe('203.0.113.9');
  });
});

describe('in local mode', () => {
  it('needs no proof (there is no Router)', async () => {
    process.env.APP_MODE = 'local';
    const { app } = await import('./index');
    expect((await app.request('/api/services')).status).toBe(200);
  });
});
