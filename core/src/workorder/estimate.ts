import * as z from 'zod';
import { assertStaff } from '../actor';
import { config } from '../config';
import { Service } from '../service/index';
import { appendToTrail } from '../util/audit-trail';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { repriced } from './estimate-approval';
import { estimateMessages, FindingInput, LineInput } from './estimate-input';
import { CATEGORY_LABELS, type InspectionCategory, photosOfItem } from './inspection/terms';
import { fail, key, refuseInvalid } from './messages';
import { estimateLineCents, PRICING_LIMITS } from './pricing';
import { assertWorksOn } from './staff';
import { contentDigest, type EstimateLine, find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, view } from './view';

/**
 * Staff write the estimate (issue 33, decision 125): an admin or the job's technician turns an
 * inspection finding into a proposed line in one tap, writes one by hand, prices it (labour, parts,
 * or a service of the catalogue at its price) and removes it. A line added or re-priced after the
 * customer's answer is proposed again, with the price they last saw, and the acknowledgment is
 * undone (today's re-sign): the customer answers it again and signs what is then approved.
 */

/** The acknowledgment as it is after a change of what the customer agreed to (decision 039's rule). */
export function undoneAcknowledgment(
  wo: Stored,
  at: string,
): Pick<Stored, 'acknowledgment' | 'acknowledgmentHistory'> {
  const ack = wo.acknowledgment;
  if (ack.state !== 'acknowledged') {
    return { acknowledgment: wo.acknowledgment, acknowledgmentHistory: wo.acknowledgmentHistory };
  }
  return {
    acknowledgmentHistory: appendToTrail(wo.acknowledgmentHistory, {
      acknowledgedAt: ack.acknowledgedAt ?? at,
      acknowledgedBy: ack.acknowledgedBy ?? { name: '', email: '' },
      clientIp: ack.clientIp ?? '',
      userAgent: ack.userAgent ?? '',
      signatureKey: ack.signatureKey,
      contentDigest: ack.contentDigest ?? '',
      supersededAt: at,
    }),
    acknowledgment: { state: 'pending', resignRequired: true },
  };
}

/** The work order with these estimate lines: money again, the acknowledgment undone when a decided line changed. */
async function writeLines(wo: Stored, lines: EstimateLine[], now = new Date()): Promise<Detail> {
  if (lines.length > PRICING_LIMITS.maxLines) fail('invalid', estimateMessages.tooMany);
  const at = now.toISOString();
  const changed = { ...wo, estimateLines: lines, pricing: repriced(wo, lines) };
  const undo = contentDigest(changed) !== contentDigest(wo);
  const next: Stored = {
    ...changed,
    ...(undo ? undoneAcknowledgment(wo, at) : {}),
    rev: wo.rev + 1,
    updatedAt: at,
  };
  await write([putIfUnchanged(next, wo)]);
  return view(next, now.getTime());
}

async function staffWorkOrder(workOrderId: string): Promise<Stored> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  return wo;
}

function checkPhotos(wo: Stored, photoIds: readonly string[]): string[] {
  const known = new Set(wo.photos.map((p) => p.id));
  if (photoIds.some((id) => !known.has(id))) fail('invalid', estimateMessages.photoNotFound);
  return [...new Set(photoIds)];
}

/** The line's price from what staff sent: the shop's rate when none, a catalogue service's own price. */
async function pricedLine(
  input: z.output<typeof LineInput>,
): Promise<Pick<EstimateLine, 'hours' | 'hourlyRateCents' | 'parts' | 'totalCents'>> {
  const fromCatalogue = input.parts.some((p) => p.serviceId);
  const services = fromCatalogue ? await Service.list() : [];
  const parts = input.parts.map((p) => {
    if (!p.serviceId)
      return {
        partNumber: p.partNumber,
        description: p.description,
        quantity: p.quantity,
        unitPriceCents: p.unitPriceCents,
      };
    const service = services.find((s) => s._id === p.serviceId);
    if (!service) fail('invalid', estimateMessages.serviceNotFound);
    return {
      partNumber: p.partNumber,
      description: p.description || service.name,
      quantity: p.quantity,
      unitPriceCents: service.priceCents,
      serviceId: service._id,
    };
  });
  const priced = {
    hours: input.hours,
    hourlyRateCents: input.hourlyRateCents ?? config().laborRateCents,
    parts,
  };
  return { ...priced, totalCents: estimateLineCents(priced) };
}

/** `POST /api/workOrders/{id}/estimate/lines`: a proposed line written by hand. */
export const addLine = fn(
  z.tuple([key, LineInput]),
  async (workOrderId, input) => {
    const wo = await staffWorkOrder(workOrderId);
    const line: EstimateLine = {
      id: createId('estimateLine'),
      description: input.description,
      note: input.note,
      photoIds: checkPhotos(wo, input.photoIds),
      ...(input.group ? { group: input.group } : {}),
      state: 'proposed',
      ...(await pricedLine(input)),
    };
    return writeLines(wo, [...wo.estimateLines, line]);
  },
  refuseInvalid,
);

/**
 * `POST /api/workOrders/{id}/estimate/findings`: one tap, an inspection item marked "needs attention"
 * becomes a proposed line (its label and note, the photos named or that item's own: decision 129), unpriced
 * until staff price it.
 */
export const proposeFinding = fn(
  z.tuple([key, FindingInput]),
  async (workOrderId, input) => {
    const wo = await staffWorkOrder(workOrderId);
    const item = wo.inspection?.items.find((i) => i.category === input.category);
    if (!item) fail('invalid', estimateMessages.noInspectionItem);
    if (item.condition !== 'attention') fail('invalid', estimateMessages.notAttention);
    const line: EstimateLine = {
      id: createId('estimateLine'),
      description: CATEGORY_LABELS[input.category as InspectionCategory],
      note: item.note,
      category: input.category,
      photoIds: checkPhotos(wo, input.photoIds ?? photosOfItem(wo.photos, item.category).map((p) => p.id)),
      state: 'proposed',
      hours: 0,
      hourlyRateCents: config().laborRateCents,
      parts: [],
      totalCents: 0,
    };
    return writeLines(wo, [...wo.estimateLines, line]);
  },
  refuseInvalid,
);

function lineOf(wo: Stored, lineId: string): EstimateLine {
  const line = wo.estimateLines.find((l) => l.id === lineId);
  if (!line) fail('not_found', estimateMessages.lineNotFound);
  return line;
}

/**
 * `PUT /api/workOrders/{id}/estimate/lines/{lineId}`: the line written again (text, option group,
 * photos, price). A line the customer answered whose price or text changes is proposed again.
 */
export const updateLine = fn(
  z.tuple([key, key, LineInput]),
  async (workOrderId, lineId, input) => {
    const wo = await staffWorkOrder(workOrderId);
    const line = lineOf(wo, lineId);
    const price = await pricedLine(input);
    const edited: EstimateLine = {
      ...line,
      description: input.description,
      note: input.note,
      photoIds: checkPhotos(wo, input.photoIds),
      group: input.group || undefined,
      ...price,
    };
    const changed =
      edited.totalCents !== line.totalCents ||
      edited.description !== line.description ||
      edited.group !== line.group;
    const again: EstimateLine =
      changed && line.state !== 'proposed'
        ? { ...edited, state: 'proposed', previousTotalCents: line.totalCents, decidedAt: undefined }
        : edited;
    return writeLines(
      wo,
      wo.estimateLines.map((l) => (l.id === lineId ? again : l)),
    );
  },
  refuseInvalid,
);

/** `DELETE /api/workOrders/{id}/estimate/lines/{lineId}`: the line goes (an approved one's removal undoes the acknowledgment). */
export const removeLine = fn(
  z.tuple([key, key]),
  async (workOrderId, lineId) => {
    const wo = await staffWorkOrder(workOrderId);
    lineOf(wo, lineId);
    return writeLines(
      wo,
      wo.estimateLines.filter((l) => l.id !== lineId),
    );
  },
  refuseInvalid,
);
