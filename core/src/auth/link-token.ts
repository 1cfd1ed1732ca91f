import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { defineEntity, failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { useClientIp } from '../actor';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import {
  type Failure as LinkFailure,
  type Flow,
  flows as flowTable,
  purposes as flowPurposes,
  type Purpose as FlowPurpose,
  type Refusal as LinkRefusal,
  type Replies as LinkReplies,
  type Reply as LinkReply,
  type Visit,
} from './link-flows';

/**
 * The tokens of every emailed or texted link (verify email, reset password,
 * confirm a booking, acknowledge a work order, track a visit, unsubscribe, a
 * booking's link, a price code): one row each in the flow table
 * (link-flows.ts, decision 110), one way to use one (`use`) and one to view
 * one (`view`). 256 bits from the
 * CSPRNG, sent once and stored only as a SHA-256 hash, so a copy of the table
 * reveals no usable link. Using a token is one conditional update, written in
 * the same transaction as the change it authorises (an email verified, a
 * password reset, a work order acknowledged): both happen or neither. A token
 * works once and never after `expiresAt` (read from the item, not only from
 * TTL, which can lag).
 */
export namespace LinkToken {
  export const purposes = flowPurposes;
  export type Purpose = FlowPurpose;
  /** Every link's flow (link-flows.ts): lifetime, page, single use or view, replies, rate limit. */
  export const flows = flowTable;
  export type FlowName = keyof typeof flowTable;
  export type Failure = LinkFailure;
  export type Refusal = LinkRefusal;
  export type Reply = LinkReply;
  export type Replies = LinkReplies;

  export type Issued = { token: string; expiresAt: Date };

  const hash = (token: string) => createHash('sha256').update(token).digest('hex');

  /** A token's stored hash (what `prepare` returns as `tokenHash`), to compare a derived token with its record. */
  export const hashOf = (token: string) => hash(token);

  const entity = defineEntity({
    name: 'linkToken',
    version: 1,
    schema: z.object({
      tokenHash: z.string(),
      purpose: z.enum(flowPurposes),
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

  const flowOf = (name: FlowName): Flow => flowTable[name];

  export type IssueOptions = {
    /** What the token acts on, e.g. a user id. */
    subjectId: string;
    subjectVersion?: number;
    /** The subject's key, from its entity (`entity.key({ id })`): the owner index lists a subject's tokens. */
    owner: { pk: string };
    /** The booking the link ends with, for the flows whose lifetime is a booking's (link-flows.ts). */
    visit?: Visit;
    now?: Date;
    /**
     * The token itself, when the flow derives it (a price code's): 43 base64url
     * characters. Absent: 256 fresh bits. A flow with `derive` (a booking link's
     * actions) stores the token derived from this one.
     */
    token?: string;
  };

  /** A new link of `flow` and the transaction item that stores it, to write together with what it is for. */
  export function prepare(
    name: FlowName,
    options: IssueOptions,
  ): Issued & { item: TransactItem; tokenHash: string } {
    const flow = flowOf(name);
    const now = options.now ?? new Date();
    const token = options.token ?? randomBytes(32).toString('base64url');
    if (!SHAPE.test(token)) throw new RangeError('A link token is 43 base64url characters.');
    const stored = flow.derive ? flow.derive(token) : token;
    const expiresAt = new Date(flow.expires(now.getTime(), options.visit));
    const item = entity.tx.put(
      {
        tokenHash: hash(stored),
        purpose: flow.purpose,
        subjectId: options.subjectId,
        subjectVersion: options.subjectVersion,
        ownerPk: options.owner.pk,
        createdAt: now.toISOString(),
        expiresAt: epoch(expiresAt),
      },
      { ifAbsent: true },
    );
    return { token, expiresAt, item, tokenHash: hash(stored) };
  }

  /** The transaction item that deletes a token (a replaced link), so it no longer answers at all. */
  export function removeItem(tokenHash: string): TransactItem {
    return entity.tx.delete({ tokenHash });
  }

  /** Issues a token on its own. */
  export async function issue(name: FlowName, options: IssueOptions): Promise<Issued> {
    const { item, token, expiresAt } = prepare(name, options);
    await transactWrite([item]);
    return { token, expiresAt };
  }

  /** `usedAt`: when a used token was used, as `view` tells it (a caller tells the loser of a race from a re-use). */
  export type Found = { ok: true; record: Stored } | { ok: false; reason: Failure; usedAt?: string };

  /** The stored token's record while it can be used, or why it cannot. Reads only. */
  async function inspect(flow: Flow, token: string, now: Date): Promise<Found> {
    return (await inspected(flow, token, now)).found;
  }

  /** `inspect`, with the record read (a used one's too). */
  async function inspected(flow: Flow, token: string, now: Date): Promise<{ found: Found; record?: Stored }> {
    if (!SHAPE.test(token)) return { found: { ok: false, reason: 'invalid' } };
    const record = await entity.get(
      { tokenHash: hash(flow.derive ? flow.derive(token) : token) },
      { consistent: true },
    );
    if (!record || record.purpose !== flow.purpose) return { found: { ok: false, reason: 'invalid' } };
    if (record.usedAt) return { found: { ok: false, reason: 'used' }, record };
    if (record.expiresAt <= epoch(now)) return { found: { ok: false, reason: 'expired' }, record };
    return { found: { ok: true, record }, record };
  }

  /** The transaction item that uses the token: its condition fails unless the token is still usable. */
  function useItem(record: Stored, now: Date): TransactItem {
    return entity.tx.patch(
      { tokenHash: record.tokenHash },
      {
        set: { usedAt: now.toISOString() },
        when: (c) =>
          c.and(
            c.itemExists(),
            c.eq('purpose', record.purpose),
            c.notExists('usedAt'),
            c.gt('expiresAt', epoch(now)),
          ),
      },
    );
  }

  /** What a page that shows a link's subject checks before anything is used (see `view`). */
  export type Subject<S> = {
    load: (subjectId: string) => Promise<S | undefined>;
    /** The subject's current token hash: another one means a newer link replaced this one. */
    linkOf?: (subject: S) => string | undefined;
    /** A refusal when the subject no longer waits for this link (answered, moved, run out). */
    check?: (subject: S, record: Stored) => Refusal | null;
  };

  export type ViewOptions = {
    now?: Date;
    /** Count the request against the flow's rate limit (default); false for a second read in one request. */
    limit?: boolean;
    /**
     * With `subject`: the token's failures that still load the subject (a single-use link's read-only
     * page after its use, a new link asked for by an old one); the record's `usedAt` and `expiresAt` tell which.
     */
    accept?: readonly ('used' | 'expired')[];
    /**
     * With `subject`: when this request began. A link used after then was used by a request at the
     * same moment, which won: refused `raced` (decision 128), told apart from a later re-use (`used`).
     */
    racedSince?: Date;
  };

  /**
   * The one way to read a link without using it: a view-only flow's every
   * request (tracking, unsubscribe), or a single-use flow's page before its
   * answer. Counts the request against the flow's per-address limit (429).
   * Without `subject`: the token's record, or why it cannot be used. With
   * `subject`: the subject too, loaded and checked (the flow's refusal is
   * thrown unless it exists, the link is its current one and `check` finds
   * nothing wrong).
   */
  export async function view<S>(
    name: FlowName,
    token: string,
    options: ViewOptions & { subject: Subject<S> },
  ): Promise<{ subject: S; record: Stored }>;
  export async function view(name: FlowName, token: string, options?: ViewOptions): Promise<Found>;
  export async function view<S>(
    name: FlowName,
    token: string,
    options: ViewOptions & { subject?: Subject<S> } = {},
  ): Promise<Found | { subject: S; record: Stored }> {
    const flow = flowOf(name);
    if (flow.rateLimit && options.limit !== false) await RateLimit.hit(flow.rateLimit, useClientIp());
    const { found, record } = await inspected(flow, token, options.now ?? new Date());
    const subjectOf = options.subject;
    if (!subjectOf) return !found.ok && record?.usedAt ? { ...found, usedAt: record.usedAt } : found;
    let read: Stored;
    if (found.ok) read = found.record;
    else if (record && options.accept?.some((failure) => failure === found.reason)) read = record;
    else {
      const since = options.racedSince?.getTime();
      const raced =
        found.reason === 'used' && since !== undefined && Date.parse(record?.usedAt ?? '') > since;
      refuse(raced ? 'raced' : found.reason, name);
    }
    const subject = await subjectOf.load(read.subjectId);
    if (subject === undefined) refuse('invalid', name);
    if (subjectOf.linkOf && subjectOf.linkOf(subject) !== read.tokenHash) refuse('replaced', name);
    const refusal = subjectOf.check?.(subject, read) ?? null;
    if (refusal) refuse(refusal, name);
    return { subject, record: read };
  }

  export type UseOptions = {
    now?: Date;
    /** The subject the token must be for (else `invalid`). */
    subjectId?: string;
    /** Writes the transaction (default `transactWrite`): a caller's writer with its own retries or replies. */
    commit?: (items: TransactItem[]) => Promise<unknown>;
    /**
     * When only the caller's own conditions failed: rethrow the transaction's
     * error as it came (the caller reads which item failed; the token is last)
     * instead of answering `stale`.
     */
    rethrow?: boolean;
  };

  /**
   * The one way to use a single-use link: the token's use and the change it
   * authorises (`items`, or the items built from the token's record) in one
   * conditional transaction, the token's item last. Of concurrent uses of one
   * token exactly one wins; the others get `used`. When a change's own
   * condition fails, nothing is written and the reason is `stale` (or, with
   * `rethrow`, the caller gets the error).
   */
  export async function use(
    name: FlowName,
    token: string,
    items: TransactItem[] | ((record: Stored) => TransactItem[] | Promise<TransactItem[]>),
    options: UseOptions = {},
  ): Promise<Found> {
    const flow = flowOf(name);
    const now = options.now ?? new Date();
    const found = await inspect(flow, token, now);
    if (!found.ok) return found;
    if (options.subjectId !== undefined && found.record.subjectId !== options.subjectId) {
      return { ok: false, reason: 'invalid' };
    }
    const changes = typeof items === 'function' ? await items(found.record) : items;
    const tokenAt = changes.length;
    try {
      await (options.commit ?? transactWrite)([...changes, useItem(found.record, now)]);
      return found;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.length === 0 || failed.includes(tokenAt)) {
        // Used (or expired) in between, or a concurrent transaction on the same items:
        // say which, as a fresh read finds it.
        const again = await inspect(flow, token, now);
        if (!again.ok) return again;
        if (failed.includes(tokenAt)) return { ok: false, reason: 'used' };
      }
      if (options.rethrow) throw error;
      return { ok: false, reason: 'stale' };
    }
  }

  /**
   * The one mapping from a refused link to its reply (decision 052): throws
   * the flow's reply (`flows[name].replies`), or the given replies'.
   */
  export function refuse(reason: Refusal, replies: FlowName | Replies): never {
    const table = typeof replies === 'string' ? flowOf(replies).replies : replies;
    const reply = table[reason] ?? table.invalid;
    throw new VisibleError(reply.kind, reply.msg, reply.extra ?? {});
  }
}
