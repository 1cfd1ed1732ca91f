import { config } from '@app/core/config';
import { toDollars } from '@app/core/money';
import type { WorkOrder } from '@app/core/workorder/index';
import type { WorkOrderPricing } from '@app/core/workorder/pricing';
import { paymentLinkReply } from './payment-link-reply';

/** How /api/workOrders answers (moved from ./workorders.ts): dollars, `_id`, nulls for absent values. */

const pricingReply = (p: WorkOrderPricing) => ({
  taxRate: p.taxRate,
  laborSubtotal: toDollars(p.laborSubtotalCents),
  partsSubtotal: toDollars(p.partsSubtotalCents),
  subtotal: toDollars(p.subtotalCents),
  taxAmount: toDollars(p.taxAmountCents),
  totalAmount: toDollars(p.totalAmountCents),
});

const laborReply = (items: WorkOrder.Info['laborItems']) =>
  items.map((l) => ({
    description: l.description,
    hours: l.hours,
    hourlyRate: toDollars(l.hourlyRateCents),
    total: toDollars(l.totalCents),
  }));

const partsReply = (items: WorkOrder.Info['partItems']) =>
  items.map((p) => ({
    partNumber: p.partNumber,
    description: p.description,
    quantity: p.quantity,
    unitPrice: toDollars(p.unitPriceCents),
    total: toDollars(p.totalCents),
  }));

type Line = NonNullable<WorkOrder.Info['estimateLines']>[number];
type Approval = NonNullable<WorkOrder.Info['estimateApproval']>;

/** An estimate line in dollars (decision 125). */
const estimateLineReply = (l: Omit<Line, 'decidedAt'> & { decidedAt?: string }) => ({
  id: l.id,
  description: l.description,
  note: l.note,
  category: l.category ?? null,
  photoIds: l.photoIds,
  group: l.group ?? null,
  state: l.state,
  hours: l.hours,
  hourlyRate: toDollars(l.hourlyRateCents),
  parts: l.parts.map((p) => ({
    partNumber: p.partNumber,
    description: p.description,
    quantity: p.quantity,
    unitPrice: toDollars(p.unitPriceCents),
    serviceId: p.serviceId ?? null,
  })),
  total: toDollars(l.totalCents),
  previousTotal: l.previousTotalCents === undefined ? null : toDollars(l.previousTotalCents),
});

const decidedReply = (l: { id: string; description: string; totalCents: number }) => ({
  id: l.id,
  description: l.description,
  total: toDollars(l.totalCents),
});

/** The record of the customer's answer: who, when, how, what, the total and its hash. */
const approvalReply = (a: Approval | undefined | null) =>
  a
    ? {
        at: a.at,
        by: a.by,
        channel: a.channel,
        phone: a.phone ?? null,
        approved: a.approved.map(decidedReply),
        declined: a.declined.map((l) => ({ ...decidedReply(l), decision: l.decision })),
        total: toDollars(a.totalCents),
        digest: a.digest,
        signed: a.signed,
      }
    : null;

const vehicleReply = (v: WorkOrder.Info['vehicle']) => ({ ...v, mileage: v.mileage ?? null });

/** A work order as the spec's clients read it (doc 2 §3, §7): dollars, `_id`, nulls for absent values. */
export function workOrderReply(wo: WorkOrder.Detail) {
  const ack = wo.acknowledgment;
  return {
    _id: wo.id,
    workOrderNumber: wo.workOrderNumber,
    customer: wo.customer,
    vehicle: vehicleReply(wo.vehicle),
    serviceDetails: wo.serviceDetails,
    laborItems: laborReply(wo.laborItems),
    partItems: partsReply(wo.partItems),
    pricing: pricingReply(wo.pricing),
    status: wo.status,
    scheduledDate: wo.scheduledDate ?? null,
    internalNotes: wo.internalNotes,
    customerNotes: wo.customerNotes,
    relatedBooking: wo.relatedBooking ?? null,
    emailSent: wo.emailSent,
    emailSentDate: wo.emailSentDate ?? null,
    acknowledgment: {
      isRequired: ack.isRequired,
      isAcknowledged: ack.isAcknowledged,
      state: ack.state,
      acknowledgmentDate: ack.acknowledgmentDate ?? null,
      tokenExpiresAt: ack.tokenExpiresAt ?? null,
      ...(ack.acknowledgedBy ? { acknowledgedBy: ack.acknowledgedBy } : {}),
      hasSignature: ack.hasSignature ?? false,
      inPerson: ack.inPerson ?? null,
      /** Signed in the work order portal with a mailed code (decision 127): where the code went, masked. */
      ...(ack.portal ? { portal: ack.portal } : {}),
      history: wo.acknowledgmentHistory,
    },
    payment: wo.payment
      ? {
          status: wo.payment.status,
          amount: toDollars(wo.payment.amountCents),
          providerPaymentId: wo.payment.providerPaymentId ?? null,
          at: wo.payment.at,
          link: paymentLinkReply(wo.payment.link),
        }
      : null,
    /** Paid with its booking (issue 30): the list says Paid and offers no link; null otherwise. */
    paidWithBooking: wo.paidWithBooking
      ? { amount: toDollars(wo.paidWithBooking.amountCents), at: wo.paidWithBooking.at }
      : null,
    statusHistory: wo.statusHistory,
    /** Issue 30, decision 091: hand prices awaiting the admin, the total approved, where the last code went. */
    priceApproval: {
      awaiting: wo.priceApproval.awaiting,
      approvedTotal:
        wo.priceApproval.approvedTotalCents === null ? null : toDollars(wo.priceApproval.approvedTotalCents),
      codeSentTo: wo.priceApproval.codeSentTo,
      history: wo.priceApproval.trail.map((e) => ({
        event: e.event,
        at: e.at,
        by: e.by,
        total: toDollars(e.totalCents),
        note: e.note ?? null,
      })),
    },
    inspection: wo.inspection ?? null,
    photos: wo.photos ?? [],
    /** The estimate (decision 125): its lines and the customer's last answer. */
    estimate: {
      lines: (wo.estimateLines ?? []).map(estimateLineReply),
      approval: approvalReply(wo.estimateApproval),
    },
    /** How many photos it may hold (the setting inspectionPhotoLimit), for the form. */
    photoLimit: config().inspectionPhotoLimit,
    createdAt: wo.createdAt,
    updatedAt: wo.updatedAt,
  };
}
export type WorkOrderReply = ReturnType<typeof workOrderReply>;

/** The acknowledgment page's reply (doc 2 §3), also what the customer reads on the technician's phone: dollars. */
export function acknowledgmentReply(wo: WorkOrder.ForAcknowledgment) {
  return {
    workOrderNumber: wo.workOrderNumber,
    status: wo.status,
    customer: wo.customer,
    vehicle: vehicleReply(wo.vehicle),
    serviceDetails: wo.serviceDetails,
    scheduledDate: wo.scheduledDate ?? null,
    laborItems: laborReply(wo.laborItems),
    partItems: partsReply(wo.partItems),
    pricing: pricingReply(wo.pricing),
    version: wo.version,
    inspection: wo.inspection,
    photos: wo.photos,
    /** The estimate to answer (decision 125): lines, trip fee, the total approved so far, the last answer. */
    estimate: {
      lines: wo.estimate.lines.map(estimateLineReply),
      tripFee: toDollars(wo.estimate.tripFeeCents),
      taxRate: wo.estimate.taxRate,
      total: toDollars(wo.estimate.totalCents),
      approval: approvalReply(wo.estimate.approval),
    },
  };
}
