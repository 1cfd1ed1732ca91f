import { describe, expect, it } from 'vitest';
import { VisibleError } from '../error';
import { NOTHING_TO_REVIEW, newestReviewable, REVIEW_LOOKUP_BUDGET, REVIEW_LOOKUP_PAGE } from './for-review';
import type { Booking } from './index';
import { entity } from './store';

/** A fake reader over `count` bookings, newest first, that records every query it gets. */
function reader(count: number, reviewableAt?: number) {
  const bookings = Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `bkg_${i}`,
        serviceId: 'svc_a',
        status: i === reviewableAt ? 'Completed' : 'Cancelled',
      }) as Booking.Stored,
  );
  const queries: { limit?: number; cursor?: string | null; partition: string }[] = [];
  return {
    queries,
    where: entity.where,
    query: (options: { limit?: number; cursor?: string | null; partition: string }) => {
      queries.push(options);
      const start = Number(options.cursor ?? 0);
      const end = start + (options.limit ?? count);
      return Promise.resolve({
        items: bookings.slice(start, end),
        cursor: end < count ? String(end) : null,
      });
    },
  };
}

describe('newestReviewable', () => {
  it('finds the newest reviewable booking in the first page it is on', async () => {
    const fake = reader(60, 30);
    expect(await newestReviewable(fake, 'usr_1', 'svc_a')).toBe('bkg_30');
    expect(fake.queries.map((q) => q.cursor)).toEqual([null, String(REVIEW_LOOKUP_PAGE)]);
    expect(fake.queries[0]?.partition).toBe('USER#usr_1');
  });

  it('reads at most its budget of bookings, in limited pages, then answers 400', async () => {
    const fake = reader(5 * REVIEW_LOOKUP_BUDGET);
    const refused = await newestReviewable(fake, 'usr_1', 'svc_a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VisibleError);
    expect((refused as VisibleError).message).toBe(NOTHING_TO_REVIEW);
    expect(fake.queries.every((q) => q.limit === REVIEW_LOOKUP_PAGE)).toBe(true);
    expect(fake.queries.length * REVIEW_LOOKUP_PAGE).toBe(REVIEW_LOOKUP_BUDGET);
  });

  it('stops at the last page of a short history', async () => {
    const fake = reader(3);
    await expect(newestReviewable(fake, 'usr_1', 'svc_b')).rejects.toThrow(NOTHING_TO_REVIEW);
    expect(fake.queries).toHaveLength(1);
  });
});
