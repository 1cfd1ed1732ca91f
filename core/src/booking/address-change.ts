import * as z from 'zod';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { placeBooking } from './address';
import { AddressChangeInput } from './input';
import { bookingMessages, customerCanEdit } from './rules';
import { type Info, ownedBooking, putIfUnchanged, type Stored, withService } from './store';

/**
 * The owner (or the admin) moves a Pending booking to another address
 * (issue 20, decision 067), as the vehicle fields are edited: the new
 * address is geocoded once, checked against the area, its trip fee taken
 * again, and the technician's day checked again by `refitDay`; the booking
 * is written only while it is the revision read, so nothing changes when
 * any check fails.
 */

export const addressChangeMessages = {
  changed: 'The booking changed meanwhile. Please reload it and try again.',
} as const;

/**
 * The drive rules' re-check of a booking moved to `next.serviceAddress`: the
 * transaction items that keep its technician's day valid, or a 409
 * `VisibleError` saying why the day no longer fits. Under the flat travel
 * buffer the claim does not depend on where the job is, so the booking keeps
 * its claim as it is and nothing more is written.
 */
export type RefitDay = (booking: Stored, next: Stored) => Promise<TransactItem[]>;
const keepClaim: RefitDay = async () => [];

export const changeAddress = fn(z.tuple([z.string(), AddressChangeInput]), (id, input) =>
  changeAddressNow(id, input, keepClaim),
);

export async function changeAddressNow(
  bookingId: string,
  input: z.output<typeof AddressChangeInput>,
  refitDay: RefitDay,
): Promise<Info> {
  const booking = await ownedBooking(bookingId);
  if (!customerCanEdit(booking.status)) throw new VisibleError('conflict', bookingMessages.notEditable);
  const place = await placeBooking(input, booking.userId);
  const next: Stored = { ...booking, ...place, updatedAt: new Date().toISOString() };
  const dayItems = await refitDay(booking, next);
  const write = putIfUnchanged(next, booking);
  try {
    await transactWrite([write, ...dayItems]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed === null) throw error;
    throw new VisibleError('conflict', addressChangeMessages.changed);
  }
  return withService({ ...next, rev: (booking.rev ?? 0) + 1 });
}
