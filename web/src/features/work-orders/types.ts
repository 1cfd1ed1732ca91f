import type { WorkOrderStatus } from '@app/core/workorder/model';
import type { api, Reply } from '../../lib/api';

type WorkOrders = (typeof api)['api']['workOrders'];

/**
 * A work order as the API hands it to the page (doc 2 §3, the route's own
 * type): money in dollars, taxRate a fraction, dates as ISO text.
 */
export type WorkOrderJson = Reply<WorkOrders[':id']['$get']>;

/** GET /api/workOrders: one page of the list. */
export type WorkOrderPage = Reply<WorkOrders['$get']>;

/** GET /api/workOrders/defaults: the shop's settings for a new work order. */
export type WorkOrderDefaults = Reply<WorkOrders['defaults']['$get']>;

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

export type { WorkOrderPrefill } from '../../lib/work-order-prefill';
