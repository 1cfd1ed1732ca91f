import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '@app/core/db/client';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { createService, createUser, json } from '../../../tests/factories';

/**
 * Bulk slot creation when DynamoDB throttles (decision 052): the writes are
 * paced, a throttled transaction is tried again after a backoff, and
 * throttling that does not stop ends in a 503 `{ msg }` saying how many were
 * made, never a 500; a retry adds the rest without duplicates.
 */
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const throttled = () =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
  });

/** Makes DynamoDB refuse slot transactions while `refuse(n)` (n counts them from 1) is true. */
function throttleTransactions(refuse: (n: number) => boolean) {
  const client = db();
  const real = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let n = 0;
  vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    if (command instanceof TransactWriteCommand) {
      n += 1;
      if (refuse(n)) throw throttled();
    }
    return real(command);
  }) as never);
}

/** 20 dates × 30 times: 600 slots, 13 transactions, within the statistics' 60 days (decision 062). */
function series(serviceId: string) {
  const dates = Array.from({ length: 20 }, (_, i) => time.addDays(time.today(), 20 + i));
  const times = Array.from(
    { length: 30 },
    (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );
  return { serviceId, dates, times };
}

const total = async (serviceId: string) =>
  (
    await json<{ total: number }>(
      await send('GET', `/api/timeslots/stats?serviceId=${serviceId}`, admin.headers),
    )
  ).total;

describe('bulk creation under throttling', () => {
  it('creates the whole series when the first transactions are throttled', async () => {
    const service = await createService();
    throttleTransactions((n) => n <= 4);
    const response = await send('POST', '/api/timeSlots/bulk', admin.headers, series(service._id));
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await json(response)).toMatchObject({ created: 600, skipped: 0 });
    vi.restoreAllMocks();
    expect(await total(service._id)).toBe(600);
  });

  it(
    'answers 503 with what was made when throttling persists, and a retry adds the rest once',
    { timeout: 60_000 },
    async () => {
      const service = await createService();
      throttleTransactions((n) => n > 2);
      const response = await send('POST', '/api/timeSlots/bulk', admin.headers, series(service._id));
      expect(response.status).toBe(503);
      const { msg } = await json<{ msg: string }>(response);
      vi.restoreAllMocks();
      const made = await total(service._id);
      expect(made).toBe(2 * 49);
      expect(msg).toBe(TimeSlot.messages.busyCreating(made, 600));

      const retry = await send('POST', '/api/timeSlots/bulk', admin.headers, series(service._id));
      expect(retry.status).toBe(201);
      expect(await json(retry)).toMatchObject({ created: 600 - made, skipped: made });
      expect(await total(service._id)).toBe(600);
    },
  );
});
