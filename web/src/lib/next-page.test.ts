import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { followCursor, mapPages, pageQuery, unwrapPage } from './next-page';

const reply = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  ) as never;

describe('unwrapPage', () => {
  it('gives the items and the X-Next-Cursor of a page, null on the last', async () => {
    await expect(unwrapPage(reply([{ _id: 'a' }], 200, { 'X-Next-Cursor': 'next' }))).resolves.toEqual({
      items: [{ _id: 'a' }],
      cursor: 'next',
    });
    await expect(unwrapPage(reply([], 200))).resolves.toEqual({ items: [], cursor: null });
  });

  it('throws the one error type for a refused page (a bad cursor is 400 { msg })', async () => {
    const refused = unwrapPage(reply({ msg: 'This page link is not valid.' }, 400));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'This page link is not valid.' });
  });
});

describe('pageQuery and followCursor', () => {
  it('sends the cursor only after the first page, and stops when a page has none', () => {
    expect(pageQuery(20, null)).toEqual({ limit: '20' });
    expect(pageQuery(20, 'abc')).toEqual({ limit: '20', cursor: 'abc' });
    expect(followCursor.initialPageParam).toBeNull();
    expect(followCursor.getNextPageParam({ cursor: 'abc' })).toBe('abc');
    expect(followCursor.getNextPageParam({ cursor: null })).toBeNull();
  });
});

describe('mapPages', () => {
  it('changes the items of every page and keeps the rest', () => {
    const data = {
      pages: [
        { items: [1, 2], cursor: 'x' },
        { items: [3], cursor: null },
      ],
      pageParams: [null, 'x'],
    };
    expect(mapPages(data, (items) => items.map((n) => n * 10))).toEqual({
      pages: [
        { items: [10, 20], cursor: 'x' },
        { items: [30], cursor: null },
      ],
      pageParams: [null, 'x'],
    });
    expect(mapPages<number, typeof data>(undefined, (items) => items)).toBeUndefined();
  });
});
