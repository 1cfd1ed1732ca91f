import * as z from 'zod';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { placeBooking } from '../booking/address';
import { relocate } from '../booking/claim';
import { AddressChangeInput } from '../booking/input';
import { bookingMessages, customerCanEdit } from '../booking/rules';
import { type Info, ownedBooking, type Stored, withService } from '../booking/store';

/**
 * The owner (or the admin) moves a Pending booking to another address
 * (issue 20, decision 067), as the vehicle fields are edited: the new
 * address is geocoded once, checked against the area, its trip fee taken
 * again, and the technician's day checked again (claim.ts `relocate`,
 * decision 066); the booking is written only while it is the revision read,
 * so nothing changes when any check fails.
 */

export const addressChangeMessages = {
  changed: 'The booking changed meanwhile. Please reload it and try again.',
} as const;

export const changeAddress = fn(z.tuple([z.string(), AddressChangeInput]), changeAddressNow);

async function changeAddressNow(
  bookingId: string,
  input: z.output<typeof AddressChangeInput>,
): Promise<Info> {
  const booking = await ownedBooking(bookingId);
  if (!customerCanEdit(booking.status)) throw new VisibleError('conflict', bookingMessages.notEditable);
  const place = await placeBooking(input, booking.userId);
  const next: Stored = { ...booking, ...place, updatedAt: new Date().toISOString() };
  // The booking and its technician's day (the job moved, or 409 saying why it no longer fits) in one transaction.
  return withService(await relocate(booking, next, { changed: addressChangeMessages.changed }));
}
