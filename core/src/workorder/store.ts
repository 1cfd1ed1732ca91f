import { createHash } from 'node:crypto';
import * as z from 'zod';
import { useActor } from '../actor';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { defineEntity, failedConditions, type TransactItem } from '../db/entity';
import { putIfUnchanged as putRevision } from '../db/revision';
import { PaymentRecord } from '../payments/link-record';
import { User } from '../user/index';
import { appendToTrail } from '../util/audit-trail';
import { Inspection, Photo } from './inspection/model';
import { fail, id, messages } from './messages';
import { APPROVAL_CHANNELS, ESTIMATE_LINE_STATES, WORK_ORDER_STATUSES } from './model';
import { transactRetrying } from './totals';
import { Garage } from '../garage/index';

/**
 * How a work order is stored (docs/data-model.md "Work orders"): its item,
 * its number's guard, the write conditional on `rev`, and the reads by key.
 */

export const Address = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const PastAcknowledgment = z.object({
  acknowledgedAt: z.string(),
  acknowledgedBy: z.object({ name: z.string(), email: z.string() }),
  clientIp: z.string(),
  userAgent: z.string(),
  signatureKey: z.string().optional(),
  contentDigest: z.string(),
  /** When an edit of the work, parts or money made it no longer the current one. */
  supersededAt: z.string(),
});

export const Acknowledgment = z.object({
  state: z.enum(['not_required', 'pending', 'expired', 'acknowledged']),
  /** The current link's hash (its LinkToken item's key); a newer link replaces it. */
  tokenHash: z.string().optional(),
  tokenExpiresAt: z.string().optional(),
  /** Set when an edit undid an acknowledgment: a new link must be generated (decision 039). */
  resignRequired: z.boolean().optional(),
  acknowledgedAt: z.string().optional(),
  acknowledgedBy: z.object({ name: z.string(), email: z.string() }).optional(),
  clientIp: z.string().optional(),
  userAgent: z.string().optional(),
  /** The drawn signature's object key in the bucket (under `private/`, never served). */
  signatureKey: z.string().optional(),
  /** SHA-256 of the work, parts and money acknowledged (`contentDigest`). */
  contentDigest: z.string().optional(),
  /** Signed on the shop's device with the customer present (issue 22): who presented it. */
  inPerson: z
    .object({
      presentedBy: z.object({ id: z.string(), name: z.string() }),
      /** The customer confirmed the amount with the one-time code sent to their own phone or mail (decision 091). */
      codeConfirmedAt: z.string().optional(),
    })
    .optional(),
  /** Signed in the work order portal with the one-time code mailed to the customer (decision 127). */
  portal: z.object({ codeSentTo: z.string(), codeConfirmedAt: z.string() }).optional(),
});

/** A one-time code sent to the customer (customer-code.ts; decisions 091, 127): its hash, what it was sent for, tries. */
const SentCode = z.object({
  tokenHash: z.string(),
  totalCents: z.number().int(),
  digest: z.string(),
  expiresAt: z.string(),
  attempts: z.number().int(),
  sentTo: z.string(),
});

/** One step of a work order's price approval (issue 30, decision 091): its audit trail. */
export const PriceEvent = z.object({
  event: z.enum(['priced-by-technician', 'approved', 'code-sent', 'code-confirmed', 'code-refused']),
  at: z.string(),
  by: z.string(),
  totalCents: z.number().int(),
  note: z.string().optional(),
});

/** An estimate line (issue 33, decision 125; model.ts `EstimateLine`). */
export const EstimateLine = z.object({
  id: z.string(),
  description: z.string(),
  note: z.string(),
  category: z.string().optional(),
  photoIds: z.array(z.string()),
  group: z.string().optional(),
  state: z.enum(ESTIMATE_LINE_STATES),
  hours: z.number(),
  hourlyRateCents: z.number().int(),
  parts: z.array(
    z.object({
      partNumber: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      serviceId: z.string().optional(),
    }),
  ),
  totalCents: z.number().int(),
  previousTotalCents: z.number().int().optional(),
  decidedAt: z.string().optional(),
});
export type EstimateLine = z.infer<typeof EstimateLine>;

const DecidedLine = z.object({ id: z.string(), description: z.string(), totalCents: z.number().int() });

/** The customer's answer to the estimate (model.ts `EstimateApproval`): who, when, how, what, the hash. */
export const EstimateApproval = z.object({
  at: z.string(),
  by: z.string(),
  channel: z.enum(APPROVAL_CHANNELS),
  phone: z
    .object({ calledAt: z.string(), number: z.string(), person: z.string(), recordedBy: z.string() })
    .optional(),
  approved: z.array(DecidedLine),
  declined: z.array(DecidedLine.extend({ decision: z.enum(['declined', 'deferred']) })),
  totalCents: z.number().int(),
  digest: z.string(),
  signed: z.boolean(),
});
export type EstimateApproval = z.infer<typeof EstimateApproval>;

export const StatusChange = z.object({ status: z.enum(WORK_ORDER_STATUSES), at: z.string(), by: z.string() });

export const Stored = z.object({
  id: z.string(),
  workOrderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: Address }),
  vehicle: z.object({
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    vin: z.string(),
    licensePlate: z.string(),
    mileage: z.number().int().optional(),
    color: z.string(),
  }),
  serviceDetails: z.object({
    description: z.string(),
    customerComplaints: z.string(),
    diagnosis: z.string(),
    workPerformed: z.string(),
    recommendations: z.string(),
  }),
  laborItems: z.array(
    z.object({
      description: z.string(),
      hours: z.number(),
      hourlyRateCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  partItems: z.array(
    z.object({
      partNumber: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  pricing: z.object({
    taxRate: z.number(),
    laborSubtotalCents: z.number().int(),
    partsSubtotalCents: z.number().int(),
    subtotalCents: z.number().int(),
    taxAmountCents: z.number().int(),
    totalAmountCents: z.number().int(),
  }),
  status: z.enum(WORK_ORDER_STATUSES),
  scheduledDate: z.string().optional(),
  internalNotes: z.string(),
  customerNotes: z.string(),
  relatedBooking: z.string().optional(),
  /** The garage vehicle it is for (issue 34, decision 117): `vehicle` is its snapshot. */
  vehicleId: z.string().optional(),
  emailSent: z.boolean(),
  emailSentDate: z.string().optional(),
  acknowledgment: Acknowledgment,
  /** Acknowledgments that later edits superseded, oldest first. */
  acknowledgmentHistory: z.array(PastAcknowledgment).default([]),
  statusHistory: z.array(StatusChange).default([]),
  /** The vehicle inspection (decision 080); absent until one is filled. */
  inspection: Inspection.optional(),
  /** Inspection photos, oldest first, at most `inspectionPhotoLimit` (inspection/photos.ts; decision 080). */
  photos: z.array(Photo).default([]),
  /** Lines a technician priced by hand, awaiting the admin's price approval (decision 091). */
  awaitingPrice: z.array(z.object({ key: z.string(), label: z.string() })).default([]),
  /** The most the admin approved this work order to charge (decision 091). */
  priceApproval: z.object({ totalCents: z.number().int(), at: z.string(), by: z.string() }).optional(),
  /** The one-time code last sent to the customer to confirm the amount (a LinkToken; decision 091). */
  priceCode: SentCode.optional(),
  /** The one-time code last mailed to answer the estimate in the portal (the same shape; decision 127). */
  portalCode: SentCode.optional(),
  /** The price approval's audit trail (util/audit-trail's one rule). */
  priceTrail: z.array(PriceEvent).default([]),
  /** The estimate's lines (decision 125); none for a work order made through the spec's calls. */
  estimateLines: z.array(EstimateLine).default([]),
  /** The customer's last answer to the estimate; earlier ones, oldest first, in `estimateTrail`. */
  estimateApproval: EstimateApproval.optional(),
  estimateTrail: z.array(EstimateApproval).default([]),
  /** Paid through a payment link (decision 070); absent while nothing was asked or paid. */
  payment: PaymentRecord.optional(),
  /** Lowercased number, customer, vehicle and VIN: what the list's search matches. */
  searchText: z.string(),
  /** Raised by every write; writes are conditional on the value read. */
  rev: z.number().int(),
  /**
   * Set once the totals item counts this work order: at its creation, or by the
   * migration for one written before decision 051 (decision 063). While absent
   * a write changes no totals.
   */
  inTotals: z.literal(true).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stored = z.infer<typeof Stored>;

export const SEARCH_PARTITION = 'WORKORDER';

export const entity = defineEntity({
  name: 'workOrder',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `WORKORDER#${id}`, sk: 'WORKORDER' }),
  patterns: {
    /** Every work order, by when it was written. */
    byCreation: {
      index: 'byCollection',
      pk: { prefix: 'WORKORDER' },
      sk: { composite: ['createdAt', 'id'] },
    },
    // Newest first, like byCreation; carries only `searchText` and `status` (list.ts).
    search: {
      index: 'workOrderSearch',
      pk: { prefix: SEARCH_PARTITION },
      sk: { composite: ['createdAt', 'id'] },
    },
    // Sparse: a booking's work orders, newest last (for-booking.ts: what completing the booking charges; decision 068).
    byBooking: {
      index: 'byOwner',
      pk: { prefix: 'WO_FOR_BOOKING', composite: ['relatedBooking'] },
      sk: { composite: ['createdAt', 'id'] },
    },
  },
  indexes: {
    // Due when its link runs out, while an acknowledgment is pending (decision 109).
    dueWork: (wo) =>
      wo.acknowledgment.state === 'pending' && wo.acknowledgment.tokenExpiresAt
        ? queueEntry('acknowledgment-expiry', wo.acknowledgment.tokenExpiresAt, wo.id)
        : undefined,
    // A garage vehicle's history (decision 117).
    byVehicle: (wo) =>
      wo.vehicleId ? Garage.historyEntry(wo.vehicleId, wo.createdAt, 'workOrder', wo.id) : undefined,
  },
});

/** The acknowledgment links out, by when they run out: the expiry job's queue and Today's list. */
export const ackQueue = defineDueQueue('acknowledgment-expiry', entity, (id) => ({ id }));

/** `WONUMBER#<number>`: a number is used once; the portal finds the work order by it. */
export const numberGuard = defineEntity({
  name: 'workOrderNumber',
  version: 1,
  schema: z.object({ workOrderNumber: z.string(), workOrderId: z.string() }),
  key: ({ workOrderNumber }: { workOrderNumber: string }) => ({
    pk: `WONUMBER#${workOrderNumber}`,
    sk: 'WONUMBER',
  }),
});

export function searchTextOf(wo: Pick<Stored, 'workOrderNumber' | 'customer' | 'vehicle'>): string {
  const v = wo.vehicle;
  return [
    wo.workOrderNumber,
    wo.customer.name,
    wo.customer.email,
    wo.customer.phone,
    wo.customer.phone.replace(/\D/g, ''),
    `${v.year} ${v.make} ${v.model}`,
    v.vin,
    v.licensePlate,
    v.color,
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * What an acknowledgment binds (decision 039): the work (description and
 * work performed, labor lines), the parts and the money. A later edit that
 * changes this digest undoes the acknowledgment.
 */
export function contentDigest(
  wo: Pick<Stored, 'serviceDetails' | 'laborItems' | 'partItems' | 'pricing'> & {
    estimateLines?: Stored['estimateLines'];
  },
): string {
  // The estimate's lines (decision 125), only when there are some: a digest stored before them stays equal.
  const lines = wo.estimateLines ?? [];
  const content = {
    description: wo.serviceDetails.description,
    workPerformed: wo.serviceDetails.workPerformed,
    ...baseContent(wo),
    pricing: [
      wo.pricing.taxRate,
      wo.pricing.laborSubtotalCents,
      wo.pricing.partsSubtotalCents,
      wo.pricing.taxAmountCents,
      wo.pricing.totalAmountCents,
    ],
    ...(lines.length > 0
      ? {
          estimateLines: lines.map((l) => [l.group ?? '', l.state, ...estimateLineContent(l)]),
        }
      : {}),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The base lines as a digest reads them (the acknowledgment's and the estimate answer's). */
export const baseContent = (wo: Pick<Stored, 'laborItems' | 'partItems'>) => ({
  laborItems: wo.laborItems.map((l) => [l.description, l.hours, l.hourlyRateCents, l.totalCents]),
  partItems: wo.partItems.map((p) => [
    p.partNumber,
    p.description,
    p.quantity,
    p.unitPriceCents,
    p.totalCents,
  ]),
});

/** An estimate line's id, text and money as a digest reads it. */
export const estimateLineContent = (l: EstimateLine) => [
  l.id,
  l.description,
  l.hours,
  l.hourlyRateCents,
  l.parts.map((p) => [p.partNumber, p.description, p.quantity, p.unitPriceCents]),
  l.totalCents,
];

/** The full put of `next`, conditional on the work order still being the version `read` (the one scheme: db/revision). */
export function putIfUnchanged(next: Stored, read: Pick<Stored, 'rev'>): TransactItem {
  return putRevision(entity, next, read);
}

/** A work order's transaction; a failed condition (another write came first) is a 409. */
export async function write(items: TransactItem[]): Promise<void> {
  try {
    await transactRetrying(items);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    fail('conflict', messages.changedMeanwhile);
  }
}

export async function currentByName(): Promise<string> {
  const actor = useActor();
  if (actor.type === 'system') return actor.name;
  if (actor.type !== 'user') return 'customer';
  const account = await User.find(actor.userId);
  return account ? `${account.firstName} ${account.lastName}` : actor.firstName;
}

export async function find(workOrderId: string): Promise<Stored> {
  const wo = id.safeParse(workOrderId).success
    ? await entity.get({ id: workOrderId }, { consistent: true })
    : undefined;
  if (!wo) fail('not_found', messages.notFound);
  return wo;
}

/** The status history with `change` appended, bounded by the audit trail's one rule (util/audit-trail). */
export const appendStatus = (history: Stored['statusHistory'], change: Stored['statusHistory'][number]) =>
  appendToTrail(history, change);
