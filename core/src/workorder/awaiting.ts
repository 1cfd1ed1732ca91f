import { assertAdmin } from '../actor';
import { waitingPage } from '../db/due-queue';
import { ackQueue, entity } from './store';

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
 * run out by `now`, soonest to expire first: one page of the expiry job's
 * due queue (keys only), then those work orders by key, never the collection.
 */
export async function awaitingAcknowledgment(
  options: { limit: number; cursor?: string | null },
  now = new Date(),
): Promise<{ items: Awaiting[]; cursor: string | null }> {
  assertAdmin();
  const page = await waitingPage(ackQueue, now, { limit: options.limit, cursor: options.cursor });
  const found = new Map(
    (await entity.getMany(page.items.map(({ id }) => ({ id })))).map((wo) => [wo.id, wo]),
  );
  const items = page.items.flatMap(({ id }) => found.get(id) ?? []);
  return {
    items: items.map((wo) => ({
      id: wo.id,
      workOrderNumber: wo.workOrderNumber,
      customerName: wo.customer.name,
      relatedBooking: wo.relatedBooking ?? null,
      tokenExpiresAt: wo.acknowledgment.tokenExpiresAt ?? '',
    })),
    cursor: page.cursor,
  };
}
