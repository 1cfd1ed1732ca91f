import * as z from 'zod';
import { assertStaff } from '../actor';
import { Booking } from '../booking/index';
import { fn } from '../util/fn';
import { answered } from './estimate-approval';
import { estimateMessages, PhoneApprovalInput } from './estimate-input';
import { fail, key, messages, refuseInvalid } from './messages';
import { assertWorksOn } from './staff';
import { contentDigest, currentByName, find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, view } from './view';

/**
 * `POST /api/workOrders/{id}/estimate/phone-approval` (issue 33, decision 125): staff (an admin or
 * the job's technician) record the customer's answers given on a call: when, the number called,
 * the person who answered. The same answer as by link or in person (its record, its hash, the
 * recommended work and the counters, in one transaction), unsigned; it does not acknowledge the
 * work order, so the charge's rules for an unacknowledged work order still hold (decision 091).
 */
export const recordPhoneApproval = fn(
  z.tuple([key, PhoneApprovalInput, z.date().optional()]),
  async (workOrderId, input, now = new Date()): Promise<{ message: string; workOrder: Detail }> => {
    assertStaff();
    const wo = await find(workOrderId);
    await assertWorksOn(wo.relatedBooking);
    if (!wo.estimateLines.some((l) => l.state === 'proposed'))
      fail('conflict', estimateMessages.nothingToDecide);
    if (input.version !== undefined && input.version !== contentDigest(wo)) {
      fail('invalid', messages.changedSinceShown, { changed: true });
    }
    if (Date.parse(input.calledAt) > now.getTime() + 60_000) fail('invalid', estimateMessages.calledAtFuture);
    const at = now.toISOString();
    const recordedBy = await currentByName();
    const booking = await Booking.priceOf(wo.relatedBooking ?? '');
    const { next: decided, items } = answered(
      wo,
      input.decisions,
      {
        channel: 'phone',
        by: input.person,
        signed: false,
        phone: {
          calledAt: new Date(input.calledAt).toISOString(),
          number: input.number,
          person: input.person,
          recordedBy,
        },
      },
      at,
      booking?.userId,
    );
    const next: Stored = { ...wo, ...decided, rev: wo.rev + 1, updatedAt: at };
    await write([putIfUnchanged(next, wo), ...items]);
    return { message: estimateMessages.phoneRecorded, workOrder: view(next, now.getTime()) };
  },
  refuseInvalid,
);
