import { assertAdmin } from '../actor';
import { ListInput } from './input';
import { parse } from './messages';
import { entity } from './store';
import { type Detail, view } from './view';

export async function list(
  raw: ListInput = {},
): Promise<{ workOrders: Detail[]; total: number; hasMore: boolean }> {
  assertAdmin();
  const input = parse(ListInput, raw);
  const needle = (input.search ?? '').toLowerCase();
  const digits = needle.replace(/\D/g, '');
  const status = input.status && input.status !== 'all' ? input.status : undefined;
  // A shop's work orders stay in the thousands: the list reads the collection and counts the matches.
  const all = await entity.queryAll({
    index: 'byCollection',
    partition: 'WORKORDER',
    descending: true,
    filter: (wo) =>
      (!status || wo.status === status) &&
      (!needle ||
        wo.searchText.includes(needle) ||
        (digits.length >= 4 && /^[\d\s()+.-]+$/.test(needle) && wo.searchText.includes(digits))),
  });
  const page = all.slice(input.skip, input.skip + input.limit);
  return {
    workOrders: page.map((wo) => view(wo)),
    total: all.length,
    hasMore: input.skip + page.length < all.length,
  };
}
