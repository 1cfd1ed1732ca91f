import { Booking } from '@app/core/booking/index';
import { INVALID_CURSOR } from '@app/core/db/paging';
import { Post } from '@app/core/post/index';
import { describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createPost } from '../../../tests/content-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';

/**
 * The lists decision 062 moved off whole reads: the blog list, a post's
 * comments and the customer's own bookings page by `?limit` and
 * `X-Next-Cursor` (decision 049), each item once, in order; a cursor that
 * does not decode is 400 with its message.
 */

type Page<T> = { items: T[]; cursor: string | null; status: number };

async function page<T>(
  path: string,
  limit: number,
  cursor: string | null,
  headers: Record<string, string> = {},
): Promise<Page<T>> {
  const sep = path.includes('?') ? '&' : '?';
  const response = await send(
    'GET',
    `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers,
  );
  return {
    status: response.status,
    items: await json<T[]>(response),
    cursor: response.headers.get('X-Next-Cursor'),
  };
}

/** Follows the cursor from the first page to the last; every page's items, in order. */
async function walk<T>(path: string, limit: number, headers: Record<string, string> = {}): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const next: Page<T> = await page<T>(path, limit, cursor, headers);
    expect(next.status).toBe(200);
    expect(next.items.length).toBeLessThanOrEqual(limit);
    pages.push(next.items);
    cursor = next.cursor;
  } while (cursor && pages.length < 200);
  return pages;
}

async function expectRefused(path: string, headers: Record<string, string> = {}) {
  const sep = path.includes('?') ? '&' : '?';
  const badCursor = await send('GET', `${path}${sep}cursor=not-a-cursor`, headers);
  expect(badCursor.status).toBe(400);
  expect(await json(badCursor)).toEqual({ msg: INVALID_CURSOR });
  for (const limit of ['0', '101', 'ten']) {
    const bad = await send('GET', `${path}${sep}limit=${limit}`, headers);
    expect(bad.status, limit).toBe(400);
    expect(typeof (await json<{ msg: string }>(bad)).msg).toBe('string');
  }
}

describe('GET /api/posts, paged', () => {
  it('pages newest first by ?limit and X-Next-Cursor, each post once, without bodies', async () => {
    // Far in the future, so they head the list whatever other tests publish meanwhile.
    const mine = [];
    for (const day of ['01', '02', '03']) {
      mine.push(await createPost({ createdAt: `2099-06-${day}T12:00:00.000Z` }));
    }
    const first = await page<{ _id: string; content?: string }>('/api/posts', 2, null);
    expect(first.items.map((p) => p._id)).toEqual([mine[2]?._id, mine[1]?._id]);
    expect(first.items.every((p) => p.content === undefined)).toBe(true);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await page<{ _id: string }>('/api/posts', 2, first.cursor);
    expect(second.items[0]?._id).toBe(mine[0]?._id);

    const pages = await walk<{ _id: string; createdAt: string }>('/api/posts', 7);
    const all = pages.flat();
    expect(new Set(all.map((p) => p._id)).size).toBe(all.length);
    const dates = all.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(pages.at(-1)?.length).toBeGreaterThan(0); // the last page is never an empty one

    // The spec's client sends no limit: the first page at the route's default size.
    const plain = await send('GET', '/api/posts');
    expect((await json<unknown[]>(plain)).length).toBeLessThanOrEqual(Post.DEFAULT_PAGE);
    await expectRefused('/api/posts');
  });
});

describe('GET /api/posts/{id}/comments, paged', () => {
  it('pages oldest first; the post delete removes every comment', async () => {
    const post = await createPost();
    const user = await createUser();
    const texts = ['First.', 'Second.', 'Third.'];
    for (const text of texts) {
      const response = await send('POST', '/api/comments', user.headers, { postId: post._id, text });
      expect(response.status).toBe(201);
    }
    const path = `/api/posts/${post._id}/comments`;
    const pages = await walk<{ text: string }>(path, 2);
    expect(pages.map((items) => items.map((c) => c.text))).toEqual([['First.', 'Second.'], ['Third.']]);
    expect((await json<unknown[]>(await send('GET', path))).length).toBe(3);
    await expectRefused(path);

    const admin = await createUser({ role: 'admin' });
    const removed = await send('DELETE', `/api/posts/${post._id}`, admin.headers);
    expect(await json(removed)).toMatchObject({ deletedComments: 3 });
    expect((await send('GET', path)).status).toBe(404);
  });
});

describe('GET /api/bookings (the Service History), paged', () => {
  it("pages the customer's own bookings, upcoming ones soonest first (decision 095), each once", async () => {
    const customer = await createUserWithCard();
    const service = await createService({ availableDays: [], availableTimes: ['09:00'] });
    const dates = [nextDate(undefined, 20), nextDate(undefined, 20), nextDate(undefined, 20)];
    for (const date of dates) {
      const response = await postBooking(customer, service._id, date, '09:00');
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const pages = await walk<{ _id: string; date: string }>('/api/bookings', 2, customer.headers);
    expect(pages.map((items) => items.length)).toEqual([2, 1]);
    expect(pages.flat().map((b) => b.date.slice(0, 10))).toEqual([...dates].sort());
    expect((await json<unknown[]>(await send('GET', '/api/bookings', customer.headers))).length).toBe(3);
    expect(Booking.MINE_PAGE).toBeGreaterThanOrEqual(3);
    // Another customer sees none of them.
    const other = await createUserWithCard();
    expect(await json(await send('GET', '/api/bookings', other.headers))).toEqual([]);
    await expectRefused('/api/bookings', customer.headers);
  });
});
