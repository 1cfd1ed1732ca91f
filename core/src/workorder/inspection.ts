import * as z from 'zod';
import { assertStaff, useActor } from '../actor';
import { Booking } from '../booking/index';
import { Technician } from '../technician/index';
import { fn } from '../util/fn';
import { InspectionInput, orderedItems } from './inspection-model';
import { key, refuseInvalid } from './messages';
import { currentByName, find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, view } from './view';

/**
 * The shop's side of a work order's inspection (issue 22, decision 080):
 * an admin, or the technician of the booking the work order is for.
 */

/**
 * Passes for the system and an admin, and for the technician whose time the
 * work order's booking holds (Technician.assertWorks); 403 for anyone else.
 */
export async function assertWorksOn(wo: Pick<Stored, 'relatedBooking'>): Promise<void> {
  assertStaff();
  const actor = useActor();
  if (actor.type !== 'user' || actor.role === 'admin') return;
  const number = wo.relatedBooking ? await Booking.technicianOf(wo.relatedBooking) : undefined;
  await Technician.assertWorks(number);
}

/** A work order as the shop's staff may read it (the inspection form, the photos). */
export async function findForStaff(workOrderId: string): Promise<Stored> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo);
  return wo;
}

/**
 * `PUT /api/workOrders/{id}/inspection`: the whole inspection, replaced
 * (items in the categories' order, who and when). Conditional on the
 * work order read, like every write of it; the acknowledgment is not
 * undone (it binds the work and the money, decision 039).
 */
export const setInspection = fn(z.tuple([key, InspectionInput]), setInspectionNow, refuseInvalid);

async function setInspectionNow(
  workOrderId: string,
  input: z.output<typeof InspectionInput>,
): Promise<Detail> {
  const wo = await findForStaff(workOrderId);
  const now = new Date().toISOString();
  const next: Stored = {
    ...wo,
    inspection: { items: orderedItems(input.items), inspectedAt: now, inspectedBy: await currentByName() },
    rev: wo.rev + 1,
    updatedAt: now,
  };
  await write([putIfUnchanged(next, wo)]);
  return view(next);
}
