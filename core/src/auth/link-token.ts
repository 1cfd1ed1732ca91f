import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';

/**
 * Single-use tokens sent in emailed links (verify email, reset password; later
 * work-order acknowledgment and booking confirmation). 256 bits from the
 * CSPRNG, sent once and stored only as a SHA-256 hash, so a copy of the table
 * reveals no usable link. Redeeming is one conditional update: a token works
 * once and never after `expiresAt` (read from the item, not only from TTL,
 * which can lag).
 */
export namespace LinkToken {
  export type Purpose = 'verify-email' | 'reset-password';

  export type Issued = { token: string; expiresAt: Date };

  export type Failure = 'invalid' | 'used' | 'expired';

  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const key = (token: string) => ({ pk: `TOKEN#${hash(token)}`, sk: 'TOKEN' });

  /** A token string can only be what `issue` makes: 43 base64url characters. */
  const SHAPE = /^[A-Za-z0-9_-]{43}$/;

  export async function issue(options: {
    purpose: Purpose;
    /** What the token acts on, e.g. a user id. */
    subjectId: string;
    /** The owner index partition, e.g. `USER#<id>`, to list a subject's tokens. */
    ownerPk: string;
    ttlSeconds: number;
    now?: Date;
  }): Promise<Issued> {
    const now = options.now ?? new Date();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + options.ttlSeconds * 1000);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key(token),
          _type: 'linkToken',
          _v: 1,
          purpose: options.purpose,
          subjectId: options.subjectId,
          ownerPk: options.ownerPk,
          ownerSk: `TOKEN#${options.purpose}#${now.toISOString()}`,
          createdAt: now.toISOString(),
          expiresAt: Math.floor(expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { token, expiresAt };
  }

  /**
   * Marks the token used and returns its subject, or says why it cannot be
   * used. Two concurrent redemptions of one token: exactly one wins.
   */
  export async function redeem(
    purpose: Purpose,
    token: string,
    now = new Date(),
  ): Promise<{ ok: true; subjectId: string } | { ok: false; reason: Failure }> {
    if (!SHAPE.test(token)) return { ok: false, reason: 'invalid' };
    try {
      const result = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(token),
          UpdateExpression: 'SET usedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND purpose = :purpose AND attribute_not_exists(usedAt) AND expiresAt > :epoch',
          ExpressionAttributeValues: {
            ':now': now.toISOString(),
            ':purpose': purpose,
            ':epoch': Math.floor(now.getTime() / 1000),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, subjectId: String(result.Attributes?.subjectId) };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(token) }));
    if (!Item || Item.purpose !== purpose) return { ok: false, reason: 'invalid' };
    if (Item.usedAt) return { ok: false, reason: 'used' };
    return { ok: false, reason: 'expired' };
  }
}
