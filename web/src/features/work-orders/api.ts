import type { WorkOrderStatus } from '@app/core/workorder/model';
import { queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { pdfName } from './display';
import type { WorkOrderInput } from './types';

/**
 * The work-order calls of doc 2 §7 (admin, with the stored token), through
 * the typed client. Their errors carry the reply's `message` (doc 2 §8
 * prefers it) and body, for the already-acknowledged reply's date (decision 042).
 */
const workOrders = api.api.workOrders;
const byId = (id: string) => ({ param: path({ id }) });

export const workOrdersKey = ['work-orders'] as const;

/**
 * The list's query: the search, the status and `after`, the cursors of the
 * pages before this one (decision 049: each page's reply names the next), so
 * Previous goes back one and the page number is `after.length`.
 */
export type ListQuery = { search: string; status: WorkOrderStatus | ''; after: string[] };

export const listQueryOptions = ({ search, status, after }: ListQuery, pageSize: number) =>
  queryOptions({
    queryKey: [...workOrdersKey, 'list', { search, status, after }],
    queryFn: () => {
      const query: Record<string, string> = { limit: String(pageSize) };
      const cursor = after.at(-1);
      if (cursor) query.cursor = cursor;
      if (search.trim()) query.search = search.trim();
      if (status) query.status = status;
      return unwrap(workOrders.$get({ query }));
    },
    placeholderData: (previous) => previous,
  });

export const defaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...workOrdersKey, 'defaults'],
    queryFn: () => unwrap(workOrders.defaults.$get()),
    staleTime: 5 * 60_000,
  });

export const fetchWorkOrder = (id: string) => unwrap(workOrders[':id'].$get(byId(id)));

export const createWorkOrder = (input: WorkOrderInput) => unwrap(workOrders.$post({ json: input }));

export const updateWorkOrder = (id: string, input: WorkOrderInput) =>
  unwrap(workOrders[':id'].$put({ ...byId(id), json: input }));

export const setWorkOrderStatus = (id: string, status: WorkOrderStatus) =>
  unwrap(workOrders[':id'].$put({ ...byId(id), json: { status } }));

export const deleteWorkOrder = (id: string) => unwrap(workOrders[':id'].$delete(byId(id)));

export const emailWorkOrder = (id: string) => unwrap(workOrders[':id']['send-email'].$post(byId(id)));

export const generateAcknowledgment = (id: string) =>
  unwrap(workOrders[':id']['generate-acknowledgment'].$post(byId(id)));

/** GET /:id/pdf, saved as WorkOrder-{number}.pdf. */
export const downloadWorkOrderPdf = (order: { _id: string; workOrderNumber: string }) =>
  downloadFile(workOrders[':id'].pdf.$get(byId(order._id)), pdfName(order.workOrderNumber));
