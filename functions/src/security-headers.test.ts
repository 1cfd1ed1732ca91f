import { describe, expect, it } from 'vitest';
import { cspHeader, siteCsp, squareWebPayments, withSources } from './security-headers';

describe('the content security policy', () => {
  it('is written as the header expects', () => {
    expect(cspHeader({ defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://a.example'] })).toBe(
      "default-src 'self'; img-src 'self' https://a.example",
    );
    expect(cspHeader(siteCsp)).toContain("frame-ancestors 'none'");
  });

  it("adds Square's sources for a payment page without loosening anything else", () => {
    const payment = withSources(siteCsp, squareWebPayments);
    expect(payment.scriptSrc).toEqual(["'self'", ...squareWebPayments.scriptSrc]);
    // 'none' gives way where sources are added ...
    expect(payment.frameSrc).toEqual([...squareWebPayments.frameSrc]);
    // ... and stays where none are.
    expect(payment.objectSrc).toEqual(["'none'"]);
    expect(payment.frameAncestors).toEqual(["'none'"]);
    expect(cspHeader(payment)).not.toContain('unsafe-');
    // The site's own policy is untouched.
    expect(siteCsp.scriptSrc).toEqual(["'self'"]);
  });
});
