import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import type { WorkOrderJson } from './types';

/**
 * The estimate's calls (issue 33, decision 125): staff turn a finding into a proposed line,
 * write or price one (dollars), and remove it. Each answers with the work order.
 */
const estimate = api.api.workOrders[':id'].estimate;

export type EstimateLineBody = {
  description: string;
  note: string;
  group: string;
  photoIds: string[];
  hours: number;
  parts: { description: string; quantity: number; unitPrice: number }[];
};

export const proposeFinding = (id: string, category: string) =>
  unwrap(estimate.findings.$post({ param: path({ id }), json: { category } as never }));

export const addEstimateLine = (id: string, body: EstimateLineBody) =>
  unwrap(estimate.lines.$post({ param: path({ id }), json: body }));

export const updateEstimateLine = (id: string, lineId: string, body: EstimateLineBody) =>
  unwrap(estimate.lines[':lineId'].$put({ param: path({ id, lineId }), json: body }));

export const removeEstimateLine = (id: string, lineId: string) =>
  unwrap(estimate.lines[':lineId'].$delete({ param: path({ id, lineId }) }));

/** A call staff recorded (decision 125): each proposed line's answer, when, the number called, who answered. */
export type PhoneApprovalBody = {
  decisions: { lineId: string; decision: 'approved' | 'declined' | 'deferred' }[];
  calledAt: string;
  number: string;
  person: string;
  version?: string;
};

export const recordPhoneApproval = (id: string, body: PhoneApprovalBody) =>
  unwrap(estimate['phone-approval'].$post({ param: path({ id }), json: body }));

/**
 * The estimate as the customer reads it (the acknowledgment page's view: base lines, trip fee, tax
 * rate, the version read), for the live total of a call's answers: the same `priceEstimate`.
 */
export const estimateViewQuery = (id: string, updatedAt: string) =>
  queryOptions({
    queryKey: ['work-orders', id, 'for-signing', updatedAt],
    queryFn: () => unwrap(api.api.workOrders[':id']['for-signing'].$get({ param: path({ id }) })),
  });

/** One estimate change; the caller keeps the work order the server replied with. */
export const useEstimateMutation = <A>(
  call: (args: A) => Promise<WorkOrderJson>,
  onSaved: (order: WorkOrderJson) => void,
) => useMutation({ mutationFn: call, onSuccess: onSaved });
