import type { WorkOrderStatus } from '@app/core/workorder/model';
import { queryOptions } from '@tanstack/react-query';
import { downloadFile, sendJson } from '../../lib/http';
import { pdfName } from './display';
import type { WorkOrderDefaults, WorkOrderInput, WorkOrderJson, WorkOrderPage } from './types';

/**
 * The work-order calls of doc 2 §7 (admin, with the stored token). Their
 * errors carry the reply's `message` (doc 2 §8 prefers it) and body, for the
 * already-acknowledged reply's date (decision 042).
 */
const BASE = '/api/workOrders';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const workOrdersKey = ['work-orders'] as const;

export type ListQuery = { search: string; status: WorkOrderStatus | ''; page: number };

export const listQueryOptions = ({ search, status, page }: ListQuery, pageSize: number) =>
  queryOptions({
    queryKey: [...workOrdersKey, 'list', { search, status, page }],
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(pageSize), skip: String(page * pageSize) });
      if (search.trim()) query.set('search', search.trim());
      if (status) query.set('status', status);
      return sendJson<WorkOrderPage>(`${BASE}?${query}`);
    },
    placeholderData: (previous) => previous,
  });

export const defaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...workOrdersKey, 'defaults'],
    queryFn: () => sendJson<WorkOrderDefaults>(`${BASE}/defaults`),
    staleTime: 5 * 60_000,
  });

export const fetchWorkOrder = (id: string) => sendJson<WorkOrderJson>(one(id));

export const createWorkOrder = (input: WorkOrderInput) =>
  sendJson<WorkOrderJson>(BASE, { method: 'POST', json: input });

export const updateWorkOrder = (id: string, input: WorkOrderInput) =>
  sendJson<WorkOrderJson>(one(id), { method: 'PUT', json: input });

export const setWorkOrderStatus = (id: string, status: WorkOrderStatus) =>
  sendJson<WorkOrderJson>(one(id), { method: 'PUT', json: { status } });

export const deleteWorkOrder = (id: string) => sendJson<{ message: string }>(one(id), { method: 'DELETE' });

export const emailWorkOrder = (id: string) =>
  sendJson<{ message: string; workOrder: WorkOrderJson }>(`${one(id)}/send-email`, { method: 'POST' });

export const generateAcknowledgment = (id: string) =>
  sendJson<{ tokenExpiresAt: string; message: string }>(`${one(id)}/generate-acknowledgment`, {
    method: 'POST',
  });

/** GET /:id/pdf, saved as WorkOrder-{number}.pdf. */
export const downloadWorkOrderPdf = (order: Pick<WorkOrderJson, '_id' | 'workOrderNumber'>) =>
  downloadFile(`${one(order._id)}/pdf`, pdfName(order.workOrderNumber));
