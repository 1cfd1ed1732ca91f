import type { AcknowledgmentState, WorkOrderStatus } from '@app/core/workorder/model';

/**
 * A work order as the API hands it to the page (doc 2 §3, §7): money
 * in dollars, taxRate a fraction, dates as ISO text.
 */
export type WorkOrderJson = {
  _id: string;
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
    mileage: number | null;
    color: string;
  };
  serviceDetails: {
    description: string;
    customerComplaints: string;
    diagnosis: string;
    workPerformed: string;
    recommendations: string;
  };
  laborItems: { description: string; hours: number; hourlyRate: number; total: number }[];
  partItems: {
    partNumber: string;
    description: string;
    quantity: number;
    unitPrice: number;
    total: number;
  }[];
  pricing: {
    taxRate: number;
    laborSubtotal: number;
    partsSubtotal: number;
    subtotal: number;
    taxAmount: number;
    totalAmount: number;
  };
  status: WorkOrderStatus;
  scheduledDate: string | null;
  internalNotes: string;
  customerNotes: string;
  relatedBooking: string | null;
  emailSent: boolean;
  emailSentDate: string | null;
  acknowledgment: {
    isRequired: boolean;
    isAcknowledged: boolean;
    state: AcknowledgmentState;
    acknowledgmentDate?: string | null;
    tokenExpiresAt?: string | null;
    acknowledgedBy?: { name: string; email: string } | null;
    hasSignature?: boolean;
  };
  createdAt: string;
  updatedAt: string;
};

/** POST / full PUT: the work order without what the server computes or keeps. */
export type WorkOrderInput = {
  customer: WorkOrderJson['customer'];
  vehicle: WorkOrderJson['vehicle'];
  serviceDetails: WorkOrderJson['serviceDetails'];
  laborItems: { description: string; hours: number; hourlyRate: number }[];
  partItems: { partNumber: string; description: string; quantity: number; unitPrice: number }[];
  pricing: { taxRate: number };
  status: WorkOrderStatus;
  scheduledDate: string | null;
  internalNotes: string;
  customerNotes: string;
  relatedBooking: string | null;
};

/** GET /api/workOrders/defaults: the shop's settings for a new work order. */
export type WorkOrderDefaults = { hourlyRate: number; taxRate: number };

export type WorkOrderPage = { workOrders: WorkOrderJson[]; total: number; hasMore: boolean };

export type { WorkOrderPrefill } from '../../lib/work-order-prefill';
