/**
 * A work order as a printable PDF (issue 13, decision 041): US Letter, the
 * standard Helvetica fonts (nothing to embed, so it renders fast and stays
 * small), every amount from the work order's own cents through the one money
 * format. The API serves it to the admin and the portal and attaches it to the
 * customer's mail; the drawn signature (a private PNG) is passed in by the
 * caller when there is one.
 *
 * Never printed: `internalNotes` (the shop's own notes).
 */
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { business } from '../business';
import { formatCents } from '../money';
import { formatLongDate } from '../time';
import { type WorkOrder, statusBadge } from './model';
import { formatTaxRate } from './pricing';

export type RenderWorkOrderPdfOptions = { signaturePng?: Uint8Array };

// US Letter in points; the shop is in Pennsylvania.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 45;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 28;
/** Content stops above the footer. */
const BOTTOM = 50;

const SIZE = { body: 9, small: 7.5, label: 7.5, heading: 10.5, title: 18, total: 11 } as const;
const LINE = 1.3;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.42, 0.46);
const RULE = rgb(0.8, 0.81, 0.84);
const SHADE = rgb(0.94, 0.95, 0.96);

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

/**
 * Characters Helvetica's WinAnsi encoding lacks, with a readable stand-in.
 * Anything else it lacks is decomposed (ą → a) or, failing that, becomes '?'.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2715': 'x',
  '\u2717': 'x',
  '\u2022': '\u2022',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': '    ',
  // Letters Unicode does not decompose into a base letter and an accent.
  '\u0141': 'L', // Ł
  '\u0142': 'l', // ł
  '\u0110': 'D', // Đ
  '\u0111': 'd', // đ
  '\u0126': 'H', // Ħ
  '\u0127': 'h', // ħ
  '\u0131': 'i', // dotless i
  '\u0132': 'IJ',
  '\u0133': 'ij',
  '\u0138': 'k', // ĸ
  '\u013f': 'L', // Ŀ
  '\u0140': 'l', // ŀ
  '\u014a': 'N', // Ŋ
  '\u014b': 'n', // ŋ
  '\u0166': 'T', // Ŧ
  '\u0167': 't', // ŧ
  '\u0180': 'b',
  '\u0197': 'I',
  '\u01b5': 'Z',
  '\u01b6': 'z',
};
/** Code point ranges of invisible characters (controls, zero-width, bidi marks, variation selectors, BOM): dropped. */
const INVISIBLE: [number, number][] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  // An emoji's skin tones and the keycap mark belong to the character before them, itself a '?'.
  [0x1f3fb, 0x1f3ff],
  [0x20e3, 0x20e3],
  [0xe0000, 0xe007f],
];
const isInvisible = (code: number) => INVISIBLE.some(([from, to]) => code >= from && code <= to);

/**
 * Text Helvetica can draw: known stand-ins, accents stripped where the letter
 * is missing, '?' for what has no stand-in (emoji, CJK). Line breaks are kept
 * (`\n`), so wrapping can honour them.
 */
export function toPrintable(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0;
    if (isInvisible(code)) continue;
    if (char === '\n' || supported.has(code)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out;
}

type Fonts = { regular: PDFFont; bold: PDFFont; supported: ReadonlySet<number> };
type Align = 'left' | 'right';
type Column = { header: string; width: number; align: Align };

/** A page cursor: draws top to bottom and starts a new page when the next block does not fit. */
class Layout {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Drawn at the top of every page the current table continues on. */
  private continuation: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    this.continuation?.();
  }

  /** Makes room for `height` points, on a new page if need be. */
  ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  withContinuation(header: () => void, body: () => void) {
    this.continuation = header;
    try {
      body();
    } finally {
      this.continuation = null;
    }
  }

  clean(text: string) {
    return toPrintable(text, this.fonts.supported);
  }

  /** Lines of at most `width` points: breaks at spaces, and inside a word too long for a line. */
  wrap(text: string, width: number, size: number, font = this.fonts.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = 1;
          while (cut < rest.length && font.widthOfTextAtSize(rest.slice(0, cut + 1), size) <= width) cut++;
          // Prefer to break after a hyphen or slash (part numbers, VINs with dashes) when one is in the line.
          const soft = Math.max(rest.lastIndexOf('-', cut - 1), rest.lastIndexOf('/', cut - 1));
          if (soft > 0 && soft + 1 < cut) cut = soft + 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line at (x, baseline y), already printable. */
  text(
    value: string,
    x: number,
    y: number,
    size: number,
    options: { font?: PDFFont; color?: ReturnType<typeof rgb>; align?: Align } = {},
  ) {
    const font = options.font ?? this.fonts.regular;
    const clean = this.clean(value);
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(clean, size) : x;
    this.page.drawText(clean, { x: left, y, size, font, color: options.color ?? INK });
  }

  /**
   * A labelled text: the label in a narrow column on the left, the text wrapped
   * beside it, flowing onto new pages line by line.
   */
  definition(label: string, value: string, labelWidth = 120) {
    const size = SIZE.body;
    const lines = this.wrap(value, CONTENT_WIDTH - labelWidth, size);
    // The label does not stand alone at the foot of a page.
    this.ensure(Math.min(lines.length, 2) * size * LINE + 3);
    this.y -= 3;
    lines.forEach((line, n) => {
      this.ensure(size * LINE);
      this.y -= size * LINE;
      if (n === 0)
        this.text(label, MARGIN, this.y + size * 0.25, SIZE.label, { font: this.fonts.bold, color: MUTED });
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y + size * 0.25,
        size,
        font: this.fonts.regular,
        color: INK,
      });
    });
  }

  heading(title: string, keepWith = 40) {
    this.ensure(SIZE.heading * LINE + 6 + keepWith);
    this.y -= 8;
    this.y -= SIZE.heading;
    this.text(title.toUpperCase(), MARGIN, this.y, SIZE.heading, { font: this.fonts.bold });
    this.y -= 5;
    this.rule(this.y, INK, 0.8);
    this.y -= 4;
  }

  rule(y: number, color = RULE, thickness = 0.5, from = MARGIN, to = PAGE_WIDTH - MARGIN) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }

  /**
   * A table whose header repeats, under a '(continued)' caption, on every page
   * it runs onto. Cells wrap; a row that does not fit the rest of a page starts
   * on the next one, and a row taller than a whole page is split between pages.
   */
  table(caption: string, columns: Column[], rows: string[][], empty: string) {
    const size = SIZE.body;
    const lineHeight = size * LINE;
    const padX = 4;
    const padY = 3.5;
    const headerHeight = lineHeight + 2 * padY;
    const header = () => {
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - headerHeight,
        width: CONTENT_WIDTH,
        height: headerHeight,
        color: SHADE,
      });
      let x = MARGIN;
      for (const column of columns) {
        const at = column.align === 'right' ? x + column.width - padX : x + padX;
        this.text(column.header, at, this.y - padY - size, SIZE.label + 0.5, {
          font: this.fonts.bold,
          align: column.align,
          color: MUTED,
        });
        x += column.width;
      }
      this.y -= headerHeight;
    };
    const continued = () => {
      this.y -= SIZE.label;
      this.text(`${caption} (continued)`, MARGIN, this.y, SIZE.label, {
        font: this.fonts.bold,
        color: MUTED,
      });
      this.y -= 6;
      header();
    };
    /** Lines of a row that fit between the cursor and the bottom. */
    const room = () => Math.floor((this.y - BOTTOM - 2 * padY + (LINE - 1) * size) / lineHeight);
    const wrapped = rows.map((row) =>
      columns.map((column, i) => this.wrap(row[i] ?? '', column.width - 2 * padX, size)),
    );
    const lineCount = (cells: string[][]) => Math.max(1, ...cells.map((cell) => cell.length));

    // The header is not left alone at the foot of a page: at least the first lines of the first row come with it.
    this.ensure(headerHeight + Math.min(lineCount(wrapped[0] ?? []), 3) * lineHeight + 2 * padY + 4);
    header();
    if (rows.length === 0) {
      this.y -= lineHeight + padY;
      this.text(empty, MARGIN + padX, this.y + size * 0.25, size, { color: MUTED });
      this.y -= padY;
      return;
    }
    const pageRoom = Math.floor(
      (PAGE_HEIGHT - MARGIN - SIZE.label - 6 - headerHeight - BOTTOM - 2 * padY + (LINE - 1) * size) /
        lineHeight,
    );
    this.withContinuation(continued, () => {
      for (const cells of wrapped) {
        const count = lineCount(cells);
        // A row that fits a page is kept whole.
        if (count > room() && count <= pageRoom) this.newPage();
        let from = 0;
        while (from < count) {
          if (room() < 1) this.newPage();
          const take = Math.min(room(), count - from);
          let x = MARGIN;
          columns.forEach((column, i) => {
            const at = column.align === 'right' ? x + column.width - padX : x + padX;
            (cells[i] ?? []).slice(from, from + take).forEach((line, n) => {
              this.text(line, at, this.y - padY - size - n * lineHeight, size, { align: column.align });
            });
            x += column.width;
          });
          this.y -= take * lineHeight - (LINE - 1) * size + 2 * padY;
          from += take;
          if (from < count) this.newPage();
        }
        this.rule(this.y);
      }
    });
  }
}

const money = (cents: number) => formatCents(cents);

/** '1.5', '0.25', '2': hours as the form entered them. */
const hours = (value: number) => String(Number(value.toFixed(2)));

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

export async function renderWorkOrderPdf(
  workOrder: WorkOrder,
  options: RenderWorkOrderPdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `Work Order ${workOrder.workOrderNumber}`;
  doc.setTitle(title);
  doc.setAuthor(business.name);
  doc.setSubject(`${title}: ${workOrder.customer.name}`);
  doc.setCreator(business.name);
  doc.setProducer(business.name);
  doc.setCreationDate(new Date(workOrder.updatedAt || workOrder.createdAt || Date.now()));

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, supported: new Set(regular.getCharacterSet()) };
  const layout = new Layout(doc, fonts);

  drawHeader(layout, workOrder);
  drawParties(layout, workOrder);
  drawServiceDetails(layout, workOrder);

  layout.heading('Labor');
  layout.table(
    'Labor',
    [
      { header: 'Description', width: CONTENT_WIDTH - 210, align: 'left' },
      { header: 'Hours', width: 50, align: 'right' },
      { header: 'Rate', width: 75, align: 'right' },
      { header: 'Total', width: 85, align: 'right' },
    ],
    workOrder.laborItems.map((item) => [
      item.description,
      hours(item.hours),
      `${money(item.hourlyRateCents)}/hr`,
      money(item.totalCents),
    ]),
    'No labor items.',
  );

  layout.heading('Parts');
  layout.table(
    'Parts',
    [
      { header: 'Part #', width: 90, align: 'left' },
      { header: 'Description', width: CONTENT_WIDTH - 90 - 195, align: 'left' },
      { header: 'Qty', width: 40, align: 'right' },
      { header: 'Unit price', width: 70, align: 'right' },
      { header: 'Total', width: 85, align: 'right' },
    ],
    workOrder.partItems.map((item) => [
      item.partNumber,
      item.description,
      String(item.quantity),
      money(item.unitPriceCents),
      money(item.totalCents),
    ]),
    'No parts.',
  );

  drawTotals(layout, workOrder);
  const signature = options.signaturePng ? await embedSignature(doc, options.signaturePng) : undefined;
  drawAcknowledgment(layout, workOrder, signature);
  drawFooters(layout, workOrder);

  return doc.save();
}

function drawHeader(layout: Layout, workOrder: WorkOrder) {
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
  const badgeWidth = bold.widthOfTextAtSize(badge, SIZE.small) + 12;
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
    const labelWidth = bold.widthOfTextAtSize(`${label}: `, SIZE.body);
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
function drawParties(layout: Layout, workOrder: WorkOrder) {
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

function drawServiceDetails(layout: Layout, workOrder: WorkOrder) {
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

function drawTotals(layout: Layout, workOrder: WorkOrder) {
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

/** The PNG as an image, or undefined when it is not one (the PDF is still worth having without it). */
async function embedSignature(doc: PDFDocument, png: Uint8Array): Promise<PDFImage | undefined> {
  try {
    return await doc.embedPng(png);
  } catch {
    return undefined;
  }
}

/** The acknowledgment's state in words: a bold first line, then the details. */
export function acknowledgmentText(
  acknowledgment: WorkOrder['acknowledgment'],
  signatureShown: boolean,
): { status: string; details: string[] } {
  const date = (value: string | undefined) => formatLongDate(value);
  if (acknowledgment.state === 'acknowledged' || acknowledgment.isAcknowledged) {
    const by = acknowledgment.acknowledgedBy;
    const on = date(acknowledgment.acknowledgmentDate);
    const details = [
      [by ? `By ${by.name} (${by.email})` : '', on ? `on ${on}` : ''].filter(Boolean).join(' ') + '.',
      'The customer acknowledged the work and the costs described in this work order.',
    ].filter((line) => line !== '.');
    if (!signatureShown)
      details.push(
        acknowledgment.hasSignature ? 'A drawn signature is on file.' : 'No drawn signature was given.',
      );
    return { status: 'Acknowledged', details };
  }
  if (acknowledgment.state === 'pending') {
    const expires = date(acknowledgment.tokenExpiresAt);
    return {
      status: 'Not yet acknowledged (pending)',
      details: [
        `An acknowledgment link was sent to the customer${expires ? `; it expires on ${expires}` : ''}.`,
      ],
    };
  }
  if (acknowledgment.state === 'expired') {
    const expired = date(acknowledgment.tokenExpiresAt);
    return {
      status: 'Not yet acknowledged (link expired)',
      details: [
        `The acknowledgment link expired${expired ? ` on ${expired}` : ''}. The shop can send a new one.`,
      ],
    };
  }
  return { status: 'Not yet acknowledged', details: [] };
}

function drawAcknowledgment(layout: Layout, workOrder: WorkOrder, signature: PDFImage | undefined) {
  const { acknowledgment } = workOrder;
  const boxHeight = 72;
  layout.heading('Customer acknowledgment', boxHeight + 30);
  layout.y -= 4;
  const { status, details } = acknowledgmentText(acknowledgment, signature !== undefined);
  const textWidth = CONTENT_WIDTH - 230;
  const top = layout.y;
  let y = top;
  for (const [n, line] of [status, ...details].entries()) {
    const font = n === 0 ? layout.fonts.bold : layout.fonts.regular;
    if (n === 1) y -= 3;
    for (const wrapped of layout.wrap(line, textWidth, SIZE.body, font)) {
      y -= SIZE.body * LINE;
      layout.text(wrapped, MARGIN, y, SIZE.body, { font });
    }
  }

  // The signature box, right: the drawn signature scaled to fit, or a line to sign on paper.
  const boxWidth = 210;
  const boxX = PAGE_WIDTH - MARGIN - boxWidth;
  const boxY = top - boxHeight;
  layout.page.drawRectangle({
    x: boxX,
    y: boxY,
    width: boxWidth,
    height: boxHeight,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  if (signature) {
    const scale = Math.min((boxWidth - 12) / signature.width, (boxHeight - 22) / signature.height, 1);
    const width = signature.width * scale;
    const height = signature.height * scale;
    layout.page.drawImage(signature, {
      x: boxX + (boxWidth - width) / 2,
      y: boxY + 16 + (boxHeight - 22 - height) / 2,
      width,
      height,
    });
  }
  layout.rule(boxY + 14, MUTED, 0.5, boxX + 8, boxX + boxWidth - 8);
  layout.text('Customer signature', boxX + 8, boxY + 4, SIZE.small - 1, { color: MUTED });
  layout.y = Math.min(y, boxY) - 8;
}

function drawFooters(layout: Layout, workOrder: WorkOrder) {
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
