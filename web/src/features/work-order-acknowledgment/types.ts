import type { WorkOrderStatus } from '@app/core/workorder/model';

/** GET /api/workOrders/acknowledge/{token} (doc 2 §3, §7; docs/spec/README.md): dollars, taxRate a fraction. */
export type AcknowledgmentView = {
  workOrderNumber: string;
  status: WorkOrderStatus;
  customer: { name: string; email: string };
  vehicle: {
    year: number;
    make: string;
    model: string;
    vin?: string;
    licensePlate?: string;
    mileage?: number | null;
    color?: string;
  };
  serviceDetails: {
    description: string;
    customerComplaints?: string;
    diagnosis?: string;
    workPerformed?: string;
    recommendations?: string;
  };
  scheduledDate: string | null;
  laborItems: { description: string; hours: number; hourlyRate: number; total: number }[];
  partItems: {
    partNumber?: string;
    description: string;
    quantity: number;
    unitPrice: number;
    total: number;
  }[];
  pricing: {
    taxRate: number;
    laborSubtotal?: number;
    partsSubtotal?: number;
    subtotal: number;
    taxAmount: number;
    totalAmount: number;
  };
  /** The version shown; sent back so an edit made since refuses the acknowledgment (decision 039). */
  version?: string;
};

/** POST /api/workOrders/acknowledge/{token} (doc 2 §3 Acknowledgment submission). */
export type AcknowledgmentSubmission = {
  acknowledgedBy: { name: string; email: string };
  signature: string | null;
  userAgent: string;
  version?: string;
};
