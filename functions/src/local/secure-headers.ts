import { secureHeaders } from 'hono/secure-headers';
import { securityHeaders, siteCsp } from '../security-headers';

/**
 * The headers of functions/src/security-headers.ts through Hono's
 * secureHeaders, on every reply; no HSTS over plain http. (On AWS the
 * Router's response-headers policy sends the same, infra/web.ts.)
 */
export const siteSecureHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: Object.fromEntries(
      Object.entries(siteCsp).map(([name, sources]) => [name, [...sources]]),
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
