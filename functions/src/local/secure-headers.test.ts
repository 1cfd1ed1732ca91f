import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cspHeader, paymentPageCsp, siteCsp } from '../security-headers';
import { siteSecureHeaders } from './secure-headers';

const csp = async (app: Hono, path: string) =>
  (await app.request(`http://localhost${path}`)).headers.get('content-security-policy');

function server(options: Parameters<typeof siteSecureHeaders>[0]) {
  const app = new Hono();
  app.use(siteSecureHeaders(options));
  app.get('*', (c) => c.html('<!doctype html>'));
  return app;
}

describe('the local server’s CSP on the payment pages', () => {
  it('stays the site’s everywhere with the local Square stand-in', async () => {
    const app = server({});
    for (const path of ['/', '/dashboard', '/account-settings']) {
      expect(await csp(app, path), path).toBe(cspHeader(siteCsp));
    }
  });

  it("adds Square's sources on /dashboard and /account-settings only, when Square's SDK is used", async () => {
    const app = server({ squareSdk: true });
    expect(await csp(app, '/dashboard?tab=account')).toBe(cspHeader(paymentPageCsp));
    expect(await csp(app, '/account-settings')).toBe(cspHeader(paymentPageCsp));
    expect(await csp(app, '/')).toBe(cspHeader(siteCsp));
    expect(await csp(app, '/services')).toBe(cspHeader(siteCsp));
  });
});
