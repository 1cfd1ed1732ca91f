import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { VisibleError } from '../error';

/**
 * Fixed-window counters in DynamoDB, shared by every Lambda instance
 * (nothing is kept in memory). One item per scope, key and window; TTL
 * removes old windows. See decision 008 for the limits and why.
 */
export namespace RateLimit {
  export type Rule = { scope: string; limit: number; windowSeconds: number };

  export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

  const window = (rule: Rule, nowMs: number) => {
    const start = Math.floor(nowMs / 1000 / rule.windowSeconds) * rule.windowSeconds;
    return { start, end: start + rule.windowSeconds };
  };

  const itemKey = (rule: Rule, key: string, start: number) => ({
    pk: `RATE#${rule.scope}#${key.trim().toLowerCase()}`,
    sk: String(start),
  });

  function refuse(rule: Rule, end: number, nowMs: number): never {
    throw new VisibleError('rate_limited', TOO_MANY, {
      retryAfterSeconds: Math.max(1, Math.ceil(end - nowMs / 1000)),
    });
  }

  /** Counts one event; 429 when this window already holds `limit` events. */
  export async function hit(rule: Rule, key: string, nowMs = Date.now()): Promise<void> {
    const { start, end } = window(rule, nowMs);
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(rule, key, start),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires), #type = :type',
        ExpressionAttributeNames: { '#count': 'count', '#type': '_type' },
        ExpressionAttributeValues: { ':one': 1, ':expires': end + 60, ':type': 'rateLimit' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(result.Attributes?.count) > rule.limit) refuse(rule, end, nowMs);
  }

  /** 429 when the window is full, without counting (for limits that count only failures). */
  export async function check(rule: Rule, key: string, nowMs = Date.now()): Promise<void> {
    const { start, end } = window(rule, nowMs);
    const result = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: itemKey(rule, key, start),
        ProjectionExpression: '#c',
        ExpressionAttributeNames: { '#c': 'count' },
      }),
    );
    if (Number(result.Item?.count ?? 0) >= rule.limit) refuse(rule, end, nowMs);
  }
}
