import { hkdfSync } from 'node:crypto';

/**
 * On AWS the API's Lambda is reached through the Router (CloudFront). Its
 * viewer-request function adds this header to every request it forwards
 * (infra/web.ts), with a value derived from the JWT secret, and the app
 * refuses /api requests without it (./origin.ts). A request sent straight to
 * the function URL cannot carry it, so it cannot choose its `x-client-ip`
 * either (decision 015).
 *
 * Derived (HKDF-SHA256, a label of its own) rather than a secret of its own:
 * both sides already have the JWT secret, nothing new has to be set per
 * stage, and the value reveals nothing about the JWT key.
 */
export const ROUTER_PROOF_HEADER = 'x-router-proof';

export function routerProof(jwtSecret: string): string {
  const key = hkdfSync('sha256', jwtSecret, '', 'mobile-auto-care router proof v1', 32);
  return Buffer.from(key).toString('base64url');
}
