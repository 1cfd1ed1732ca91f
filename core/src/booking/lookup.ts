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

/**
 * The number of the technician whose day holds the booking (issue 22), for
 * the domains that let the job's technician act (a work order tied to it);
 * undefined when the booking does not exist or holds no technician's time.
 */
export async function technicianOf(bookingId: string): Promise<number | undefined> {
  if (!id.safeParse(bookingId).success) return undefined;
  return (await entity.get({ id: bookingId }, { consistent: true }))?.claim?.technician;
}
