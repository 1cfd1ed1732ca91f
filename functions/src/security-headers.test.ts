import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  earlyFormsScriptHash,
  cspHeader,
  isPaymentPage,
  paymentPageCsp,
  paymentPageCspInjection,
  siteCsp,
  squareWebPayments,
  withSources,
} from './security-headers';

describe('the content security policy', () => {
  it('is written as the header expects', () => {
    expect(cspHeader({ defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://a.example'] })).toBe(
      "default-src 'self'; img-src 'self' https://a.example",
    );
    expect(cspHeader(siteCsp)).toContain("frame-ancestors 'none'");
  });

  it("adds Square's sources for a payment page without loosening anything else", () => {
    const payment = withSources(siteCsp, squareWebPayments);
    expect(payment.scriptSrc).toEqual(["'self'", earlyFormsScriptHash, ...squareWebPayments.scriptSrc]);
    // 'none' gives way where sources are added ...
    expect(payment.frameSrc).toEqual([...squareWebPayments.frameSrc]);
    // ... and stays where none are.
    expect(payment.objectSrc).toEqual(["'none'"]);
    expect(payment.frameAncestors).toEqual(["'none'"]);
    expect(cspHeader(payment)).not.toContain('unsafe-');
    // The site's own policy is untouched.
    expect(siteCsp.scriptSrc).toEqual(["'self'", earlyFormsScriptHash]);
  });

  it('allows exactly one inline script, the early-forms one that the build puts in every pre-rendered page', () => {
    // As web/scripts/prerender.mjs inlines it: without its leading comment lines, trimmed.
    const script = readFileSync(new URL('../../web/inline/early-forms.js', import.meta.url), 'utf8')
      .replace(/^(\/\/.*\n)+/, '')
      .trim();
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(earlyFormsScriptHash).toBe(hash);
    expect(cspHeader(siteCsp)).not.toContain('unsafe-inline');
  });
});

describe('the payment pages', () => {
  it('are Account Settings and the link to it, with or without a trailing slash', () => {
    for (const path of ['/dashboard', '/dashboard/', '/account-settings', '/Account-Settings']) {
      expect(isPaymentPage(path), path).toBe(true);
    }
    for (const path of ['/', '/services', '/dashboard/x', '/book/svc_1', '/admin']) {
      expect(isPaymentPage(path), path).toBe(false);
    }
    expect(paymentPageCsp.scriptSrc).toContain('https://web.squarecdn.com');
  });

  it("get Square's sources from the CloudFront viewer-response code, and no other page does", () => {
    const code = paymentPageCspInjection('x-page-path');
    const run = (request: { uri: string; headers: Record<string, { value: string }> }) => {
      const event = {
        request,
        response: { headers: { 'content-security-policy': { value: cspHeader(siteCsp) } } },
      };
      new Function('event', code)(event);
      return event.response.headers['content-security-policy'].value;
    };
    // The Router rewrote the page's path to the SPA's index.html; the viewer asked for /dashboard.
    expect(run({ uri: '/index.html', headers: { 'x-page-path': { value: '/dashboard' } } })).toBe(
      cspHeader(paymentPageCsp),
    );
    expect(run({ uri: '/account-settings/', headers: {} })).toBe(cspHeader(paymentPageCsp));
    expect(run({ uri: '/index.html', headers: { 'x-page-path': { value: '/services' } } })).toBe(
      cspHeader(siteCsp),
    );
    expect(run({ uri: '/api/users/me', headers: {} })).toBe(cspHeader(siteCsp));
  });
});
