import * as z from 'zod';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { placeBooking } from './address';
import { relocate } from './claim';
import { AddressChangeInput } from './input';
import { bookingMessages, customerCanEdit } from './rules';
import { type Info, ownedBooking, type Stored, withService } from './store';

/**
 * `PATCH /api/bookings/{id}/address`: the owner (or the admin) moves a
 * Pending booking to another address (issue 20, decision 067), as the
 * vehicle fields are edited. The new address is geocoded once, checked
 * against the area (400), its trip fee taken again, and the technician's day
 * checked again by the route's `relocate` (./claim.ts): 409 `{ msg }` saying
 * why when no day takes the job there, or when the booking changed
 * meanwhile; nothing is written then.
 */
export const changeAddress = fn(z.tuple([z.string(), AddressChangeInput]), changeAddressNow);

async function changeAddressNow(
  bookingId: string,
  input: z.output<typeof AddressChangeInput>,
): Promise<Info> {
  const booking = await ownedBooking(bookingId);
  if (!customerCanEdit(booking.status)) throw new VisibleError('conflict', bookingMessages.notEditable);
  const place = await placeBooking(input, booking.userId);
  const next: Stored = { ...booking, ...place, updatedAt: new Date().toISOString() };
  return withService(await relocate(booking, next));
}
