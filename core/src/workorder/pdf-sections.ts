import { rgb } from 'pdf-lib';
import { business } from '../business';
import { formatCents } from '../money';
import { formatLongDate } from '../time';
import type { WorkOrder } from './model';
import { statusBadge } from './model';
import {
  CONTENT_WIDTH,
  FOOTER_Y,
  INK,
  LINE,
  type Layout,
  MARGIN,
  MUTED,
  PAGE_WIDTH,
  RULE,
  SIZE,
} from './pdf-layout';
import { measure } from './pdf-text';
import { formatTaxRate } from './pricing';

/** The PDF's sections: the header, the parties, the service details, the totals and the footers. */

/** doc 2 §4's colours, as printable tints: the badge's border and text. */
const STATUS_COLOURS: Record<WorkOrder['status'], ReturnType<typeof rgb>> = {
  draft: rgb(0.42, 0.45, 0.5),
  pending_approval: rgb(0.7, 0.52, 0.02),
  approved: rgb(0.05, 0.5, 0.48),
  in_progress: rgb(0.85, 0.4, 0.05),
  completed: rgb(0.09, 0.55, 0.25),
  billed: rgb(0.45, 0.25, 0.7),
  cancelled: rgb(0.8, 0.15, 0.15),
};

export const money = (cents: number) => formatCents(cents);

/** '1.5', '0.25', '2': hours as the form entered them. */
export const hours = (value: number) => String(Number(value.toFixed(2)));

function addressLines(address: WorkOrder['customer']['address']): string[] {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine].filter((line) => line.trim() !== '');
}

function vehicleLines(vehicle: WorkOrder['vehicle']): [string, string][] {
  const rows: [string, string][] = [];
  const title = [vehicle.year ? String(vehicle.year) : '', vehicle.make, vehicle.model]
    .filter(Boolean)
    .join(' ');
  rows.push(['Vehicle', title]);
  if (vehicle.vin) rows.push(['VIN', vehicle.vin]);
  if (vehicle.licensePlate) rows.push(['License plate', vehicle.licensePlate]);
  if (vehicle.mileage !== undefined && vehicle.mileage !== null)
    rows.push(['Mileage', `${vehicle.mileage.toLocaleString('en-US')} mi`]);
  if (vehicle.color) rows.push(['Color', vehicle.color]);
  return rows;
}

export function drawHeader(layout: Layout, workOrder: WorkOrder) {
  const { regular, bold } = layout.fonts;
  const top = layout.y;
  // The shop, left.
  layout.text(business.name, MARGIN, top - SIZE.title, SIZE.title, { font: bold });
  const contact = [`Mobile vehicle repair, ${business.area}`, `${business.phone}  |  ${business.email}`];
  contact.forEach((line, i) =>
    layout.text(line, MARGIN, top - SIZE.title - 14 - i * SIZE.body * LINE, SIZE.body, { color: MUTED }),
  );

  // The document, right.
  const right = PAGE_WIDTH - MARGIN;
  layout.text('WORK ORDER', right, top - 12, 12, { font: bold, align: 'right', color: MUTED });
  layout.text(workOrder.workOrderNumber, right, top - 12 - 18, 15, { font: bold, align: 'right' });
  const badge = statusBadge(workOrder.status);
  const colour = STATUS_COLOURS[workOrder.status] ?? MUTED;
  const badgeWidth = measure(bold, badge, SIZE.small) + 12;
  const badgeY = top - 12 - 18 - 20;
  layout.page.drawRectangle({
    x: right - badgeWidth,
    y: badgeY - 4,
    width: badgeWidth,
    height: SIZE.small + 7,
    borderColor: colour,
    borderWidth: 1,
    color: rgb(1, 1, 1),
  });
  layout.text(badge, right - 6, badgeY, SIZE.small, { font: bold, align: 'right', color: colour });

  layout.y = top - 64;
  layout.rule(layout.y, INK, 1);
  layout.y -= 14;

  // Dates on one line.
  const dates: [string, string][] = [
    ['Created', formatLongDate(workOrder.createdAt)],
    ['Scheduled', formatLongDate(workOrder.scheduledDate) || 'Not scheduled'],
  ];
  let x = MARGIN;
  for (const [label, value] of dates) {
    layout.text(`${label}:`, x, layout.y, SIZE.body, { font: bold });
    const labelWidth = measure(bold, `${label}: `, SIZE.body);
    layout.text(value, x + labelWidth, layout.y, SIZE.body, { font: regular });
    x += 200;
  }
  layout.y -= 8;
}

/** A party's field keeps at most this many lines (the two columns must fit one page). */
const MAX_FIELD_LINES = 4;
const clip = (lines: string[]) =>
  lines.length <= MAX_FIELD_LINES
    ? lines
    : [...lines.slice(0, MAX_FIELD_LINES - 1), `${lines[MAX_FIELD_LINES - 1]}...`];

/** Customer left, vehicle right, as label/value rows. */
export function drawParties(layout: Layout, workOrder: WorkOrder) {
  const { customer } = workOrder;
  const columnWidth = (CONTENT_WIDTH - 20) / 2;
  const customerRows: [string, string][] = [
    ['Name', customer.name],
    ['Email', customer.email],
    ['Phone', customer.phone],
  ];
  const address = addressLines(customer.address);
  if (address.length > 0) customerRows.push(['Address', address.join('\n')]);
  const blocks: [string, [string, string][]][] = [
    ['Customer', customerRows],
    ['Vehicle', vehicleLines(workOrder.vehicle)],
  ];
  const labelWidth = 62;
  const measured = blocks.map(([heading, rows]) => ({
    heading,
    rows: rows.map(([label, value]) => ({
      label,
      lines: value.trim() === '' ? ['-'] : clip(layout.wrap(value, columnWidth - labelWidth, SIZE.body)),
    })),
  }));
  const heights = measured.map((block) =>
    block.rows.reduce((sum, row) => sum + row.lines.length * SIZE.body * LINE, 0),
  );
  const height = SIZE.heading + 10 + Math.max(...heights);
  layout.ensure(height + 10);
  layout.y -= 10;
  const top = layout.y;
  measured.forEach((block, i) => {
    const x = MARGIN + i * (columnWidth + 20);
    let y = top - SIZE.heading;
    layout.text(block.heading.toUpperCase(), x, y, SIZE.heading, { font: layout.fonts.bold });
    y -= 5;
    layout.rule(y, INK, 0.8, x, x + columnWidth);
    y -= 4;
    for (const row of block.rows) {
      y -= SIZE.body * LINE;
      layout.text(row.label, x, y + SIZE.body * 0.25, SIZE.label, { color: MUTED });
      row.lines.forEach((line, n) =>
        layout.text(line, x + labelWidth, y + SIZE.body * 0.25 - n * SIZE.body * LINE, SIZE.body),
      );
      y -= (row.lines.length - 1) * SIZE.body * LINE;
    }
  });
  layout.y = top - height - 4;
}

export function drawServiceDetails(layout: Layout, workOrder: WorkOrder) {
  const { serviceDetails } = workOrder;
  const sections: [string, string][] = [
    ['Service requested', serviceDetails.description],
    ['Customer complaints', serviceDetails.customerComplaints],
    ['Diagnosis', serviceDetails.diagnosis],
    ['Work performed', serviceDetails.workPerformed],
    ['Recommendations', serviceDetails.recommendations],
    ['Notes for the customer', workOrder.customerNotes],
  ];
  layout.heading('Service details');
  for (const [label, value] of sections) if (value.trim() !== '') layout.definition(label, value.trim());
}

export function drawTotals(layout: Layout, workOrder: WorkOrder) {
  const { pricing } = workOrder;
  const rows: [string, string][] = [
    ['Labor subtotal', money(pricing.laborSubtotalCents)],
    ['Parts subtotal', money(pricing.partsSubtotalCents)],
    ['Subtotal', money(pricing.subtotalCents)],
    [`Tax (${formatTaxRate(pricing.taxRate)})`, money(pricing.taxAmountCents)],
  ];
  const step = SIZE.body * LINE + 2;
  layout.ensure(16 + rows.length * step + 26);
  layout.y -= 16;
  const right = PAGE_WIDTH - MARGIN;
  const labelRight = right - 100;
  for (const [label, value] of rows) {
    layout.y -= step;
    layout.text(label, labelRight, layout.y, SIZE.body, { align: 'right', color: MUTED });
    layout.text(value, right - 4, layout.y, SIZE.body, { align: 'right' });
  }
  layout.y -= 8;
  layout.rule(layout.y, INK, 1, labelRight - 90, right);
  layout.y -= SIZE.total + 6;
  layout.text('Total', labelRight, layout.y, SIZE.total, { font: layout.fonts.bold, align: 'right' });
  layout.text(money(pricing.totalAmountCents), right - 4, layout.y, SIZE.total, {
    font: layout.fonts.bold,
    align: 'right',
  });
  layout.y -= 6;
}

export function drawFooters(layout: Layout, workOrder: WorkOrder) {
  const total = layout.pages.length;
  layout.pages.forEach((page, i) => {
    layout.page = page;
    layout.rule(FOOTER_Y + 12, RULE, 0.5);
    layout.text(
      `${business.name}  |  Work Order ${workOrder.workOrderNumber}`,
      MARGIN,
      FOOTER_Y,
      SIZE.small,
      {
        color: MUTED,
      },
    );
    layout.text(`Page ${i + 1} of ${total}`, PAGE_WIDTH - MARGIN, FOOTER_Y, SIZE.small, {
      color: MUTED,
      align: 'right',
    });
  });
}
