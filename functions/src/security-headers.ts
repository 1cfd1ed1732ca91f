/**
 * The site's security headers, defined once (decision 015). Plain data with
 * no imports, because two very different programs read it:
 * - the local server sends them with Hono's `secureHeaders` (functions/src/local/server.ts);
 * - on AWS the Router's CloudFront response-headers policy sends them (infra/web.ts).
 */

/** Content-Security-Policy directives, named as Hono's `secureHeaders` names them. */
export type CspDirective =
  | 'defaultSrc'
  | 'scriptSrc'
  | 'styleSrc'
  | 'imgSrc'
  | 'fontSrc'
  | 'connectSrc'
  | 'frameSrc'
  | 'objectSrc'
  | 'baseUri'
  | 'formAction'
  | 'frameAncestors';

export type ContentSecurityPolicy = Partial<Record<CspDirective, readonly string[]>>;

/**
 * The policy of every page. Vite emits only module scripts and stylesheet
 * links (no inline script or style; React's `style` props go through the CSSOM,
 * which a CSP does not restrict). API calls go to our own origin only.
 *
 * Images: our own /images/, the Google reviewers' photos
 * (https://*.googleusercontent.com) and, because stored image URLs may be
 * absolute https URLs on other hosts (decision 012: blog heroes, avatars),
 * any https host. An image cannot run script; http:, data: and blob: stay out.
 */
export const siteCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'https:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const satisfies ContentSecurityPolicy;

/**
 * What Square's Web Payments SDK needs on top of `siteCsp`, for the pages that
 * take a card (the booking issue's /book/...): `withSources(siteCsp, squareWebPayments)`.
 * No page loads the SDK yet, so no policy includes these. Taken from Square's
 * CSP guide (developer.squareup.com/docs/web-payments/content-security-policy)
 * and its forum; check them against the sandbox SDK before relying on them
 * (3-D Secure may frame the card issuer's own pages).
 */
export const squareWebPayments = {
  scriptSrc: [
    'https://web.squarecdn.com',
    'https://sandbox.web.squarecdn.com',
    'https://*.squarecdn.com',
    'https://js.squareup.com',
    'https://js.squareupsandbox.com',
  ],
  frameSrc: ['https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com', 'https://*.squarecdn.com'],
  connectSrc: [
    'https://pci-connect.squareup.com',
    'https://pci-connect.squareupsandbox.com',
    'https://o160250.ingest.sentry.io',
  ],
  styleSrc: ['https://*.squarecdn.com'],
  fontSrc: ['https://*.squarecdn.com'],
  imgSrc: ['https://*.squarecdn.com'],
} as const satisfies ContentSecurityPolicy;

/** `base` with the sources of `extra` added ('none' gives way where sources are added). */
export function withSources(
  base: ContentSecurityPolicy,
  extra: ContentSecurityPolicy,
): ContentSecurityPolicy {
  const merged: ContentSecurityPolicy = { ...base };
  for (const [name, sources] of Object.entries(extra) as [CspDirective, readonly string[]][]) {
    const current = (merged[name] ?? []).filter((source) => source !== "'none'");
    merged[name] = [...new Set([...current, ...sources])];
  }
  return merged;
}

/** The header value: `default-src 'self'; script-src 'self'; ...`. */
export function cspHeader(policy: ContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}

/** Sent with every reply, locally and on AWS, beside the Content-Security-Policy. */
export const securityHeaders = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Permitted-Cross-Domain-Policies': 'none',
  // The old XSS auditor is gone from browsers and could be abused; "0" turns it off where it lingers.
  'X-XSS-Protection': '0',
} as const;

/**
 * HSTS, on AWS only (the local stack is plain http). Two years, without
 * includeSubDomains: other hosts of the business's domain are not ours to
 * force onto https.
 */
export const strictTransportSecurity = { maxAgeSeconds: 63_072_000, includeSubDomains: false } as const;
