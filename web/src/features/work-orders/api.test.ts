import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listQueryOptions } from './api';

/**
 * The manager's search against a server that, like the real one, reads a
 * bounded share of the list a request (here 5 entries) and answers the
 * matches it found with a cursor where it stopped.
 */
const STORED = Array.from({ length: 40 }, (_, i) => ({
  _id: `wo_${String(i).padStart(2, '0')}`,
  customer: { name: i % 9 === 4 ? `Rare Nguyen ${i}` : `Someone ${i}` },
}));
const READ_PER_REQUEST = 5;

function serve(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://shop.test');
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const limit = Number(url.searchParams.get('limit'));
  let at = Number(url.searchParams.get('cursor') ?? 0);
  const found: (typeof STORED)[number][] = [];
  const stop = Math.min(STORED.length, at + READ_PER_REQUEST);
  while (at < stop && found.length < limit) {
    const order = STORED[at] as (typeof STORED)[number];
    at += 1;
    if (order.customer.name.toLowerCase().includes(search)) found.push(order);
  }
  const cursor = at < STORED.length ? String(at) : null;
  const body = { workOrders: found, total: found.length + (cursor ? 1 : 0), hasMore: !!cursor, cursor };
  return Promise.resolve(
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const run = (query: Parameters<typeof listQueryOptions>[0], pageSize: number) =>
  new QueryClient().fetchQuery(listQueryOptions(query, pageSize));

describe('the work-order search', () => {
  it('follows the cursor past pages without matches until the page is full', async () => {
    const fetch = vi.fn(serve);
    vi.stubGlobal('fetch', fetch);
    const page = await run({ search: 'nguyen', status: '', after: [] }, 3);
    expect(page.workOrders.map((o) => o._id)).toEqual(['wo_04', 'wo_13', 'wo_22']);
    // Stopped right after the third match, so the next page starts there.
    expect(page.cursor).toBe('23');
    expect(fetch.mock.calls.length).toBe(5);
  });

  it('reads to the end of the list when fewer matches exist, and says there is no more', async () => {
    vi.stubGlobal('fetch', vi.fn(serve));
    const page = await run({ search: 'nguyen', status: '', after: ['23'] }, 20);
    expect(page.workOrders.map((o) => o._id)).toEqual(['wo_31']);
    expect(page.cursor).toBeNull();
  });

  it('asks once for an unfiltered page', async () => {
    const fetch = vi.fn(serve);
    vi.stubGlobal('fetch', fetch);
    const page = await run({ search: '', status: '', after: [] }, 3);
    expect(page.workOrders).toHaveLength(3);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
