/**
 * Expiry by DynamoDB's TTL (table.ts `ttlAttribute`, epoch seconds): items no
 * reader needs once their time has passed (decision 058). DynamoDB deletes
 * them, usually within a few days after the instant, without a write of ours.
 */

/**
 * How long contact and help-form messages are kept: the privacy page says
 * "Contact and help-form messages are kept for up to two years"
 * (web/src/routes/privacy.tsx).
 */
export const FORM_MESSAGE_DAYS = 2 * 365;

/** The TTL value `days` after `from` (an instant in ms or an ISO string; now when absent). */
export function expiresAfterDays(days: number, from: number | string = Date.now()): number {
  const start = typeof from === 'string' ? Date.parse(from) : from;
  return Math.floor(start / 1000) + days * 24 * 60 * 60;
}
