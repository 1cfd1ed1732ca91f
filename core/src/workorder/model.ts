import type { Inspection, Photo } from './inspection/model';
import type { WorkOrderPricing } from './pricing';

/**
 * What a work order is (doc 2 §3, §4), as core hands it out: money in integer
 * cents, dates as ISO instants (scheduledDate as a calendar date). Shared by
 * the API (which turns cents into the spec's dollars at the edge), the PDF and
 * the mails. Pure and browser-safe.
 */

export const WORK_ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'in_progress',
  'completed',
  'billed',
  'cancelled',
] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** 'pending_approval' → 'PENDING APPROVAL' (the acknowledgment page's badge). */
export function statusBadge(status: string): string {
  return status.replaceAll('_', ' ').toUpperCase();
}

/**
 * not_required: no link was ever generated; pending: a link is out and not yet
 * used; expired: the link ran out (the scheduled job, or read after its
 * expiry); acknowledged: the customer acknowledged this version.
 */
export type AcknowledgmentState = 'not_required' | 'pending' | 'expired' | 'acknowledged';

export type WorkOrderAcknowledgment = {
  isRequired: boolean;
  isAcknowledged: boolean;
  state: AcknowledgmentState;
  acknowledgmentDate?: string;
  tokenExpiresAt?: string;
  acknowledgedBy?: { name: string; email: string };
  /** Whether a drawn signature was given (the image itself is private, see the PDF). */
  hasSignature?: boolean;
  /** Signed in person on the shop's device (issue 22): the name of who presented it. */
  inPerson?: { presentedBy: string };
  /** Signed in the work order portal with a code mailed to the customer (decision 127): where it went, masked. */
  portal?: { codeSentTo: string };
};

/**
 * Estimates approved line by line (issue 33, decision 125). A proposed line is work the shop
 * recommends (often an inspection finding); the customer approves, declines or defers it. Lines
 * sharing an option group are alternatives: the customer picks at most one.
 */
export const ESTIMATE_LINE_STATES = ['proposed', 'approved', 'declined', 'deferred'] as const;
export type EstimateLineState = (typeof ESTIMATE_LINE_STATES)[number];
/** What the customer may answer for a proposed line. */
export const ESTIMATE_DECISIONS = ['approved', 'declined', 'deferred'] as const;
export type EstimateDecision = (typeof ESTIMATE_DECISIONS)[number];
/**
 * How the customer answered: by the mailed link, in person on the technician's phone, on a call staff
 * recorded, or in the work order portal with a code mailed to them (decision 127).
 */
export const APPROVAL_CHANNELS = ['link', 'in_person', 'phone', 'portal_code'] as const;
export type ApprovalChannel = (typeof APPROVAL_CHANNELS)[number];

export type EstimatePart = {
  partNumber: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** Priced from the catalogue: the service whose price it took (the server read it). */
  serviceId?: string;
};

export type EstimateLine = {
  id: string;
  description: string;
  note: string;
  /** The inspection category it came from, when made from a finding. */
  category?: string;
  /** Inspection photo ids it carries. */
  photoIds: string[];
  /** Lines with the same group are options: the customer picks one. */
  group?: string;
  state: EstimateLineState;
  hours: number;
  hourlyRateCents: number;
  parts: EstimatePart[];
  /** Labour and parts, before tax (pricing.ts). */
  totalCents: number;
  /** The price the customer last decided on, when it changed since (what the customer sees changed). */
  previousTotalCents?: number;
  decidedAt?: string;
};

/** The record of the customer's answer: who, when, how, exactly what, for what total (the hash binds it). */
export type EstimateApproval = {
  at: string;
  by: string;
  channel: ApprovalChannel;
  /** A call staff recorded: when, the number called, the person who answered, who recorded it. */
  phone?: { calledAt: string; number: string; person: string; recordedBy: string };
  approved: { id: string; description: string; totalCents: number }[];
  declined: { id: string; description: string; totalCents: number; decision: 'declined' | 'deferred' }[];
  totalCents: number;
  /** SHA-256 of the canonical form of the approved lines and the total. */
  digest: string;
  signed: boolean;
};

export type WorkOrder = {
  id: string;
  workOrderNumber: string;
  customer: {
    name: string;
    email: string;
    phone: string;
    address: { street: string; city: string; state: string; zipCode: string };
  };
  vehicle: {
    year: number;
    make: string;
    model: string;
    vin: string;
    licensePlate: string;
    mileage?: number;
    color: string;
  };
  serviceDetails: {
    description: string;
    customerComplaints: string;
    diagnosis: string;
    workPerformed: string;
    recommendations: string;
  };
  laborItems: { description: string; hours: number; hourlyRateCents: number; totalCents: number }[];
  partItems: {
    partNumber: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }[];
  pricing: WorkOrderPricing;
  status: WorkOrderStatus;
  /** YYYY-MM-DD in the business zone, when set. */
  scheduledDate?: string;
  internalNotes: string;
  customerNotes: string;
  relatedBooking?: string;
  emailSent: boolean;
  emailSentDate?: string;
  acknowledgment: WorkOrderAcknowledgment;
  /** The vehicle inspection (decision 080), when one was filled. */
  inspection?: Inspection;
  /** The inspection photos' ids (their bytes are private: inspection/photos.ts). */
  photos?: Photo[];
  /** The estimate's lines (decision 125): none for a work order made through the spec's calls. */
  estimateLines?: EstimateLine[];
  /** The customer's last answer to the estimate, when they gave one. */
  estimateApproval?: EstimateApproval;
  createdAt: string;
  updatedAt: string;
};
