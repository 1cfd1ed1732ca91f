import { queryOptions } from '@tanstack/react-query';
import { sendJson } from '../../lib/http';
import type { AcknowledgmentSubmission, AcknowledgmentView } from './types';

/** GET and POST /api/workOrders/acknowledge/{token} (doc 2 §7): no login, the link's token is the key. */
const path = (token: string) => `/api/workOrders/acknowledge/${encodeURIComponent(token)}`;

/** The work order behind a link; asked once per token (no retry on a 4xx, no refetch on focus). */
export const acknowledgmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['work-order-acknowledgment', token],
    queryFn: () => sendJson<AcknowledgmentView>(path(token)),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const acknowledgeWorkOrder = (token: string, submission: AcknowledgmentSubmission) =>
  sendJson<{ message: string; workOrderNumber: string }>(path(token), { method: 'POST', json: submission });
