import type { AcknowledgmentState, WorkOrder as Info } from './model';
import type { Stored } from './store';

/** 'pending' past its expiry reads as 'expired' even before the scheduled job ran. */
export function stateOf(ack: Stored['acknowledgment'], now: number): AcknowledgmentState {
  if (ack.state === 'pending' && ack.tokenExpiresAt && Date.parse(ack.tokenExpiresAt) <= now)
    return 'expired';
  return ack.state;
}

export type Detail = Info & {
  /** Paid, or asked for, through a payment link (decision 070). */
  payment?: Stored['payment'];
  /**
   * Paid with its booking (issue 30): the booking's completion charge (or link) was paid, so no link
   * is sent for the work order (core/src/payment-link/send.ts refuses it). Set by the list.
   */
  paidWithBooking?: { amountCents: number; at: string };
  statusHistory: Stored['statusHistory'];
  /** The price approval (issue 30, decision 091): lines awaiting the admin, the total approved, the code sent. */
  priceApproval: {
    awaiting: string[];
    approvedTotalCents: number | null;
    codeSentTo: string | null;
    trail: Stored['priceTrail'];
  };
  acknowledgmentHistory: {
    acknowledgmentDate: string;
    acknowledgedBy: { name: string; email: string };
    supersededAt: string;
  }[];
};

export function view(wo: Stored, now = Date.now()): Detail {
  const ack = wo.acknowledgment;
  const state = stateOf(ack, now);
  return {
    id: wo.id,
    workOrderNumber: wo.workOrderNumber,
    customer: wo.customer,
    vehicle: wo.vehicle,
    serviceDetails: wo.serviceDetails,
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    pricing: wo.pricing,
    status: wo.status,
    scheduledDate: wo.scheduledDate,
    internalNotes: wo.internalNotes,
    customerNotes: wo.customerNotes,
    relatedBooking: wo.relatedBooking,
    emailSent: wo.emailSent,
    emailSentDate: wo.emailSentDate,
    acknowledgment: {
      isRequired: state !== 'not_required',
      isAcknowledged: state === 'acknowledged',
      state,
      acknowledgmentDate: state === 'acknowledged' ? ack.acknowledgedAt : undefined,
      tokenExpiresAt: state === 'pending' || state === 'expired' ? ack.tokenExpiresAt : undefined,
      ...(state === 'acknowledged' && ack.acknowledgedBy ? { acknowledgedBy: ack.acknowledgedBy } : {}),
      hasSignature: state === 'acknowledged' && Boolean(ack.signatureKey),
      ...(state === 'acknowledged' && ack.inPerson
        ? { inPerson: { presentedBy: ack.inPerson.presentedBy.name } }
        : {}),
      ...(state === 'acknowledged' && ack.portal ? { portal: { codeSentTo: ack.portal.codeSentTo } } : {}),
    },
    ...(wo.inspection ? { inspection: wo.inspection } : {}),
    photos: wo.photos,
    estimateLines: wo.estimateLines,
    ...(wo.estimateApproval ? { estimateApproval: wo.estimateApproval } : {}),
    ...(wo.payment ? { payment: wo.payment } : {}),
    statusHistory: wo.statusHistory,
    priceApproval: {
      awaiting: wo.awaitingPrice.map((a) => a.label),
      approvedTotalCents: wo.priceApproval?.totalCents ?? null,
      codeSentTo: wo.priceCode?.sentTo ?? null,
      trail: wo.priceTrail,
    },
    acknowledgmentHistory: wo.acknowledgmentHistory.map((a) => ({
      acknowledgmentDate: a.acknowledgedAt,
      acknowledgedBy: a.acknowledgedBy,
      supersededAt: a.supersededAt,
    })),
    createdAt: wo.createdAt,
    updatedAt: wo.updatedAt,
  };
}
