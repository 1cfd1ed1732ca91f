import { formatInstant, formatLongDate } from '@app/core/time';
import type { WorkOrderStatus } from '@app/core/workorder/model';
import type { WorkOrderJson } from './types';

/** The texts of doc 2 §8 for the work-order form and manager. */
export const workOrderMessages = {
  fetchOne: 'Failed to fetch work order',
  save: 'Failed to save work order',
  fetchList: 'Failed to fetch work orders',
  remove: 'Failed to delete work order',
  status: 'Failed to update status',
  send: 'Failed to send work order',
  pdf: 'Failed to download PDF',
  link: 'Failed to generate acknowledgment link',
  paymentLink: 'Failed to send the payment link',
  defaults: "Could not load the shop's default labor and tax rates; enter them by hand.",
} as const;

/** Page size of the manager (doc 2 §9): pagination shows when there are more. */
export const PAGE_SIZE = 20;

/** 'pending_approval' → 'Pending Approval'. */
export const statusLabel = (status: WorkOrderStatus): string =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The saved file's name (doc 2 §7). */
export const pdfName = (workOrderNumber: string): string => `WorkOrder-${workOrderNumber}.pdf`;

/** '2019 Honda Civic'. */
export const vehicleLine = (vehicle: Pick<WorkOrderJson['vehicle'], 'year' | 'make' | 'model'>): string =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');

/** The email state (doc 2 §4): not sent, or sent with its date. */
export const emailState = (order: Pick<WorkOrderJson, 'emailSent' | 'emailSentDate'>): string =>
  order.emailSent
    ? order.emailSentDate
      ? `Emailed ${formatInstant(order.emailSentDate)}`
      : 'Emailed'
    : 'Not emailed';

/** The acknowledgment state (doc 2 §4): not required, pending until the link's expiry, expired, acknowledged. */
type Acknowledgment = WorkOrderJson['acknowledgment'];

export function acknowledgmentState(order: {
  acknowledgment: Pick<Acknowledgment, 'state'> & Partial<Acknowledgment>;
}): string {
  const ack = order.acknowledgment;
  switch (ack.state) {
    case 'acknowledged': {
      const by = ack.acknowledgedBy?.name ? ` by ${ack.acknowledgedBy.name}` : '';
      const when = ack.acknowledgmentDate ? ` on ${formatInstant(ack.acknowledgmentDate)}` : '';
      const signed = ack.hasSignature ? ' (signed)' : '';
      return `Acknowledged${by}${when}${signed}`;
    }
    case 'pending':
      return ack.tokenExpiresAt
        ? `Awaiting acknowledgment (link expires ${formatInstant(ack.tokenExpiresAt)})`
        : 'Awaiting acknowledgment';
    case 'expired':
      return 'Acknowledgment link expired';
    default:
      return 'Acknowledgment not requested';
  }
}

/** The already-acknowledged reply's date as a sentence (doc 2 §4, §8). */
export function alreadyAcknowledgedText(
  acknowledgmentDate: unknown,
  serverMessage: string | undefined,
): string {
  if (typeof acknowledgmentDate === 'string' && !Number.isNaN(Date.parse(acknowledgmentDate))) {
    return `This work order has already been acknowledged on ${formatInstant(acknowledgmentDate)}.`;
  }
  return serverMessage ?? 'This work order has already been acknowledged.';
}

/** 'Tuesday, March 10, 2026' for a scheduled date, or an empty text. */
export const scheduledText = (date: string | null): string => (date ? formatLongDate(date) : '');
