import { degrees, drawText, type PDFDocument, type PDFFont, type PDFName, type PDFPage, rgb } from 'pdf-lib';
import { measure, toPrintable } from './pdf-text';

/** The PDF's page geometry, type sizes and ink, and the page cursor that lays blocks out on pages. */

// US Letter in points; the shop is in Pennsylvania.
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const MARGIN = 45;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const FOOTER_Y = 28;
/** Content stops above the footer. */
export const BOTTOM = 50;

export const SIZE = { body: 9, small: 7.5, label: 7.5, heading: 10.5, title: 18, total: 11 } as const;
export const LINE = 1.3;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.42, 0.46);
export const RULE = rgb(0.8, 0.81, 0.84);
export const SHADE = rgb(0.94, 0.95, 0.96);

const NO_ANGLE = degrees(0);

export type Fonts = { regular: PDFFont; bold: PDFFont; supported: ReadonlySet<number> };
export type Align = 'left' | 'right';
export type Column = { header: string; width: number; align: Align };

/** A page cursor: draws top to bottom and starts a new page when the next block does not fit. */
export class Layout {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  private readonly fontKeys = new Map<PDFPage, Map<string, PDFName>>();
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
    const space = measure(font, ' ', size);
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/)) {
        const wordWidth = measure(font, word, size);
        const candidate = line === '' ? wordWidth : lineWidth + space + wordWidth;
        if (candidate <= width) {
          line = line === '' ? word : `${line} ${word}`;
          lineWidth = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        let rest = word;
        while (measure(font, rest, size) > width) {
          let cut = 0;
          for (let used = 0; cut < rest.length; cut++) {
            used += measure(font, rest[cut] ?? '', size);
            if (used > width) break;
          }
          cut = Math.max(cut, 1);
          // Prefer to break after a hyphen or slash (part numbers, VINs with dashes) when one is in the line.
          const soft = Math.max(rest.lastIndexOf('-', cut - 1), rest.lastIndexOf('/', cut - 1));
          if (soft > 0 && soft + 1 < cut) cut = soft + 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
        lineWidth = measure(font, rest, size);
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
    const left = options.align === 'right' ? x - measure(font, clean, size) : x;
    this.page.pushOperators(
      ...drawText(font.encodeText(clean), {
        x: left,
        y,
        size,
        font: this.fontKey(font),
        color: options.color ?? INK,
        rotate: NO_ANGLE,
        xSkew: NO_ANGLE,
        ySkew: NO_ANGLE,
      }),
    );
  }

  /**
   * The font's name in the current page's resources, added once a page.
   * (pdf-lib's `page.drawText` adds a new resource entry every time the font
   * changes: hundreds on a long page, and each found by a linear search.)
   */
  private fontKey(font: PDFFont): PDFName {
    let keys = this.fontKeys.get(this.page);
    if (!keys) this.fontKeys.set(this.page, (keys = new Map()));
    let key = keys.get(font.name);
    if (!key) keys.set(font.name, (key = this.page.node.newFontDictionary(font.name, font.ref)));
    return key;
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
      this.text(line, MARGIN + labelWidth, this.y + size * 0.25, size);
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
