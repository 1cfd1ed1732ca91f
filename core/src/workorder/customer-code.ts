import { createHash, randomInt } from 'node:crypto';
import * as z from 'zod';
import { LinkToken } from '../auth/link-token';
import { op, type TransactItem } from '../db/entity';
import { fail } from './messages';
import { contentDigest, entity, type Stored, write } from './store';

/**
 * The one-time code a customer gets on their own mail (or phone), one shape for each use
 * (decisions 091 and 127): six digits; its LinkToken is derived from the work order, the use and
 * the digits (no new token scheme); the work order keeps the last code sent (its hash, the content
 * digest and total it was sent for, expiry, wrong tries, where it went); a new code replaces the
 * last (its item deleted); at most five wrong tries, counted on the work order; the code is used up
 * in the transaction of the change it allows, so it works once.
 */

export type CodeFlow = 'confirm-work-order-price' | 'answer-estimate-portal';
/** The work order's field that keeps the last code sent for a use. */
type Field = 'priceCode' | 'portalCode';
export type SentCode = NonNullable<Stored['priceCode']>;

/** The code as typed: six digits. */
export const SixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is six digits.');

const CODE_ATTEMPTS = 5;
/** Each use's field and its token's prefix (the price code's is what decision 091 derived). */
const USES = {
  'confirm-work-order-price': { field: 'priceCode', prefix: 'work-order-price' },
  'answer-estimate-portal': { field: 'portalCode', prefix: 'work-order-portal' },
} as const satisfies Record<CodeFlow, { field: Field; prefix: string }>;

/** The LinkToken of a code: derived from the use, the work order and the six digits (43 base64url characters). */
const codeToken = (flow: CodeFlow, workOrderId: string, code: string) =>
  createHash('sha256').update(`${USES[flow].prefix}:${workOrderId}:${code}`).digest('base64url');

/** An address as a message may show it: the first letter and the domain. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*@/, '$1***@');

/**
 * A new code for the work order as read: the digits (for the message), what the work order keeps
 * (`sent`, under the use's field), and the transaction's items (the token, the last code's removal).
 */
export function issueCode(flow: CodeFlow, wo: Stored, sentTo: string, now: Date) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issued = LinkToken.prepare(flow, {
    subjectId: wo.id,
    owner: entity.key({ id: wo.id }),
    token: codeToken(flow, wo.id, code),
    now,
  });
  const sent: SentCode = {
    tokenHash: issued.tokenHash,
    totalCents: wo.pricing.totalAmountCents,
    digest: contentDigest(wo),
    expiresAt: issued.expiresAt.toISOString(),
    attempts: 0,
    sentTo,
  };
  const last = wo[USES[flow].field];
  const items: TransactItem[] = [issued.item, ...(last ? [LinkToken.removeItem(last.tokenHash)] : [])];
  return { code, sent, items };
}

/** The refusals of a code, in the words of its use (the staff's phone, the customer's portal). */
export type CodeTexts = { none: string; expired: string; tooMany: string; stale: string; wrong: string };

/**
 * Checks a typed code against the last one sent for the work order as read (`wo`): sent, not run
 * out, under five wrong tries, sent for this content (and, with `bindsTotal`, this total), and
 * right. A wrong code counts against it (without raising the work order's version) and is 400;
 * the others 409. Returns the commit that writes the change's items with the code's use (once).
 */
export async function checkCode(
  flow: CodeFlow,
  wo: Stored,
  code: string,
  now: Date,
  texts: CodeTexts,
  options: { bindsTotal: boolean; extra?: Record<string, unknown> },
): Promise<(items: TransactItem[]) => Promise<void>> {
  const { field } = USES[flow];
  const sent = wo[field];
  const extra = options.extra ?? {};
  if (!sent) fail('conflict', texts.none, extra);
  if (Date.parse(sent.expiresAt) <= now.getTime()) fail('conflict', texts.expired, extra);
  if (sent.attempts >= CODE_ATTEMPTS) fail('conflict', texts.tooMany, extra);
  const total = wo.pricing.totalAmountCents;
  if (sent.digest !== contentDigest(wo) || (options.bindsTotal && sent.totalCents !== total)) {
    fail('conflict', texts.stale, extra);
  }
  const token = codeToken(flow, wo.id, code);
  if (LinkToken.hashOf(token) !== sent.tokenHash) {
    // Counted on the work order without raising its version (the form the customer holds stays current).
    await entity.patch(
      { id: wo.id },
      {
        set: { [`${field}.attempts`]: op.plus(1) },
        when: (c) => c.eq(`${field}.tokenHash`, sent.tokenHash),
        keepRev: true,
      },
    );
    fail('invalid', texts.wrong, extra);
  }
  // The code's use is written in the change's own transaction (LinkToken.use), through its writer.
  return async (items: TransactItem[]) => {
    const used = await LinkToken.use(flow, token, items, {
      now,
      subjectId: wo.id,
      commit: write,
      rethrow: true,
    });
    if (!used.ok) LinkToken.refuse(used.reason, flow);
  };
}
