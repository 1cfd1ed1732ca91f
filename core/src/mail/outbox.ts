import { type Deadline, pastDeadline } from '../util/deadline';
import * as z from 'zod';
import { assertAdmin } from '../actor';
import { defineEntity, type TransactItem, transactWrite } from '../db/entity';
import type { Page } from '../db/paging';
import { expiresAfterDays } from '../db/ttl';
import { NotifySettings } from '../notify/settings';
import { Sms } from '../sms/index';
import { entity as accounts } from '../user/store';
import { createId } from '../util/id';
import { loadAttachments, removeAttachments, StoredAttachment, storeAttachments } from './attachments';
import { Mail } from './index';

/**
 * Mail that must go out (verification, reset, password changed, the forms'
 * mail; later bookings and work orders) is recorded as an outbox item in the
 * same transaction as the write it reports, so a write never happens without
 * its mail, nor a mail without its write (decision 018). The verb that wrote
 * it sends it right after (`deliver`), before replying; whatever could not be sent
 * then stays in the `unsentMail` queue and the scheduled job retries it
 * (`drain`), with growing pauses, until MAX_ATTEMPTS. A failed send never
 * turns a successful write into an error reply. Decision 058: the queue
 * index holds keys only, attachments live in S3, and sent or given-up mail
 * expires by TTL.
 *
 * Texts (issue 21) are items of the same outbox, with `text` instead of
 * `message`: the same transaction, queue, lease, backoff and give-up, sent
 * with `Sms.send`. A text the service refuses because the number replied STOP
 * is settled as opted out (never retried) and texting is turned off on the
 * customer's account; a text whose customer opted out in the app meanwhile is
 * settled the same way without being sent. What is given up (mail and texts)
 * is listed newest first from a sparse index (`gaveUp`).
 */
export namespace Outbox {
  export const MAX_ATTEMPTS = 8;
  /** While one sender holds an item, no other sends it. */
  const LEASE_MS = 60_000;
  const QUEUE = 'UNSENT';
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
      unsentMail: (mail) =>
        mail.nextAttemptAt === undefined
          ? undefined
          : { pk: QUEUE, sk: `${String(mail.nextAttemptAt).padStart(15, '0')}#${mail.id}` },
      /** Sends given up, by when (sparse: only given-up items; they expire after KEEP_FAILED_DAYS). */
      byCollection: (mail) =>
        mail.failedAt ? { pk: GAVE_UP, sk: `${mail.failedAt}#${mail.id}` } : undefined,
    },
  });

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

  /** Claims, sends and settles one item; false when another sender holds it or it is done. */
  async function sendOne(id: string, now = Date.now()): Promise<boolean> {
    const claimed = await entity.update(
      { id },
      {
        UpdateExpression: 'SET leaseUntil = :lease ADD attempts :one',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_exists(nextAttemptAt) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeValues: { ':lease': now + LEASE_MS, ':now': now, ':one': 1 },
      },
    );
    if (!claimed) return false;
    const files = claimed.message?.attachments ?? [];
    try {
      if (claimed.text) {
        if (!(await textStillWanted(claimed.text))) return await settleOptedOut(id, claimed.text, false);
        await Sms.send(claimed.text);
      } else if (claimed.message) {
        await Mail.send({ ...claimed.message, attachments: await loadAttachments(files) });
      } else throw new Error('An outbox item with neither a mail nor a text.');
      await entity.update(
        { id },
        {
          UpdateExpression:
            'SET sentAt = :at, expiresAt = :expires REMOVE nextAttemptAt, leaseUntil, unsentPk, unsentSk',
          ExpressionAttributeValues: {
            ':at': new Date().toISOString(),
            ':expires': expiresAfterDays(KEEP_SENT_DAYS),
          },
        },
      );
      await settleFiles(id, files);
      return true;
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
      const requeue = entity.item({ ...claimed, nextAttemptAt: next });
      const gaveUpEntry = entity.item({ ...claimed, failedAt });
      if (giveUp) await settleFiles(id, files);
      await entity.update(
        { id },
        giveUp
          ? {
              UpdateExpression:
                'SET failedAt = :at, lastError = :error, expiresAt = :expires, collectionPk = :gaveUp, collectionSk = :gaveUpSk REMOVE nextAttemptAt, leaseUntil, unsentPk, unsentSk',
              ExpressionAttributeValues: {
                ':at': failedAt,
                ':gaveUp': gaveUpEntry.collectionPk,
                ':gaveUpSk': gaveUpEntry.collectionSk,
                ':expires': expiresAfterDays(KEEP_FAILED_DAYS),
                ':error': String(error).slice(0, 500),
              },
            }
          : {
              UpdateExpression:
                'SET nextAttemptAt = :next, unsentSk = :sk, lastError = :error REMOVE leaseUntil',
              ExpressionAttributeValues: {
                ':next': next,
                ':sk': requeue.unsentSk,
                ':error': String(error).slice(0, 500),
              },
            },
      );
      return false;
    }
  }

  /** Whether the account a text goes under still texts its number (an in-app opt-out is honoured at once). */
  async function textStillWanted(text: NonNullable<Stored['text']>): Promise<boolean> {
    if (!text.userId) return true;
    const account = await accounts.get({ id: text.userId }, { consistent: true });
    return account !== undefined && NotifySettings.textsTo(account) === text.to;
  }

  /**
   * Settles a text that must not go: its number is on the service's opt-out
   * list (`byReply`: then texting is turned off on the account too), or its
   * customer opted out meanwhile. Never retried.
   */
  async function settleOptedOut(id: string, text: NonNullable<Stored['text']>, byReply: boolean) {
    if (byReply && text.userId) await NotifySettings.optedOutByReply(text.userId, text.to);
    await entity.update(
      { id },
      {
        UpdateExpression:
          'SET optedOutAt = :at, expiresAt = :expires REMOVE nextAttemptAt, leaseUntil, unsentPk, unsentSk',
        ExpressionAttributeValues: {
          ':at': new Date().toISOString(),
          ':expires': expiresAfterDays(KEEP_SENT_DAYS),
        },
      },
    );
    console.log(JSON.stringify({ level: 'info', msg: 'text not sent: opted out', id, byReply }));
    return false;
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
   * `deadline`; returns how many went out. The queue index holds keys only: each send reads its item by key
   * as it claims it.
   */
  export async function drain(
    options: { now?: number; limit?: number; concurrency?: number; deadline?: Deadline } = {},
  ): Promise<{ sent: number; due: number }> {
    const now = options.now ?? Date.now();
    const { items: keys } = await entity.queryKeys({
      index: 'unsentMail',
      partition: QUEUE,
      sort: { lessThan: `${String(now + 1).padStart(15, '0')}#` },
      limit: options.limit ?? 100,
    });
    const ids = keys.map((key) => key.pk.slice('MAIL#'.length));
    let sent = 0;
    const worker = async () => {
      // Past the run's deadline no further item is taken: it stays due for the next run.
      for (let id = ids.shift(); id && !pastDeadline(options.deadline); id = ids.shift())
        if (await sendOne(id, now)) sent += 1;
    };
    await Promise.all(Array.from({ length: options.concurrency ?? DRAIN_CONCURRENCY }, worker));
    return { sent, due: keys.length };
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
