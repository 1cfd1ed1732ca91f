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
 * The one inline script of the site, by its hash: web/inline/early-forms.js,
 * which every pre-rendered page carries so that a form sent before the app
 * has hydrated is held rather than sent natively (decision 053). The build
 * (web/scripts/prerender.mjs) and a unit test check that this is its hash.
 */
export const earlyFormsScriptHash = "'sha256-JNn7hn4rFlu2Bjmg32aMYoY5kzRCOvqwhcWHdjJK8Ps='";

/**
 * The policy of every page. Vite emits only module scripts and stylesheet
 * links (no style; React's `style` props go through the CSSOM, which a CSP
 * does not restrict), and the only inline script is the one allowed by its
 * hash, above. API calls go to our own origin only.
 *
 * Images: our own /images/, the Google reviewers' photos
 * (https://*.googleusercontent.com) and, because stored image URLs may be
 * absolute https URLs on other hosts (decision 012: blog heroes, avatars),
 * any https host. Also blob: (decision 080): the shop's private inspection
 * photos are read with the session header and shown from object URLs that
 * only the page's own script can make. An image cannot run script; http:
 * and data: stay out.
 */
export const siteCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", earlyFormsScriptHash],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'https:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const satisfies ContentSecurityPolicy;

/**
 * What Square's Web Payments SDK needs on top of `siteCsp`, on the pages that
 * take a card (`paymentPageCsp`). Taken from Square's CSP guide
 * (developer.squareup.com/docs/web-payments/content-security-policy) and its
 * forum; check them against the sandbox SDK before relying on them (3-D
 * Secure may frame the card issuer's own pages).
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

/**
 * The pages where a card is saved (Account Settings: /dashboard?tab=account,
 * and /account-settings, which leads there). They load Square's Web Payments
 * SDK, so they get `paymentPageCsp`, in production mode only: on AWS always,
 * locally only when SQUARE_ENVIRONMENT is sandbox or production. With the
 * local Square stand-in no page loads anything of Square's and every page
 * keeps `siteCsp`. A document keeps the policy it was loaded with, so the
 * card form reloads the page when it was reached by a client-side navigation
 * (web/src/features/payments).
 */
export const paymentPagePaths = ['/dashboard', '/account-settings'] as const;

/** Whether `path` (without query) is one of `paymentPagePaths`, with or without a trailing slash. */
export function isPaymentPage(path: string): boolean {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return paymentPagePaths.some((page) => page === bare.toLowerCase());
}

/** The header value: `default-src 'self'; script-src 'self'; ...`. */
export function cspHeader(policy: ContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}

/** The payment pages' policy: the site's, plus Square's sources. */
export const paymentPageCsp: ContentSecurityPolicy = withSources(siteCsp, squareWebPayments);

/**
 * The CloudFront viewer-response code (cloudfront-js-2.0) that gives the
 * payment pages `paymentPageCsp` on AWS (infra/web.ts). It runs after the
 * response-headers policy has added the site-wide CSP, and replaces it. The
 * page is recognised by the path the viewer asked for, which the
 * viewer-request code keeps in the request header `pathHeader` (the Router
 * rewrites a page's path to the SPA's /index.html), or else by the request's
 * own path.
 */
export function paymentPageCspInjection(pathHeader: string): string {
  return [
    `var asked = event.request.headers[${JSON.stringify(pathHeader)}];`,
    `var path = String((asked && asked.value) || event.request.uri || "").toLowerCase();`,
    `if (path.length > 1) path = path.replace(/\\/+$/, "");`,
    `if (${JSON.stringify(paymentPagePaths)}.indexOf(path) !== -1) {`,
    `  event.response.headers["content-security-policy"] = { value: ${JSON.stringify(cspHeader(paymentPageCsp))} };`,
    `}`,
  ].join('\n');
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
