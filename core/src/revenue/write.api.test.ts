import { describe, expect, it } from 'vitest';
import { transactRetrying } from '../db/transact';
import { monthOf, weekOf } from './buckets';
import { counter, entry, monthKey, OUTSTANDING_KEY, outstanding, weekKey } from './store';
import { declinedItems, paymentItems, refundItems } from './write';

/**
 * Revenue's write API against DynamoDB Local: what a payment, a refund, a
 * decline and its settlement add, and that the same money is never counted twice.
 */

const at = '2026-03-31T23:30:00.000Z'; // 19:30 on March 31 in West Chester, April 1 in UTC
const month = () => counter.get({ sk: monthKey('2026-03') }, { consistent: true });

describe('revenue write API', () => {
  it('a payment adds to its business month and ISO week, by service and technician, with one ledger entry', async () => {
    expect(monthOf(at)).toBe('2026-03');
    await transactRetrying(
      await paymentItems({
        paymentId: 'pay-1',
        bookingId: 'bkg_1',
        amountCents: 12_345,
        at,
        serviceId: 'svc_A',
        serviceName: 'Oil change',
        technician: 2,
        customerName: 'Casey Driver',
      }),
    );
    await transactRetrying(
      await paymentItems({
        paymentId: 'fee-1',
        amountCents: 2_500,
        at,
        serviceName: 'Late cancel',
        job: false,
      }),
    );
    expect(await month()).toMatchObject({
      paidCents: 14_845,
      payments: 2,
      jobs: 1,
      ticketCents: 12_345,
      'svc:svc_A:cents': 12_345,
      'svc:svc_A:jobs': 1,
      'svc:svc_A:name': 'Oil change',
      'tech:2:cents': 12_345,
    });
    expect(await counter.get({ sk: weekKey(weekOf(at)) }, { consistent: true })).toMatchObject({
      paidCents: 14_845,
      payments: 2,
      start: '2026-03-30',
    });
    expect(await entry.get({ id: 'pay-1' })).toMatchObject({ kind: 'payment', date: '2026-03-31' });
    // The same payment again: the transaction fails on the ledger entry and nothing is counted twice.
    await expect(
      transactRetrying(
        await paymentItems({ paymentId: 'pay-1', amountCents: 12_345, at, serviceName: 'Oil change' }),
      ),
    ).rejects.toThrow();
    expect(await month()).toMatchObject({ paidCents: 14_845, payments: 2 });
  });

  it('a refund adds to refunds; a decline is outstanding once and settled by the payment', async () => {
    await transactRetrying(
      refundItems({ refundId: 'ref-1', paymentId: 'pay-1', amountCents: 345, at, serviceName: 'Oil change' }),
    );
    expect(await month()).toMatchObject({ refundCents: 345, refunds: 1, paidCents: 14_845 });
    const decline = { ref: 'bkg_2', amountCents: 9_000, at, serviceName: 'Brakes', reason: 'declined' };
    await transactRetrying(await declinedItems(decline));
    expect(await declinedItems(decline)).toEqual([]);
    expect(await counter.get({ sk: OUTSTANDING_KEY }, { consistent: true })).toMatchObject({
      cents: 9_000,
      count: 1,
    });
    await transactRetrying(
      await paymentItems({
        paymentId: 'pay-2',
        bookingId: 'bkg_2',
        amountCents: 9_000,
        at,
        serviceName: 'Brakes',
      }),
    );
    expect(await counter.get({ sk: OUTSTANDING_KEY }, { consistent: true })).toMatchObject({
      cents: 0,
      count: 0,
    });
    expect(await outstanding.get({ ref: 'bkg_2' }, { consistent: true })).toBeUndefined();
  });

  it('payments at the same moment all count: the shared counters take every ADD (conflicts are retried)', async () => {
    const at = '2026-06-10T15:00:00.000Z';
    await Promise.all(
      Array.from({ length: 20 }, async (_, n) =>
        transactRetrying(
          await paymentItems({ paymentId: `race-${n}`, amountCents: 100 + n, at, serviceName: 'Race' }),
        ),
      ),
    );
    expect(await counter.get({ sk: monthKey('2026-06') }, { consistent: true })).toMatchObject({
      payments: 20,
      jobs: 20,
      paidCents: 20 * 100 + 190,
    });
  });
});
