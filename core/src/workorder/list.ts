import type * as z from 'zod';
import { assertAdmin } from '../actor';
import { Booking } from '../booking/index';
import { queryIndexPage } from '../db/entity';
import { fn } from '../util/fn';
import { ListInput } from './input';
import { refuseInvalid } from './messages';
import type { WorkOrderStatus } from './model';
import { entity } from './store';
import { countOf } from './totals';
import { type Detail, view } from './view';

/**
 * Entries of the narrow `workOrderSearch` index read at most for one page
 * (about 375 bytes each as DynamoDB returns them, so some 190 KB, and a p99
 * well under 300 ms at five years: `npm run bench -- scale`): a search or
 * filter that matches little stops there and answers the matches so far with
 * a cursor, which the manager follows for a few seconds before it shows them.
 */
export const LIST_READ_BUDGET = 500;

export type ListPage = { workOrders: Detail[]; total: number; hasMore: boolean; cursor: string | null };

/** What an entry of the narrow index carries besides its keys. */
type Entry = { pk?: unknown; searchText?: unknown; status?: unknown };

/**
 * `GET /api/workOrders` (decisions 049, 051): newest first, searched and
 * filtered over the narrow index with a read budget, a page by `cursor` (or,
 * for the spec's client, by `skip` within the budget), then the page's work
 * orders by key. `total` comes from the totals item (all, or one status);
 * for a search it is the matches known so far, plus one while more may
 * follow.
 */
export const list = fn(ListInput, listPage, refuseInvalid);

async function listPage(input: z.output<typeof ListInput>): Promise<ListPage> {
  assertAdmin();
  const needle = (input.search ?? '').toLowerCase();
  const digits = needle.replace(/\D/g, '');
  const byDigits = digits.length >= 4 && /^[\d\s()+.-]+$/.test(needle);
  const status: WorkOrderStatus | undefined =
    input.status && input.status !== 'all' ? input.status : undefined;
  const skip = input.cursor ? 0 : input.skip;

  const matches = (entry: Entry) => {
    if (status && entry.status !== status) return false;
    if (!needle) return true;
    const text = typeof entry.searchText === 'string' ? entry.searchText : '';
    return text.includes(needle) || (byDigits && text.includes(digits));
  };
  const [page, counted] = await Promise.all([
    queryIndexPage({
      index: 'workOrderSearch',
      partition: entity.where('search', {}).partition,
      descending: true,
      limit: skip + input.limit,
      budget: LIST_READ_BUDGET,
      cursor: input.cursor,
      accept: matches,
    }),
    needle ? Promise.resolve(null) : countOf(status),
  ]);

  const ids = page.items
    .slice(skip)
    .map((entry) => String((entry as Entry).pk ?? '').replace(/^WORKORDER#/, ''));
  const found = new Map((await entity.getMany(ids.map((id) => ({ id })))).map((wo) => [wo.id, wo]));
  // The related bookings already paid (issue 30), one BatchGetItem of their payments: such a work
  // order is Paid on the list, and offers no payment link (the server refuses one).
  const unpaid = [...found.values()].flatMap((wo) =>
    wo.relatedBooking && wo.payment?.status !== 'paid' ? [wo.relatedBooking] : [],
  );
  const paid = await Booking.paidCharges(unpaid);
  const workOrders = ids.flatMap((id) => {
    const wo = found.get(id);
    if (!wo) return [];
    const charge = wo.relatedBooking ? paid.get(wo.relatedBooking) : undefined;
    return [
      {
        ...view(wo),
        ...(charge ? { paidWithBooking: { amountCents: charge.amountCents, at: charge.at } } : {}),
      },
    ];
  });
  return {
    workOrders,
    total: counted ?? page.items.length + (page.cursor ? 1 : 0),
    hasMore: page.cursor !== null,
    cursor: page.cursor,
  };
}
