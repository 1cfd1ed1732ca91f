import * as z from 'zod';
import { assertAdmin } from '../actor';
import { bookingReference } from '../booking/reference';
import { batchGetItems } from '../db/entity';
import type { Page } from '../db/paging';
import { formatCents } from '../money';
import { calendarDate as dateField } from '../rules/schema';
import { localOf } from '../time';
import { entity as workOrderEntity } from '../workorder/store';
import { entry, type Entry } from './store';
import { callerFirst, fn } from '../util/fn';

/**
 * The accountant's export (decision 071): the ledger's payments and refunds
 * of a date range (business dates, both ends included), read a page at a time
 * in date order and written out as CSV (RFC 4180: CRLF lines, fields quoted
 * when they hold a comma, a quote or a line break, quotes doubled). A text
 * cell that a spreadsheet would run as a formula (it starts with = + - @, a
 * tab or a carriage return) is prefixed with an apostrophe.
 */

export const messages = {
  badDate: 'Dates are written yyyy-MM-dd.',
  order: 'The start date must not be after the end date.',
} as const;

export const ExportInput = z
  .object({
    from: dateField({ shape: messages.badDate, required: messages.badDate }),
    to: dateField({ shape: messages.badDate, required: messages.badDate }),
  })
  .refine((range) => range.from <= range.to, { message: messages.order });
export type ExportInput = z.infer<typeof ExportInput>;

/** Entries a page of the export reads (within the entity layer's read budget). */
export const EXPORT_PAGE = 200;

/** One page of the ledger's entries dated `from` to `to`, oldest first. */
export const entriesBetween = fn(
  z.tuple([ExportInput, z.object({ limit: z.number().optional(), cursor: z.string().nullish() }).optional()]),
  (range, options = {}): Promise<Page<Entry>> => {
    assertAdmin();
    return entry.query.ledger(
      {},
      {
        range: { between: [{ date: range.from }, { date: range.to }] },
        limit: options.limit ?? EXPORT_PAGE,
        cursor: options.cursor ?? null,
      },
    );
  },
  callerFirst(assertAdmin),
);

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text made safe for a spreadsheet, then quoted when RFC 4180 asks for it. */
export function csvCell(value: string | number | null | undefined, { text = true } = {}): string {
  let cell = value === null || value === undefined ? '' : String(value);
  if (text && FORMULA_START.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export const CSV_HEADER = [
  'Date',
  'Time',
  'Type',
  'Amount',
  'Service',
  'Customer',
  'Booking',
  'Work order',
  'Reference',
  'Refund of',
  'Reason',
  // Issue 35 (decision 130): the tip in a payment or a refund, apart from the amount, and whose line it is.
  'Tip',
  'Technician',
] as const;

/** A CSV line (with its CRLF) from cells already made (`csvCell`). */
const line = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

export const csvHeader = () => line(CSV_HEADER.map((name) => csvCell(name)));

/**
 * An entry as a CSV line: refunds as negative amounts, in dollars with two decimals and no grouping;
 * the booking by its short reference and the work order by its number (WO-2026-0001), as people
 * know them (issue 30), not by internal ids.
 */
export function csvLine(e: Entry, workOrderNumber?: string): string {
  const cents = e.kind === 'refund' ? -e.amountCents : e.amountCents;
  const amount = formatCents(cents).replace(/[$,]/g, '');
  return line([
    csvCell(e.date),
    csvCell(localOf(e.at).time),
    csvCell(e.kind === 'refund' ? 'Refund' : 'Payment'),
    csvCell(amount, { text: false }),
    csvCell(e.serviceName),
    csvCell(e.customerName),
    csvCell(e.bookingId ? bookingReference(e.bookingId) : undefined),
    csvCell(e.workOrderId ? (workOrderNumber ?? e.workOrderId) : undefined),
    csvCell(e.id),
    csvCell(e.paymentId),
    csvCell(e.reason),
    csvCell(
      e.tipCents
        ? formatCents(e.kind === 'refund' ? -e.tipCents : e.tipCents).replace(/[$,]/g, '')
        : undefined,
      {
        text: false,
      },
    ),
    csvCell(e.technician === undefined ? undefined : `Technician ${e.technician}`),
  ]);
}

/**
 * A page of entries as CSV lines, with their work orders' numbers: one BatchGetItem of the page's
 * work orders (`id, workOrderNumber` only; at most EXPORT_PAGE keys). A work order since deleted
 * keeps its id in the file.
 */
export async function csvLines(entries: readonly Entry[]): Promise<string> {
  const ids = [...new Set(entries.flatMap((e) => (e.workOrderId ? [e.workOrderId] : [])))];
  const numbers = new Map<string, string>();
  if (ids.length > 0) {
    const raws = await batchGetItems(
      ids.map((id) => workOrderEntity.key({ id })),
      'id, workOrderNumber',
    );
    for (const raw of raws) {
      if (typeof raw.id === 'string' && typeof raw.workOrderNumber === 'string') {
        numbers.set(raw.id, raw.workOrderNumber);
      }
    }
  }
  return entries.map((e) => csvLine(e, e.workOrderId ? numbers.get(e.workOrderId) : undefined)).join('');
}

/** The file's name: `revenue-2026-01-01-to-2026-03-31.csv`. */
export const csvFileName = (range: ExportInput) => `revenue-${range.from}-to-${range.to}.csv`;
