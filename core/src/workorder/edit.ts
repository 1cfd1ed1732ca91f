import * as z from 'zod';
import { assertAdmin, assertStaff } from '../actor';
import { LinkToken } from '../auth/link-token';
import { config } from '../config';
import { Booking } from '../booking/index';
import { failedConditions } from '../db/entity';
import { unchangedSince } from '../db/revision';
import * as time from '../time';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { type ParsedWorkOrderInput, UpdateInput, WorkOrderInput } from './input';
import { fail, key, messages, refuseInvalid } from './messages';
import type { WorkOrderStatus } from './model';
import { formatNumber, MAX_NUMBER_TRIES, nextNumber } from './numbering';
import { priceWorkOrder } from './pricing';
import { discard, photoKeys } from './inspection/photo-objects';
import { deleteObject } from './signatures';
import { awaitingAfter, pricedTrail } from './price-approval';
import { assertWorksOn } from './staff';
import { repriced } from './estimate-approval';
import { undoneAcknowledgment } from './estimate';
import { setStatus } from './status';
import {
  appendStatus,
  contentDigest,
  currentByName,
  entity,
  find,
  numberGuard,
  putIfUnchanged,
  searchTextOf,
  type Stored,
  write,
} from './store';
import { totalsAfter, totalsChange, transactRetrying } from './totals';
import { type Detail, view } from './view';

/** The new form's defaults (doc 2 §9; config): dollars an hour and a fraction. */
export function defaults(): { hourlyRateCents: number; taxRate: number } {
  assertStaff();
  const cfg = config();
  return { hourlyRateCents: cfg.laborRateCents, taxRate: cfg.defaultTaxRate };
}

/** The priced content of a form: the server's money only. */
export function priced(input: ParsedWorkOrderInput) {
  const cfg = config();
  return priceWorkOrder({
    laborItems: input.laborItems.map((l) => ({
      description: l.description,
      hours: l.hours,
      hourlyRateCents: l.hourlyRateCents ?? cfg.laborRateCents,
    })),
    partItems: input.partItems.map((p) => ({
      partNumber: p.partNumber,
      description: p.description,
      quantity: p.quantity,
      unitPriceCents: p.unitPriceCents,
    })),
    taxRate: input.taxRate ?? cfg.defaultTaxRate,
  });
}

/** A related booking must exist: `Booking` answers, by the booking's key only. */
async function checkBooking(bookingId: string | undefined): Promise<void> {
  if (!bookingId) return;
  if (!(await Booking.exists(bookingId))) fail('invalid', messages.noSuchBooking);
}

export function contentOf(input: ParsedWorkOrderInput) {
  const money = priced(input);
  return {
    customer: { ...input.customer, email: input.customer.email },
    vehicle: input.vehicle,
    serviceDetails: input.serviceDetails,
    laborItems: money.laborItems,
    partItems: money.partItems,
    pricing: money.pricing,
    scheduledDate: input.scheduledDate,
    internalNotes: input.internalNotes,
    customerNotes: input.customerNotes,
    relatedBooking: input.relatedBooking,
  };
}

/**
 * A work order for a booking of a garage vehicle (issue 34, decision 121) names that vehicle, and
 * takes its VIN and plate where none was typed.
 */
async function withGarageVehicle<C extends ReturnType<typeof contentOf>>(content: C, bookingId?: string) {
  const garage = bookingId ? await Booking.garageVehicleOf(bookingId) : undefined;
  if (!garage) return content;
  const { vin, licensePlate } = content.vehicle;
  return {
    ...content,
    vehicle: { ...content.vehicle, vin: vin || garage.vin, licensePlate: licensePlate || garage.plate },
    vehicleId: garage.id,
  };
}

/** `POST /api/workOrders`: a new work order with the next number of the year (business zone). */
export const create = fn(z.tuple([WorkOrderInput, z.date().optional()]), createNow, refuseInvalid);

async function createNow(input: ParsedWorkOrderInput, now = new Date()): Promise<Detail> {
  await assertWorksOn(input.relatedBooking);
  await checkBooking(input.relatedBooking);
  const by = await currentByName();
  const content = await withGarageVehicle(contentOf(input), input.relatedBooking);
  const year = Number(time.today(now).slice(0, 4));
  const counterName = `WORKORDER#${year}`;
  const workOrderId = createId('workOrder');
  const at = now.toISOString();
  const status: WorkOrderStatus = input.status ?? 'draft';
  // A technician's hand prices await the admin (decision 091).
  const awaitingPrice = awaitingAfter(undefined, content);
  for (let attempt = 0; attempt < MAX_NUMBER_TRIES; attempt += 1) {
    const n = await nextNumber(counterName);
    const workOrderNumber = formatNumber(year, n);
    const record: Stored = {
      id: workOrderId,
      workOrderNumber,
      ...content,
      status,
      emailSent: false,
      acknowledgment: { state: 'not_required' },
      acknowledgmentHistory: [],
      photos: [],
      estimateLines: [],
      estimateTrail: [],
      // A technician's hand prices await the admin (decision 091).
      awaitingPrice,
      priceTrail: pricedTrail([], [], awaitingPrice, content.pricing.totalAmountCents, by, at),
      statusHistory: [{ status, at, by }],
      searchText: searchTextOf({ workOrderNumber, ...content }),
      rev: 1,
      inTotals: true,
      createdAt: at,
      updatedAt: at,
    };
    try {
      await transactRetrying([
        numberGuard.tx.put({ workOrderNumber, workOrderId }, { ifAbsent: true }),
        entity.tx.put(record, { ifAbsent: true }),
        ...totalsChange({ to: status }),
      ]);
      return view(record);
    } catch (error) {
      const failed = failedConditions(error);
      // The number is already someone's (a counter set back by hand, numbers imported): take the next.
      if (!failed?.includes(0)) throw error;
    }
  }
  fail('conflict', 'Too many work orders are being created at once. Please try again.');
}

/** `GET /api/workOrders/{id}`. */
export const get = fn(key, getNow, refuseInvalid);

async function getNow(workOrderId: string): Promise<Detail> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  return view(wo);
}

/**
 * `PUT /api/workOrders/{id}`: the full form (money computed again), or
 * exactly `{ status }`. A change of the acknowledged work, parts or money
 * undoes the acknowledgment: it moves to the history and a new link must
 * be generated (decision 039).
 */
export const update = fn(z.tuple([key, UpdateInput]), updateNow, refuseInvalid);

async function updateNow(workOrderId: string, body: z.output<typeof UpdateInput>): Promise<Detail> {
  assertStaff();
  if (body.kind === 'status') return setStatus(workOrderId, { status: body.status });
  const input = body.form;
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  if (input.relatedBooking !== wo.relatedBooking) {
    await assertWorksOn(input.relatedBooking);
    await checkBooking(input.relatedBooking);
  }
  const by = await currentByName();
  const form = contentOf(input);
  // The approved estimate lines stay in the money (decision 125): the form holds only the base lines.
  const content = { ...form, pricing: repriced(form, wo.estimateLines), estimateLines: wo.estimateLines };
  const now = new Date().toISOString();
  const status = input.status ?? wo.status;
  const ack = wo.acknowledgment;
  const { acknowledgment, acknowledgmentHistory } =
    ack.state === 'acknowledged' && ack.contentDigest !== contentDigest(content)
      ? undoneAcknowledgment(wo, now)
      : wo;
  const awaitingPrice = awaitingAfter(wo, content);
  const next: Stored = {
    ...wo,
    ...content,
    status,
    acknowledgment,
    acknowledgmentHistory,
    awaitingPrice,
    priceTrail: pricedTrail(
      wo.priceTrail,
      wo.awaitingPrice,
      awaitingPrice,
      content.pricing.totalAmountCents,
      by,
      now,
    ),
    statusHistory:
      status === wo.status ? wo.statusHistory : appendStatus(wo.statusHistory, { status, at: now, by }),
    searchText: searchTextOf({ workOrderNumber: wo.workOrderNumber, ...content }),
    rev: wo.rev + 1,
    updatedAt: now,
  };
  await write([putIfUnchanged(next, wo), ...totalsAfter(wo, status)]);
  return view(next);
}

/** `DELETE /api/workOrders/{id}`: the work order, its number's guard and its pending link, at once. */
export const remove = fn(key, removeNow, refuseInvalid);

async function removeNow(workOrderId: string): Promise<{ message: string }> {
  assertAdmin();
  const wo = await find(workOrderId);
  const ack = wo.acknowledgment;
  await write([
    entity.tx.delete({ id: wo.id }, unchangedSince(wo.rev)),
    numberGuard.tx.delete({ workOrderNumber: wo.workOrderNumber }),
    ...totalsAfter(wo),
    ...(ack.tokenHash && ack.state !== 'acknowledged' ? [LinkToken.removeItem(ack.tokenHash)] : []),
  ]);
  // The signatures and photos go with it (best effort: a leftover private object is never served).
  const keys = [ack.signatureKey, ...wo.acknowledgmentHistory.map((a) => a.signatureKey)].filter(
    (key): key is string => Boolean(key),
  );
  await Promise.all([...keys.map((key) => deleteObject(key)), discard(photoKeys(wo))]);
  return { message: messages.deleted };
}
