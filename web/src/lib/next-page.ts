import type { ClientResponse } from 'hono/client';
import { unwrap } from './api';

/**
 * Bare-array lists a page at a time (decision 049): the server names the
 * next page in the `X-Next-Cursor` header, absent on the last page. The
 * lists that follow it ('Show more') keep their pages in an infinite query.
 */

/** The `?limit` and `?cursor` of a page request (the cursor left out for the first page). */
export const pageQuery = (limit: number, cursor: string | null): { limit: string; cursor?: string } =>
  cursor ? { limit: String(limit), cursor } : { limit: String(limit) };

/** Awaits a bare-array list call: its items and the next page's cursor, null on the last page. */
export async function unwrapPage<R extends ClientResponse<unknown, number, string>>(request: Promise<R>) {
  let cursor: string | null = null;
  const items = await unwrap(
    request.then((response) => {
      cursor = response.headers.get('X-Next-Cursor');
      return response;
    }),
  );
  return { items, cursor: cursor as string | null };
}

/** The infinite-query options every such list shares: pages start without a cursor and follow the header. */
export const followCursor = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { cursor: string | null }) => last.cursor,
};

/** Applies `change` to the items of every page of a cached infinite list. */
export function mapPages<T, D extends { pages: { items: T[]; cursor: string | null }[] }>(
  data: (D & { pages: { items: T[]; cursor: string | null }[] }) | undefined,
  change: (items: T[]) => T[],
): D | undefined {
  return data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data;
}
