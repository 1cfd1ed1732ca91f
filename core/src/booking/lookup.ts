import { entity, id } from './store';

/**
 * Whether a booking exists, for the domains that refer to one (a work
 * order's `relatedBooking`): they ask here and never build a booking's key.
 * Reads only the key, strongly consistent; a malformed id is no booking.
 */
export async function exists(bookingId: string): Promise<boolean> {
  if (!id.safeParse(bookingId).success) return false;
  return entity.exists({ id: bookingId });
}
