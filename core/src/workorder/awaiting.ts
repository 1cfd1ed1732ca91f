import { assertAdmin } from '../actor';
import { ACK_QUEUE, entity } from './store';

/** A work order whose acknowledgment link is out and not yet used (issue 22: the admin's Today). */
export type Awaiting = {
  id: string;
  workOrderNumber: string;
  customerName: string;
  relatedBooking: string | null;
  tokenExpiresAt: string;
};

/**
 * The work orders awaiting the customer's acknowledgment whose link has not
 * run out by `now`, soonest to expire first: one page of the sparse
 * `pendingAcknowledgments` index (the expiry job's queue), never the collection.
 */
export async function awaitingAcknowledgment(
  options: { limit: number; cursor?: string | null },
  now = new Date(),
): Promise<{ items: Awaiting[]; cursor: string | null }> {
  assertAdmin();
  const page = await entity.query({
    index: 'pendingAcknowledgments',
    partition: ACK_QUEUE,
    sort: { between: [now.toISOString(), '9999~'] },
    limit: options.limit,
    cursor: options.cursor,
  });
  return {
    items: page.items.map((wo) => ({
      id: wo.id,
      workOrderNumber: wo.workOrderNumber,
      customerName: wo.customer.name,
      relatedBooking: wo.relatedBooking ?? null,
      tokenExpiresAt: wo.acknowledgment.tokenExpiresAt ?? '',
    })),
    cursor: page.cursor,
  };
}
