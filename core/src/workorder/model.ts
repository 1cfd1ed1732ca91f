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
  createdAt: string;
  updatedAt: string;
};
