import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_PAGE, fetchCustomersPage } from './api';
import { InvalidCustomerReply } from './customers';

/**
 * The picker against a server that, like the real one, may end a page short
 * with a cursor (its read budget): here each request looks at 10 stored
 * customers at most and answers the matches among them.
 */
const STORED = Array.from({ length: 100 }, (_, i) => ({
  _id: `usr_${String(i).padStart(3, '0')}`,
  firstName: i % 4 === 0 ? 'Rare' : 'Common',
  lastName: `Person${i}`,
  email: `p${i}@example.com`,
  phone: '',
  username: `p${i}@example.com`,
  isAdmin: false,
  role: 'customer',
  hasCardOnFile: false,
}));
const READ_PER_REQUEST = 10;

const requests: URL[] = [];

function serve(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://shop.test');
  requests.push(url);
  const query = (url.searchParams.get('query') ?? '').toLowerCase();
  const limit = Number(url.searchParams.get('limit'));
  let at = Number(url.searchParams.get('cursor') ?? 0);
  const found: typeof STORED = [];
  const stop = Math.min(STORED.length, at + READ_PER_REQUEST);
  while (at < stop && found.length < limit) {
    const customer = STORED[at] as (typeof STORED)[number];
    at += 1;
    if (customer.firstName.toLowerCase().startsWith(query)) found.push(customer);
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (at < STORED.length) headers['X-Next-Cursor'] = String(at);
  return Promise.resolve(new Response(JSON.stringify(found), { headers }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe("the customer picker's pages (decision 061)", () => {
  it('asks on from a short page until the page is full, and hands back the cursor', async () => {
    vi.stubGlobal('fetch', vi.fn(serve));
    const page = await fetchCustomersPage('', null);
    expect(page.items.map((c) => c._id)).toEqual(STORED.slice(0, CUSTOMER_PAGE).map((c) => c._id));
    expect(page.cursor).toBe(String(CUSTOMER_PAGE));
    expect(requests.map((url) => url.pathname)).toEqual(['/api/admin/users', '/api/admin/users']);
    // The second request asks only for what the page still needs.
    expect(requests.map((url) => url.searchParams.get('limit'))).toEqual(['20', '10']);
  });

  it('a rare search stops after four requests with the cursor where the server stopped', async () => {
    vi.stubGlobal('fetch', vi.fn(serve));
    const page = await fetchCustomersPage('rare', null);
    expect(requests).toHaveLength(4);
    expect(requests.every((url) => url.pathname === '/api/admin/users/search')).toBe(true);
    expect(page.items.map((c) => c.firstName)).toEqual(Array(10).fill('Rare'));
    expect(page.cursor).toBe('40');
    const next = await fetchCustomersPage('rare', page.cursor);
    expect(requests[4]?.searchParams.get('cursor')).toBe('40');
    expect(next.items[0]?._id).toBe('usr_040');
  });

  it('a reply that is not a list of customers is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ people: [] }))),
    );
    await expect(fetchCustomersPage('anyone', null)).rejects.toBeInstanceOf(InvalidCustomerReply);
  });
});
