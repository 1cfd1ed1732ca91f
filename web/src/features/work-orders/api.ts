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

/**
 * How long one search keeps following the server's pages for matches before
 * it shows what it found (the server reads a bounded share of the list a
 * request, so a rare match may lie several requests back).
 */
const SEARCH_PATIENCE_MS = 4000;

export const listQueryOptions = ({ search, status, after }: ListQuery, pageSize: number) =>
  queryOptions({
    queryKey: [...workOrdersKey, 'list', { search, status, after }],
    queryFn: async () => {
      const ask = (limit: number, cursor: string | null | undefined) => {
        const query: Record<string, string> = { limit: String(limit) };
        if (cursor) query.cursor = cursor;
        if (search.trim()) query.search = search.trim();
        if (status) query.status = status;
        return unwrap(workOrders.$get({ query }));
      };
      const first = await ask(pageSize, after.at(-1));
      if (!search.trim() && !status) return first;
      // A search or filtered page comes back short while older work orders are left to read:
      // follow the cursor until the page is full, the list ends or patience runs out.
      const found = [...first.workOrders];
      let { cursor, hasMore } = first;
      const until = Date.now() + SEARCH_PATIENCE_MS;
      while (cursor && found.length < pageSize && Date.now() < until) {
        const next = await ask(pageSize - found.length, cursor);
        found.push(...next.workOrders);
        ({ cursor, hasMore } = next);
      }
      // A status's total comes from its counter; a search's is what it found, plus one while more may follow.
      const total = search.trim() ? found.length + (cursor ? 1 : 0) : first.total;
      return { workOrders: found, total, hasMore, cursor };
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

/** POST /api/workOrders/{id}/approve-price (admin, decision 091): approves the total the admin saw. */
export const approvePrice = (id: string, total: number) =>
  unwrap(workOrders[':id']['approve-price'].$post({ ...byId(id), json: { total } }));

export const emailWorkOrder = (id: string) => unwrap(workOrders[':id']['send-email'].$post(byId(id)));

export const generateAcknowledgment = (id: string) =>
  unwrap(workOrders[':id']['generate-acknowledgment'].$post(byId(id)));

/** POST /:id/payment-link (decision 070): `{ message, workOrder }`. */
export const sendWorkOrderPaymentLink = (id: string) =>
  unwrap(workOrders[':id']['payment-link'].$post(byId(id)));

/** GET /:id/pdf, saved as WorkOrder-{number}.pdf. */
export const downloadWorkOrderPdf = (order: { _id: string; workOrderNumber: string }) =>
  downloadFile(workOrders[':id'].pdf.$get(byId(order._id)), pdfName(order.workOrderNumber));
