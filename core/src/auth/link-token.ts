import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { defineEntity, failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { type ErrorKind, VisibleError } from '../error';

/**
 * Single-use tokens sent in emailed links (verify email, reset password; later
 * work-order acknowledgment and booking confirmation). 256 bits from the
 * CSPRNG, sent once and stored only as a SHA-256 hash, so a copy of the table
 * reveals no usable link. Using a token is one conditional update, written in
 * the same transaction as the change it authorises (an email verified, a
 * password reset, a work order acknowledged): both happen or neither. A token
 * works once and never after `expiresAt` (read from the item, not only from
 * TTL, which can lag).
 */
export namespace LinkToken {
  export const purposes = [
    'verify-email',
    'reset-password',
    'confirm-booking',
    'acknowledge-work-order',
    // The customer's tracking page of one visit (decision 076): read many times, never used up.
    'track-booking',
    // Turns review requests off for an account (RFC 8058 one-click, decision 076): never used up.
    'unsubscribe-review-requests',
    // A booking's link (core/src/booking-link, issue 21): one purpose per action it allows.
    'booking-attend',
    'booking-reschedule',
    'booking-cancel',
    // The one-time code that lets a customer confirm a work order's amount from their own device (decision 091).
    'confirm-work-order-price',
  ] as const;
  export type Purpose = (typeof purposes)[number];

  export type Issued = { token: string; expiresAt: Date };

  /**
   * Why a token cannot be used. `stale`: the token is fine but what it acts
   * on changed since it was sent (e.g. the password was changed after a reset
   * link was mailed), so the change it carries no longer applies.
   */
  export type Failure = 'invalid' | 'used' | 'expired' | 'stale';

  const hash = (token: string) => createHash('sha256').update(token).digest('hex');

  /** A token's stored hash (what `prepare` returns as `tokenHash`), to compare a derived token with its record. */
  export const hashOf = (token: string) => hash(token);

  const entity = defineEntity({
    name: 'linkToken',
    version: 1,
    schema: z.object({
      tokenHash: z.string(),
      purpose: z.enum(purposes),
      subjectId: z.string(),
      /** The subject's version when the token was issued (e.g. a user's tokenVersion), if it has one. */
      subjectVersion: z.number().int().optional(),
      ownerPk: z.string(),
      createdAt: z.string(),
      usedAt: z.string().optional(),
      /** Epoch seconds; also the TTL attribute. */
      expiresAt: z.number().int(),
    }),
    key: ({ tokenHash }: { tokenHash: string }) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
    indexes: {
      byOwner: (token) => ({ pk: token.ownerPk, sk: `TOKEN#${token.purpose}#${token.createdAt}` }),
    },
  });
  export type Stored = ReturnType<typeof entity.parse>;

  /** A token string can only be what `issue` makes: 43 base64url characters. */
  const SHAPE = /^[A-Za-z0-9_-]{43}$/;

  const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

  export type IssueOptions = {
    purpose: Purpose;
    /** What the token acts on, e.g. a user id. */
    subjectId: string;
    subjectVersion?: number;
    /** The owner index partition, e.g. `USER#<id>`, to list a subject's tokens. */
    ownerPk: string;
    ttlSeconds: number;
    now?: Date;
    /**
     * The token itself, when the flow derives it (a booking link's action tokens,
     * core/src/booking-link): 43 base64url characters. Absent: 256 fresh bits.
     */
    token?: string;
  };

  /** A new token and the transaction item that stores it, to write together with what it is for. */
  export function prepare(options: IssueOptions): Issued & { item: TransactItem; tokenHash: string } {
    const now = options.now ?? new Date();
    const token = options.token ?? randomBytes(32).toString('base64url');
    if (!SHAPE.test(token)) throw new RangeError('A link token is 43 base64url characters.');
    const expiresAt = new Date(now.getTime() + options.ttlSeconds * 1000);
    const item = entity.tx.put(
      {
        tokenHash: hash(token),
        purpose: options.purpose,
        subjectId: options.subjectId,
        subjectVersion: options.subjectVersion,
        ownerPk: options.ownerPk,
        createdAt: now.toISOString(),
        expiresAt: epoch(expiresAt),
      },
      { ifAbsent: true },
    );
    return { token, expiresAt, item, tokenHash: hash(token) };
  }

  /** The transaction item that deletes a token (a replaced link), so it no longer answers at all. */
  export function removeItem(tokenHash: string): TransactItem {
    return entity.tx.delete({ tokenHash });
  }

  /** Issues a token on its own. */
  export async function issue(options: IssueOptions): Promise<Issued> {
    const { item, token, expiresAt } = prepare(options);
    await transactWrite([item]);
    return { token, expiresAt };
  }

  /** The token's record while it can be used, or why it cannot. Reads only. */
  export async function inspect(
    purpose: Purpose,
    token: string,
    now = new Date(),
  ): Promise<{ ok: true; record: Stored } | { ok: false; reason: Failure }> {
    if (!SHAPE.test(token)) return { ok: false, reason: 'invalid' };
    const record = await entity.get({ tokenHash: hash(token) }, { consistent: true });
    if (!record || record.purpose !== purpose) return { ok: false, reason: 'invalid' };
    if (record.usedAt) return { ok: false, reason: 'used' };
    if (record.expiresAt <= epoch(now)) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }

  /** The transaction item that uses the token: its condition fails unless the token is still usable. */
  export function useItem(record: Stored, now: Date): TransactItem {
    return entity.tx.update(
      { tokenHash: record.tokenHash },
      {
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND purpose = :purpose AND attribute_not_exists(usedAt) AND expiresAt > :epoch',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':purpose': record.purpose,
          ':epoch': epoch(now),
        },
      },
    );
  }

  /**
   * The transaction item that uses a token known only by its string (no read
   * first): the same conditions as `useItem`, plus, when given, that the
   * token is for `subjectId`. A token of another shape can never be used.
   */
  export function useTokenItem(purpose: Purpose, token: string, now: Date, subjectId?: string): TransactItem {
    if (!SHAPE.test(token)) throw new VisibleError('not_found', 'This link is not valid.');
    return entity.tx.update(
      { tokenHash: hash(token) },
      {
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: `attribute_exists(pk) AND purpose = :purpose AND attribute_not_exists(usedAt) AND expiresAt > :epoch${
          subjectId === undefined ? '' : ' AND subjectId = :subject'
        }`,
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':purpose': purpose,
          ':epoch': epoch(now),
          ...(subjectId === undefined ? {} : { ':subject': subjectId }),
        },
      },
    );
  }

  /**
   * Uses the token and applies what it authorises in one transaction: the
   * items `changes` builds from the token's record (its subject, version ...).
   * Two concurrent uses of one token: exactly one wins. When a change's own
   * condition fails, nothing is written and the reason is `stale`.
   */
  export async function redeemWith(
    purpose: Purpose,
    token: string,
    changes: (record: Stored) => TransactItem[] | Promise<TransactItem[]>,
    now = new Date(),
  ): Promise<{ ok: true; record: Stored } | { ok: false; reason: Failure }> {
    const found = await inspect(purpose, token, now);
    if (!found.ok) return found;
    try {
      await transactWrite([useItem(found.record, now), ...(await changes(found.record))]);
      return found;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.length === 0 || failed.includes(0)) {
        // Used (or expired) in between, or a concurrent transaction on the same items:
        // say which, as a fresh read finds it.
        const again = await inspect(purpose, token, now);
        if (!again.ok) return again;
        return { ok: false, reason: failed.length === 0 ? 'stale' : 'used' };
      }
      return { ok: false, reason: 'stale' };
    }
  }

  /** Uses a token that authorises nothing else. */
  export function redeem(purpose: Purpose, token: string, now = new Date()) {
    return redeemWith(purpose, token, () => [], now);
  }

  /**
   * Why a flow refuses a link: the token's own failure, `replaced` (a newer
   * link was sent for the same subject, or the subject is gone) or `settled`
   * (the subject no longer waits for this link: answered, acknowledged). A
   * link whose subject is gone is `invalid`.
   */
  export type Refusal = Failure | 'replaced' | 'settled';

  export type Reply = { kind: ErrorKind; msg: string; extra?: Record<string, unknown> };

  /** A flow's reply to each refusal; one it does not list gets its reply for `invalid`. */
  export type Replies = { invalid: Reply } & Partial<Record<Exclude<Refusal, 'invalid'>, Reply>>;

  /** The one mapping from a refused link to its reply (decision 052): throws the flow's VisibleError. */
  export function refuse(reason: Refusal, replies: Replies): never {
    const reply = replies[reason] ?? replies.invalid;
    throw new VisibleError(reply.kind, reply.msg, reply.extra ?? {});
  }

  /**
   * The subject a usable link is for, for a page that shows it before the
   * link is used: the token is inspected, its subject loaded, and the link
   * refused (with `replies`) unless the subject exists, it is its current one (`linkOf`
   * gives the subject's current token hash) and `check` finds nothing wrong.
   * Reads only; the flow then redeems with `redeemWith`.
   */
  export async function open<S>(
    purpose: Purpose,
    token: string,
    options: {
      load: (subjectId: string) => Promise<S | undefined>;
      linkOf: (subject: S) => string | undefined;
      check?: (subject: S) => Refusal | null;
      replies: Replies;
      now?: Date;
    },
  ): Promise<{ subject: S; record: Stored }> {
    const found = await inspect(purpose, token, options.now);
    if (!found.ok) refuse(found.reason, options.replies);
    const subject = await options.load(found.record.subjectId);
    if (subject === undefined) refuse('invalid', options.replies);
    if (options.linkOf(subject) !== found.record.tokenHash) refuse('replaced', options.replies);
    const refusal = options.check?.(subject) ?? null;
    if (refusal) refuse(refusal, options.replies);
    return { subject, record: found.record };
  }
}
