import { formatInstant } from '../time';
import type { WorkOrder } from './model';
import { CONTENT_WIDTH, type Layout } from './pdf-layout';
import { money } from './pdf-sections';

const CHANNELS = {
  link: 'by the emailed link',
  in_person: 'in person, signed on the shop’s device',
  phone: 'by phone',
  portal_code: 'in the work order portal, with a one-time code mailed to them',
};

/**
 * The estimate in the PDF (issue 33, decision 125): the approved lines, the declined and deferred
 * ones (the options not picked among them, with their group), the lines still awaiting an answer,
 * and the record of the customer's answer (who, when, how, the total and its SHA-256).
 */
export function drawEstimate(layout: Layout, workOrder: WorkOrder) {
  const lines = workOrder.estimateLines ?? [];
  if (lines.length === 0) return;
  const columns = [
    { header: 'Line', width: CONTENT_WIDTH - 225, align: 'left' as const },
    { header: 'Option of', width: 140, align: 'left' as const },
    { header: 'Price', width: 85, align: 'right' as const },
  ];
  const rows = (states: readonly string[]) =>
    lines
      .filter((l) => states.includes(l.state))
      .map((l) => [
        `${l.description}${l.state === 'deferred' ? ' (later)' : ''}${l.note ? ` - ${l.note}` : ''}`,
        l.group ?? '',
        money(l.totalCents),
      ]);
  layout.heading('Estimate: approved');
  layout.table('Approved', columns, rows(['approved']), 'No recommended line approved.');
  layout.heading('Estimate: declined or later');
  layout.table('Declined', columns, rows(['declined', 'deferred']), 'None declined.');
  const open = rows(['proposed']);
  if (open.length > 0) {
    layout.heading('Estimate: awaiting the customer');
    layout.table('Awaiting', columns, open, '');
  }
  const approval = workOrder.estimateApproval;
  if (approval) {
    const phone = approval.phone
      ? ` Call at ${formatInstant(approval.phone.calledAt)} to ${approval.phone.number}, answered by ${approval.phone.person}, recorded by ${approval.phone.recordedBy}.`
      : '';
    layout.definition(
      'Answered',
      `By ${approval.by} ${CHANNELS[approval.channel]} on ${formatInstant(approval.at)}, for a total of ${money(approval.totalCents)}${approval.signed ? ', signed' : ''}.${phone} SHA-256 of the approved lines and total: ${approval.digest}`,
    );
  }
}
