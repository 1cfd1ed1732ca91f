import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import {
  type ContentSecurityPolicy,
  isPaymentPage,
  paymentPageCsp,
  securityHeaders,
  siteCsp,
} from '../security-headers';

/**
 * The headers of functions/src/security-headers.ts through Hono's
 * secureHeaders, on every reply; no HSTS over plain http. (On AWS the
 * Router's response-headers policy sends the same, infra/web.ts.)
 */
const headersWith = (csp: ContentSecurityPolicy) =>
  secureHeaders({
    contentSecurityPolicy: Object.fromEntries(
      Object.entries(csp).map(([name, sources]) => [name, [...sources]]),
    ),
    xFrameOptions: securityHeaders['X-Frame-Options'],
    xContentTypeOptions: securityHeaders['X-Content-Type-Options'],
    referrerPolicy: securityHeaders['Referrer-Policy'],
    crossOriginOpenerPolicy: securityHeaders['Cross-Origin-Opener-Policy'],
    crossOriginResourcePolicy: securityHeaders['Cross-Origin-Resource-Policy'],
    originAgentCluster: securityHeaders['Origin-Agent-Cluster'],
    xDnsPrefetchControl: securityHeaders['X-DNS-Prefetch-Control'],
    xPermittedCrossDomainPolicies: securityHeaders['X-Permitted-Cross-Domain-Policies'],
    xXssProtection: securityHeaders['X-XSS-Protection'],
    crossOriginEmbedderPolicy: false,
    xDownloadOptions: false,
    strictTransportSecurity: false,
  });

/**
 * The site's headers on every reply; with `squareSdk` (Square's sandbox or
 * production rather than the local stand-in), the payment pages get Square's
 * sources too (`paymentPageCsp`).
 */
export function siteSecureHeaders(options: { squareSdk?: boolean } = {}): MiddlewareHandler {
  const site = headersWith(siteCsp);
  if (!options.squareSdk) return site;
  const payment = headersWith(paymentPageCsp);
  return (c, next) => (isPaymentPage(c.req.path) ? payment(c, next) : site(c, next));
}
