import * as z from 'zod';
import { defineEntity, type TransactItem, transactWrite } from '../db/entity';
import { createId } from '../util/id';
import { Mail } from './index';

/**
 * Mail that must go out (verification, reset, password changed, the forms'
 * mail; later bookings and work orders) is recorded as an outbox item in the
 * same transaction as the write it reports, so a write never happens without
 * its mail, nor a mail without its write (decision 018). The verb that wrote
 * it sends it right after (`deliver`), before replying; whatever could not be sent
 * then stays in the `unsentMail` queue and the scheduled job retries it
 * (`drain`), with growing pauses, until MAX_ATTEMPTS. A failed send never
 * turns a successful write into an error reply.
 */
export namespace Outbox {
  export const MAX_ATTEMPTS = 8;
  /** While one sender holds an item, no other sends it. */
  const LEASE_MS = 60_000;
  const QUEUE = 'UNSENT';

  const Stored = z.object({
    id: z.string(),
    message: z.object({
      to: z.union([z.string(), z.array(z.string())]),
      subject: z.string(),
      text: z.string(),
      html: z.string().optional(),
      replyTo: z.string().optional(),
      // Optional, so items written before attachments existed still read (entity version unchanged).
      attachments: z
        .array(
          z.object({
            filename: z.string(),
            contentType: z.string(),
            content: z.string(),
            encoding: z.literal('base64').optional(),
          }),
        )
        .optional(),
    }),
    createdAt: z.string(),
    attempts: z.number().int(),
    /** Epoch ms of the next try; absent once sent or given up. */
    nextAttemptAt: z.number().optional(),
    leaseUntil: z.number().optional(),
    sentAt: z.string().optional(),
    failedAt: z.string().optional(),
    lastError: z.string().optional(),
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
    },
  });

  export type Prepared = { id: string; item: TransactItem };

  /** The outbox item for `message`, to write in the same transaction as what it reports. */
  export function prepare(message: Mail.Message, now = Date.now()): Prepared {
    const id = createId('mail');
    return {
      id,
      item: entity.tx.put(
        { id, message, createdAt: new Date(now).toISOString(), attempts: 0, nextAttemptAt: now },
        { ifAbsent: true },
      ),
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
    try {
      await Mail.send(claimed.message);
      await entity.update(
        { id },
        {
          UpdateExpression: 'SET sentAt = :at REMOVE nextAttemptAt, leaseUntil, unsentPk, unsentSk',
          ExpressionAttributeValues: { ':at': new Date().toISOString() },
        },
      );
      return true;
    } catch (error) {
      const giveUp = claimed.attempts >= MAX_ATTEMPTS;
      const next = now + backoffMs(claimed.attempts);
      console.error(
        JSON.stringify({
          level: 'error',
          msg: giveUp ? 'mail given up' : 'mail not sent; will retry',
          id,
          error: String(error),
        }),
      );
      const requeue = entity.item({ ...claimed, nextAttemptAt: next });
      await entity.update(
        { id },
        giveUp
          ? {
              UpdateExpression:
                'SET failedAt = :at, lastError = :error REMOVE nextAttemptAt, leaseUntil, unsentPk, unsentSk',
              ExpressionAttributeValues: {
                ':at': new Date().toISOString(),
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
    const mail = prepare(message);
    await transactWrite([mail.item]);
    await deliver(mail);
  }

  /** The scheduled job: sends every queued mail that is due, oldest first; returns how many went out. */
  export async function drain(
    options: { now?: number; limit?: number } = {},
  ): Promise<{ sent: number; due: number }> {
    const now = options.now ?? Date.now();
    const { items } = await entity.query({
      index: 'unsentMail',
      partition: QUEUE,
      sort: { lessThan: `${String(now + 1).padStart(15, '0')}#` },
      limit: options.limit ?? 100,
    });
    let sent = 0;
    for (const mail of items) if (await sendOne(mail.id, now)) sent += 1;
    return { sent, due: items.length };
  }

  /** One item, for tests and support. */
  export function find(id: string) {
    return entity.get({ id }, { consistent: true });
  }
}
