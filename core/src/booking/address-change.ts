import type * as z from 'zod';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { placeBooking } from './address';
import type { EditInput } from './input';
import { type Info, putIfUnchanged, type Stored, withService } from './store';

/**
 * The booking edit with a new service address (issue 20, decision 067): the
 * owner (or the admin) moves a Pending booking as they edit its vehicle
 * fields. The address is geocoded once, checked against the area, its trip
 * fee taken again, and the technician's day checked again (`refitDay`); the
 * booking is written only while it is the revision read, so nothing changes
 * when any check fails.
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
export const keepClaim: RefitDay = async () => [];

/** Writes the edit and the new address of a Pending booking read as `booking` (its status already checked). */
export async function moveAndEdit(
  booking: Stored,
  input: z.output<typeof EditInput>,
  refitDay: RefitDay = keepClaim,
): Promise<Info> {
  const place = await placeBooking(input, booking.userId);
  const next: Stored = {
    ...booking,
    vehicleMake: input.vehicleMake,
    vehicleModel: input.vehicleModel,
    vehicleYear: input.vehicleYear,
    vehicleColor: input.vehicleColor,
    notes: input.notes,
    ...place,
    updatedAt: new Date().toISOString(),
  };
  const dayItems = await refitDay(booking, next);
  try {
    await transactWrite([putIfUnchanged(next, booking), ...dayItems]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', addressChangeMessages.changed);
  }
  return withService({ ...next, rev: (booking.rev ?? 0) + 1 });
}
