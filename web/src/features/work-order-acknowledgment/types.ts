import type { api, Reply } from '../../lib/api';

/** GET /api/workOrders/acknowledge/{token} (doc 2 §3), the route's own type: dollars, taxRate a fraction. */
export type AcknowledgmentView = Reply<(typeof api)['api']['workOrders']['acknowledge'][':token']['$get']>;

/** POST /api/workOrders/acknowledge/{token} (doc 2 §3 Acknowledgment submission). */
export type AcknowledgmentSubmission = {
  acknowledgedBy: { name: string; email: string };
  signature: string | null;
  userAgent: string;
  version?: string;
  /** The estimate's answers and the terms (issue 33, decision 125). */
  decisions?: { lineId: string; decision: 'approved' | 'declined' | 'deferred' }[];
  termsAccepted?: boolean;
};
