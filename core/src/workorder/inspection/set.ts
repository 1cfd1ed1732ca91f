import * as z from 'zod';
import { assertStaff } from '../../actor';
import { fn } from '../../util/fn';
import { InspectionInput, orderedItems } from './model';
import { key, refuseInvalid } from '../messages';
import { assertWorksOn } from '../staff';
import { currentByName, find, putIfUnchanged, type Stored, write } from '../store';
import { type Detail, view } from '../view';

/**
 * The shop's side of a work order's inspection (issue 22, decision 080):
 * an admin, or the technician of the booking the work order is for
 * (staff.ts, the one rule for every work-order verb of the shop's staff).
 */

/** A work order as the shop's staff may read it (the inspection form, the photos). */
export async function findForStaff(workOrderId: string): Promise<Stored> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
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
