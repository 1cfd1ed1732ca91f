import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../error';
import { db } from './client';
import { backoffMs, defaultBackoff, isRetryable } from './pacing';

/** Conditions and all-or-nothing writes across entities (decision 016). */

export const ifAbsent = { ConditionExpression: 'attribute_not_exists(pk)' } as const;

export type Condition = {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** One entry of TransactWriteItems, as the document client takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Writes every item or none. Refuses more than DynamoDB's 100 items up front
 * (a transaction cannot be split without losing its all-or-nothing promise).
 * A failed condition throws a TransactionCanceledException whose reasons
 * `failedConditions` reads.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `A transaction holds at most ${MAX_TRANSACTION_ITEMS} items; this one has ${items.length}.`,
    );
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * A transaction that may meet another on the same item (a shared counter:
 * the work-order totals, the catalogue's count): tried again after a backoff
 * while DynamoDB cancels it only for a conflict or throttling (decision 052's
 * rule); a failed condition is thrown at once for the caller.
 */
export async function transactRetrying(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await transactWrite(items);
      return;
    } catch (error) {
      if (!isRetryable(error) || attempt >= defaultBackoff.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, defaultBackoff)));
    }
  }
}

/** True when a single write's condition did not hold. */
export function isConditionFailed(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled transaction, the positions of the items whose condition
 * failed (in the order they were given); null for any other error, so the
 * caller rethrows it. An empty list means the transaction was cancelled for
 * another reason (a conflict with a concurrent transaction, throttling).
 */
export function failedConditions(error: unknown): number[] | null {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/**
 * The one translation of a failed condition into the caller's answer
 * (decision 108): runs `write` (a single write or a transaction) and, when a
 * condition failed, throws a 409 with `answer`; or, when `answer` is a
 * function, asks it with the positions of the failed items (`[0]` for a
 * single write; empty for a transaction cancelled by a concurrent one) and
 * throws what it returns: a message (409), an error of its own, or nothing to
 * rethrow the original. Any other error passes through.
 */
export async function onConflict<T>(
  answer: string | ((failed: number[]) => string | Error | undefined),
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const failed = failedConditions(error) ?? (isConditionFailed(error) ? [0] : null);
    if (failed === null) throw error;
    const out = typeof answer === 'string' ? answer : answer(failed);
    if (out === undefined) throw error;
    throw typeof out === 'string' ? new VisibleError('conflict', out) : out;
  }
}
