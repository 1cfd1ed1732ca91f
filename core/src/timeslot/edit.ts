import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, failedConditions, type Page, type TransactItem, transactWrite } from '../db/entity';
import { pacedBatches, StillThrottled } from '../db/pacing';
import { VisibleError } from '../error';
import * as time from '../time';
import { callerFirst, fn } from '../util/fn';
import { DeleteManyInput, messages } from './input';
import { type Listed, listed } from './list';
import { entity, guard, id, pageBetween, type Stored, slotWrites } from './store';

/** 404 for a missing slot, 409 for a booked one: why a conditional write on a slot did not hold. */
async function refusal(slotId: string): Promise<never> {
  const slot = await entity.get({ id: slotId }, { consistent: true });
  if (!slot) throw new VisibleError('not_found', messages.notFound);
  throw new VisibleError('conflict', messages.booked);
}

const idOf = (slotId: string) => {
  if (!id.safeParse(slotId).success) throw new VisibleError('not_found', messages.notFound);
  return slotId;
};

/**
 * PUT /api/timeSlots/{id} (doc 2 §4): opens or closes an unbooked slot. One
 * conditional write (not booked), so it cannot pass a booking made at the
 * same moment: whichever comes second is refused.
 */
export const setAvailable = fn(
  z.tuple([z.string(), z.boolean()]),
  async (slotId, isAvailable): Promise<Listed> => {
    assertAdmin();
    const updated = await entity.patch(
      { id: idOf(slotId) },
      {
        set: { isAvailable, updatedAt: new Date().toISOString() },
        when: (c) => c.and(c.itemExists(), c.eq('isBooked', false)),
      },
    );
    if (!updated) return refusal(slotId);
    return (await listed([updated]))[0] as Listed;
  },
  callerFirst(assertAdmin),
);

/** A slot's delete and its guard's, in one transaction; the slot's only while it is not booked. */
const deleteItems = (slot: Stored): TransactItem[] => [
  entity.tx.delete({ id: slot.id }, cond.and(cond.itemExists(), cond.eq('isBooked', false))),
  guard.tx.delete(
    { serviceId: slot.serviceId, date: slot.date, time: slot.time },
    cond.or(cond.itemAbsent(), cond.eq('slotId', slot.id)),
  ),
];

/**
 * Deletes unbooked slots, 50 (100 items) a transaction, each conditional on
 * not being booked, paced like creation (decision 052). A slot booked
 * meanwhile drops out of its batch, which is tried again without it. Returns
 * the ids deleted and those refused; still throttled after every backoff, 503
 * saying how many were deleted.
 */
async function deleteSlots(slots: Stored[]): Promise<{ deleted: string[]; refused: string[] }> {
  const deleted: string[] = [];
  const refused: string[] = [];
  const write = async (pending: Stored[]): Promise<Stored[]> => {
    try {
      await transactWrite(pending.flatMap(deleteItems));
      deleted.push(...pending.map((slot) => slot.id));
      return [];
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null || failed.length === 0) throw error;
      const out = new Set(failed.map((index) => Math.floor(index / 2)));
      refused.push(...pending.filter((_, i) => out.has(i)).map((slot) => slot.id));
      return pending.filter((_, i) => !out.has(i));
    }
  };
  try {
    await pacedBatches(slots, { size: 50, write, pacer: slotWrites });
  } catch (error) {
    if (!(error instanceof StillThrottled)) throw error;
    throw new VisibleError('unavailable', messages.busyDeleting(deleted.length, slots.length));
  }
  return { deleted, refused };
}

/**
 * DELETE /api/timeSlots/{id}: a booked slot is 409 (doc 2 §4). The delete
 * is conditional on the slot not being booked, so a booking made at the
 * same moment either wins (and this is 409) or finds the slot gone (409 to
 * the customer).
 */
export const remove = fn(
  z.string(),
  async (slotId): Promise<{ msg: string; _id: string }> => {
    assertAdmin();
    const slot = await entity.get({ id: idOf(slotId) }, { consistent: true });
    if (!slot) throw new VisibleError('not_found', messages.notFound);
    if (slot.isBooked) throw new VisibleError('conflict', messages.booked);
    const { deleted } = await deleteSlots([slot]);
    if (deleted.length === 0) return refusal(slotId);
    return { msg: 'Time slot deleted.', _id: slotId };
  },
  callerFirst(assertAdmin),
);

export type DeletedMany = {
  msg: string;
  deleted: number;
  skipped: number;
  notFound: number;
  deletedIds: string[];
  skippedIds: string[];
};

/** DELETE /api/timeSlots/bulk {ids}: deletes the unbooked ones; booked ones are skipped and counted. */
export const removeMany = fn(DeleteManyInput, removeManyNow);
async function removeManyNow(input: z.output<typeof DeleteManyInput>): Promise<DeletedMany> {
  assertAdmin();
  const ids = [...new Set(input.ids)];
  const slots = await entity.getMany(ids.map((slotId) => ({ id: slotId })));
  const booked = slots.filter((slot) => slot.isBooked).map((slot) => slot.id);
  const { deleted, refused } = await deleteSlots(slots.filter((slot) => !slot.isBooked));
  const skippedIds = [...booked, ...refused];
  const notFound = ids.length - slots.length;
  const parts = [`${deleted.length} deleted`];
  if (skippedIds.length) parts.push(`${skippedIds.length} booked and skipped`);
  if (notFound) parts.push(`${notFound} not found`);
  return {
    msg: `Time slots: ${parts.join(', ')}.`,
    deleted: deleted.length,
    skipped: skippedIds.length,
    notFound,
    deletedIds: deleted,
    skippedIds,
  };
}

/**
 * For a deleted service: its unbooked slots from today on are deleted; its
 * booked ones stay with their bookings, closed (isAvailable false), so a
 * later cancellation does not reopen a time of a service that is gone.
 */
const RETIRE_PAGE = 100;
export async function retireService(serviceId: string): Promise<{ deleted: number; kept: number }> {
  assertAdmin();
  const today = time.today();
  const totals = { deleted: 0, kept: 0 };
  // Page by page over the service's slots from today on (at most the 366-day creation horizon): a
  // cursor is a key, so deleting the page just read does not disturb the next one.
  let cursor: string | null = null;
  do {
    const page: Page<Stored> = await pageBetween(serviceId, today, '9999-12-31', {
      limit: RETIRE_PAGE,
      cursor,
    });
    const { deleted } = await deleteSlots(page.items.filter((slot) => !slot.isBooked));
    const gone = new Set(deleted);
    const left = page.items.filter((slot) => !gone.has(slot.id));
    const now = new Date().toISOString();
    for (const slot of left) {
      await entity.patch(
        { id: slot.id },
        { set: { isAvailable: false, updatedAt: now }, when: (c) => c.itemExists() },
      );
    }
    totals.deleted += deleted.length;
    totals.kept += left.length;
    cursor = page.cursor;
  } while (cursor);
  return totals;
}
