import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { countWrites, recentReads } from './recent';

/** A client whose one middleware (countWrites's) is kept, to send commands through by name. */
function fakeClient() {
  let middleware:
    | ((
        next: (args: unknown) => Promise<unknown>,
        context: { commandName: string },
      ) => (args: unknown) => Promise<unknown>)
    | undefined;
  const client = { middlewareStack: { add: (m: typeof middleware) => (middleware = m) } };
  countWrites(client as unknown as DynamoDBDocumentClient);
  return (commandName: string) => middleware!(async () => ({}), { commandName })({});
}

describe('recentReads (the display may read a few seconds old)', () => {
  it('shares one load per key until the time is up', async () => {
    let now = 0;
    let loads = 0;
    const recent = recentReads<number>(3_000, () => now);
    const load = async () => (loads += 1);
    expect(await Promise.all([recent('a', load), recent('a', load)])).toEqual([1, 1]);
    now = 2_999;
    expect(await recent('a', load)).toBe(1);
    expect(await recent('b', load)).toBe(2);
    now = 3_000;
    expect(await recent('a', load)).toBe(3);
  });

  it('forgets at once when this process writes, not when it reads', async () => {
    const send = fakeClient();
    let loads = 0;
    const recent = recentReads<number>(60_000, () => 0);
    const load = async () => (loads += 1);
    expect(await recent('a', load)).toBe(1);
    await send('QueryCommand');
    await send('BatchGetItemCommand');
    expect(await recent('a', load)).toBe(1);
    await send('TransactWriteItemsCommand');
    expect(await recent('a', load)).toBe(2);
    await send('DeleteItemCommand');
    expect(await recent('a', load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const recent = recentReads<number>(60_000, () => 0);
    await expect(recent('a', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await recent('a', async () => 7)).toBe(7);
  });
});
