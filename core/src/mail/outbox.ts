import type { Deadline } from '../util/deadline';
import * as z from 'zod';
import { assertAdmin } from '../actor';
import {
  defineDueQueue,
  drainDue,
  queueEntry,
  type JobReport,
  lease,
  type Outcome,
  settle,
} from '../db/due-queue';
import { defineEntity, type TransactItem, transactWrite } from '../db/entity';
import type { Page } from '../db/paging';
import { expiresAfterDays } from '../db/ttl';
import { Sms } from '../sms/index';
import { createId } from '../util/id';
import { loadAttachments, removeAttachments, StoredAttachment, storeAttachments } from './attachments';
import { Mail } from './index';

/**
 * Mail that must go out (verification, reset, password changed, the forms'
 * mail; later bookings and work orders) is recorded as an outbox item in the
 * same transaction as the write it reports, so a write never happens without
 * its mail, nor a mail without its write (decision 018). The verb that wrote
 * it sends it right after (`deliver`), before replying; whatever could not be sent
 * then stays in the `outbox` due queue (decision 109) and the scheduled job
 * retries it (`drain`), with growing pauses, until MAX_ATTEMPTS. A failed send never
 * turns a successful write into an error reply. Decision 058: the queue
 * index holds keys only, attachments live in S3, and sent or given-up mail
 * expires by TTL.
 *
 * Texts (issue 21) are items of the same outbox, with `text` instead of
 * `message`: the same transaction, queue, lease, backoff and give-up, sent
 * with `Sms.send`. A text the service refuses because the number replied STOP
 * is settled as opted out (never retried) and texting is turned off on the
 * customer's account; a text whose customer opted out in the app meanwhile is
 * settled the same way without being sent. Whose consent a text goes under
 * is Notify's to say (`useTextConsent`): the transport reads no account. What
 * is given up (mail and texts) is listed newest first from a sparse index (`gaveUp`).
 */
export namespace Outbox {
  export const MAX_ATTEMPTS = 8;
  /** While one sender holds an item, no other sends it. */
  const LEASE_MS = 60_000;
  /** How long a sent mail's item stays, as a record for support (decision 058). */
  export const KEEP_SENT_DAYS = 30;
  /** How long a given-up mail's item stays, with its last error, for support to look into. */
  export const KEEP_FAILED_DAYS = 90;
  /** How many mails the scheduled job sends at once. */
  export const DRAIN_CONCURRENCY = 8;

  const GAVE_UP = 'OUTBOX#GAVEUP';

  const Stored = z.object({
    id: z.string(),
    /** A mail; absent on a text. */
    message: z
      .object({
        to: z.union([z.string(), z.array(z.string())]),
        subject: z.string(),
        text: z.string(),
        html: z.string().optional(),
        replyTo: z.string().optional(),
        // Optional, so items written before attachments existed still read (entity version unchanged).
        attachments: z.array(StoredAttachment).optional(),
        /** Extra header fields (List-Unsubscribe: the review request, issue 21). */
        headers: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
    /** A text message: the E.164 number, the body, and the account whose consent it was sent under. */
    text: z.object({ to: z.string(), body: z.string(), userId: z.string().optional() }).optional(),
    createdAt: z.string(),
    attempts: z.number().int(),
    /** Epoch ms of the next try; absent once sent or given up. */
    nextAttemptAt: z.number().optional(),
    leaseUntil: z.number().optional(),
    sentAt: z.string().optional(),
    failedAt: z.string().optional(),
    lastError: z.string().optional(),
    /** A text not sent because its number had opted out (a STOP reply, or in the app meanwhile). */
    optedOutAt: z.string().optional(),
    /** Epoch seconds after which DynamoDB deletes the item (set once it is sent or given up). */
    expiresAt: z.number().optional(),
  });
  type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'outboxMail',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `MAIL#${id}`, sk: 'MAIL' }),
    indexes: {
      dueWork: (mail) =>
        mail.nextAttemptAt === undefined ? undefined : queueEntry('outbox', mail.nextAttemptAt, mail.id),
      /** Sends given up, by when (sparse: only given-up items; they expire after KEEP_FAILED_DAYS). */
      byCollection: (mail) =>
        mail.failedAt ? { pk: GAVE_UP, sk: `${mail.failedAt}#${mail.id}` } : undefined,
    },
  });

  const queue = defineDueQueue('outbox', entity, (id) => ({ id }));

  /** The account behind a text: the number it texts now, and turning texts off after a STOP reply. */
  export type TextConsent = {
    textsTo(userId: string): Promise<string | undefined>;
    optedOutByReply(userId: string, mobile: string): Promise<unknown>;
  };
  let consent: TextConsent | undefined;

  /**
   * Notify hands the outbox its consent check (core/src/notify/index.ts does
   * at load), so the transport imports nothing of accounts or preferences. A
   * text under an account is never sent unchecked: without it, it waits.
   */
  export function useTextConsent(check: TextConsent): void {
    consent = check;
  }

  /** The outbox's queue of due work (the migration step of decision 109 moves the release before's onto it). */
  export const dueQueue = queue;

  export type Prepared = { id: string; item: TransactItem };

  function itemFor(
    id: string,
    content: Pick<Stored, 'message'> | Pick<Stored, 'text'>,
    now: number,
  ): TransactItem {
    return entity.tx.put(
      { id, ...content, createdAt: new Date(now).toISOString(), attempts: 0, nextAttemptAt: now },
      { ifAbsent: true },
    );
  }

  /**
   * The outbox item for a mail without attachments, to write in the same
   * transaction as what it reports (a mail with files: `prepareWithFiles`).
   */
  export function prepare(message: Mail.Message, now = Date.now()): Prepared {
    if (message.attachments?.length)
      throw new Error('A mail with attachments is prepared with prepareWithFiles.');
    const id = createId('mail');
    return { id, item: itemFor(id, { message }, now) };
  }

  /**
   * The outbox item for a text to `to` (E.164), to write in the transaction
   * of what it reports; `userId` names the account whose consent it goes
   * under, checked again just before it is sent.
   */
  export function prepareText(
    text: { to: string; body: string; userId?: string },
    now = Date.now(),
  ): Prepared {
    const id = createId('text');
    return { id, item: itemFor(id, { text }, now) };
  }

  /**
   * The same for a mail that may carry attachments: they are stored in S3
   * first and the item references them (an object whose transaction then
   * fails is left behind, never sent).
   */
  export async function prepareWithFiles(message: Mail.Message, now = Date.now()): Promise<Prepared> {
    const id = createId('mail');
    const { attachments, ...rest } = message;
    if (!attachments?.length) return { id, item: itemFor(id, { message: rest }, now) };
    return {
      id,
      item: itemFor(id, { message: { ...rest, attachments: await storeAttachments(id, attachments) } }, now),
    };
  }

  const backoffMs = (attempts: number) => Math.min(6 * 60 * 60 * 1000, 60_000 * 2 ** (attempts - 1));

  /**
   * Claims, sends and settles one item: 'done' once sent, 'dropped' when
   * given up or opted out, 'left' when another sender holds it, it is done
   * already, or it failed and waits for its retry.
   */
  async function sendOne(id: string, now = Date.now()): Promise<Outcome> {
    const claimed = await lease(queue, { id }, { now, ms: LEASE_MS, add: { attempts: 1 } });
    if (!claimed) return 'left';
    const files = claimed.message?.attachments ?? [];
    try {
      if (claimed.text) {
        if (!(await textStillWanted(claimed.text))) return await settleOptedOut(id, claimed.text, false);
        await Sms.send(claimed.text);
      } else if (claimed.message) {
        await Mail.send({ ...claimed.message, attachments: await loadAttachments(files) });
      } else throw new Error('An outbox item with neither a mail nor a text.');
      await settle(queue, id, {
        set: { sentAt: new Date().toISOString(), expiresAt: expiresAfterDays(KEEP_SENT_DAYS) },
        remove: ['nextAttemptAt'],
      });
      await settleFiles(id, files);
      return 'done';
    } catch (error) {
      if (error instanceof Sms.OptedOutError && claimed.text)
        return await settleOptedOut(id, claimed.text, true);
      // A text queued before texts were turned off (decision 084) is given up at once, for Today to list.
      const giveUp = claimed.attempts >= MAX_ATTEMPTS || error instanceof Sms.TextsOffError;
      const failedAt = new Date().toISOString();
      const next = now + backoffMs(claimed.attempts);
      console.error(
        JSON.stringify({
          level: 'error',
          msg: `${claimed.text ? 'text' : 'mail'} ${giveUp ? 'given up' : 'not sent; will retry'}`,
          id,
          error: String(error),
        }),
      );
      const gaveUpEntry = entity.item({ ...claimed, failedAt });
      if (giveUp) await settleFiles(id, files);
      const lastError = String(error).slice(0, 500);
      await settle(
        queue,
        id,
        giveUp
          ? {
              set: {
                failedAt,
                lastError,
                expiresAt: expiresAfterDays(KEEP_FAILED_DAYS),
                collectionPk: gaveUpEntry.collectionPk,
                collectionSk: gaveUpEntry.collectionSk,
              },
              remove: ['nextAttemptAt'],
            }
          : { set: { nextAttemptAt: next, lastError }, retryAt: next },
      );
      return giveUp ? 'dropped' : 'left';
    }
  }

  /** Whether the account a text goes under still texts its number (an in-app opt-out is honoured at once). */
  async function textStillWanted(text: NonNullable<Stored['text']>): Promise<boolean> {
    if (!text.userId) return true;
    if (!consent)
      throw new Error("A text under an account waits for Notify's consent check (useTextConsent).");
    return (await consent.textsTo(text.userId)) === text.to;
  }

  /**
   * Settles a text that must not go: its number is on the service's opt-out
   * list (`byReply`: then texting is turned off on the account too), or its
   * customer opted out meanwhile. Never retried.
   */
  async function settleOptedOut(
    id: string,
    text: NonNullable<Stored['text']>,
    byReply: boolean,
  ): Promise<Outcome> {
    if (byReply && text.userId) await consent?.optedOutByReply(text.userId, text.to);
    await settle(queue, id, {
      set: { optedOutAt: new Date().toISOString(), expiresAt: expiresAfterDays(KEEP_SENT_DAYS) },
      remove: ['nextAttemptAt'],
    });
    console.log(JSON.stringify({ level: 'info', msg: 'text not sent: opted out', id, byReply }));
    return 'dropped';
  }

  /** Removes a settled mail's files; a failure only leaves an object behind, so it is logged. */
  async function settleFiles(id: string, files: readonly StoredAttachment[]) {
    await removeAttachments(files).catch((error: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', msg: 'mail files not removed', id, error: String(error) }),
      ),
    );
  }

  /**
   * Sends prepared mail now, after its transaction succeeded. What fails
   * stays queued for `drain`; this never throws, so a write that succeeded is
   * never reported as an error because its mail did not go out.
   */
  export async function deliver(...mails: Prepared[]): Promise<void> {
    for (const { id } of mails) {
      await sendOne(id).catch((error) =>
        console.error(
          JSON.stringify({ level: 'error', msg: 'mail delivery failed', id, error: String(error) }),
        ),
      );
    }
  }

  /** Records and sends mail that reports no other write (its own transaction of one). */
  export async function send(message: Mail.Message): Promise<void> {
    const mail = await prepareWithFiles(message);
    await transactWrite([mail.item]);
    await deliver(mail);
  }

  /**
   * The scheduled job: sends the queued mail that is due, oldest first, at
   * most `limit` a run and DRAIN_CONCURRENCY at once, none started after
   * `deadline` (decision 109's loop). The queue holds keys only: each send
   * reads its item as it claims it.
   */
  export function drain(
    options: { now?: number; limit?: number; concurrency?: number; deadline?: Deadline } = {},
  ): Promise<JobReport> {
    const now = options.now ?? Date.now();
    const limit = options.limit ?? 100;
    return drainDue(
      'outbox',
      now,
      {
        deadline: options.deadline,
        concurrency: options.concurrency ?? DRAIN_CONCURRENCY,
        pageSize: limit,
        perRun: limit,
      },
      (due) => sendOne(due.id, now),
    );
  }

  /** A send given up, as the admin's Today lists it. */
  export type GaveUp = {
    id: string;
    channel: 'mail' | 'sms';
    /** The addresses or the number it was for. */
    to: string[];
    /** The mail's subject, or the text's body. */
    summary: string;
    attempts: number;
    createdAt: string;
    failedAt: string;
    lastError: string;
  };

  /** Mail and texts given up, newest first, a page at a time (a sparse index; decision 049's cursor). */
  export async function gaveUp(page: { cursor?: string | null; limit: number }): Promise<Page<GaveUp>> {
    assertAdmin();
    const { items, cursor } = await entity.query({
      index: 'byCollection',
      partition: GAVE_UP,
      descending: true,
      limit: page.limit,
      cursor: page.cursor,
    });
    return {
      items: items.map((item) => ({
        id: item.id,
        channel: item.text ? 'sms' : 'mail',
        to: item.text ? [item.text.to] : [item.message?.to ?? []].flat(),
        summary: item.text ? item.text.body : (item.message?.subject ?? ''),
        attempts: item.attempts,
        createdAt: item.createdAt,
        failedAt: item.failedAt ?? '',
        lastError: item.lastError ?? '',
      })),
      cursor,
    };
  }

  /** One item, for tests and support. */
  export function find(id: string) {
    return entity.get({ id }, { consistent: true });
  }
}
