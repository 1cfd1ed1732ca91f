import { Garage } from '../garage/index';
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
 * The number of the technician whose time a booking holds (its claim), for
 * the domains that act for the job's technician (a work order's inspection,
 * issue 22); undefined for no such booking or no claim.
 */
export async function technicianOf(bookingId: string): Promise<number | undefined> {
  if (!id.safeParse(bookingId).success) return undefined;
  const booking = await entity.get({ id: bookingId }, { consistent: true });
  return booking?.claim?.technician;
}

/**
 * What a work order's price is measured against (issue 30, decision 091): the
 * booking's booked price and its customer's account (whose own phone and mail
 * get the one-time code); undefined for no such booking.
 */
export async function priceOf(
  bookingId: string,
): Promise<{ priceCents: number; userId?: string; tripFeeCents?: number } | undefined> {
  if (!id.safeParse(bookingId).success) return undefined;
  const booking = await entity.get({ id: bookingId }, { consistent: true });
  return booking
    ? { priceCents: booking.priceCents, userId: booking.userId, tripFeeCents: booking.tripFeeCents }
    : undefined;
}

/**
 * The garage vehicle a booking is for (issue 34, decision 121), for the work orders made for it:
 * they take its id and its VIN and plate. Undefined for no such booking, or one for no garage vehicle.
 */
export async function garageVehicleOf(bookingId: string): Promise<Garage.GarageVehicle | undefined> {
  if (!id.safeParse(bookingId).success) return undefined;
  const booking = await entity.get({ id: bookingId }, { consistent: true });
  if (!booking?.vehicleId || !booking.userId) return undefined;
  return Garage.vehicle.get({ userId: booking.userId, id: booking.vehicleId });
}
