import type { PDFDocument, PDFImage } from 'pdf-lib';
import { formatLongDate } from '../../time';
import { CATEGORY_LABELS, CONDITION_LABELS } from './model';
import type { WorkOrder } from '../model';
import { CONTENT_WIDTH, type Layout, MARGIN, MUTED, RULE, SIZE } from '../pdf-layout';

/**
 * The PDF's inspection (decision 080): the table of categories, then the
 * photos' small copies (JPEG, embedded as they are: pdf-lib copies a JPEG's
 * bytes without decoding it), four to a row.
 */

const PER_ROW = 4;
const GAP = 8;

/** The photos as PDF images; one that pdf-lib cannot read is left out. */
export async function embedPhotos(doc: PDFDocument, jpegs: readonly Uint8Array[]): Promise<PDFImage[]> {
  const embedded = await Promise.all(jpegs.map((bytes) => doc.embedJpg(bytes).catch(() => undefined)));
  return embedded.filter((image): image is PDFImage => image !== undefined);
}

export function drawInspection(layout: Layout, workOrder: WorkOrder, photos: readonly PDFImage[]) {
  const inspection = workOrder.inspection;
  if (!inspection && photos.length === 0) return;
  layout.heading('Vehicle inspection');
  if (inspection) {
    const on = formatLongDate(inspection.inspectedAt);
    layout.y -= SIZE.small * 1.6;
    layout.text(
      `Inspected by ${inspection.inspectedBy}${on ? ` on ${on}` : ''}.`,
      MARGIN,
      layout.y,
      SIZE.small,
      {
        color: MUTED,
      },
    );
    layout.y -= 4;
    layout.table(
      'Vehicle inspection',
      [
        { header: 'Category', width: 110, align: 'left' },
        { header: 'Condition', width: 100, align: 'left' },
        { header: 'Note', width: CONTENT_WIDTH - 210, align: 'left' },
      ],
      inspection.items.map((item) => [
        CATEGORY_LABELS[item.category],
        CONDITION_LABELS[item.condition],
        item.note,
      ]),
      'No items inspected.',
    );
  }
  if (photos.length === 0) return;
  const cell = (CONTENT_WIDTH - GAP * (PER_ROW - 1)) / PER_ROW;
  layout.y -= 6;
  for (let row = 0; row * PER_ROW < photos.length; row++) {
    const inRow = photos.slice(row * PER_ROW, row * PER_ROW + PER_ROW);
    const height = Math.max(...inRow.map((image) => (cell * image.height) / image.width));
    const boxHeight = Math.min(height, cell * 1.4);
    layout.ensure(boxHeight + GAP);
    layout.y -= boxHeight;
    inRow.forEach((image, n) => {
      const scale = Math.min(cell / image.width, boxHeight / image.height);
      const width = image.width * scale;
      const h = image.height * scale;
      const x = MARGIN + n * (cell + GAP) + (cell - width) / 2;
      layout.page.drawImage(image, { x, y: layout.y + (boxHeight - h) / 2, width, height: h });
      layout.page.drawRectangle({
        x,
        y: layout.y + (boxHeight - h) / 2,
        width,
        height: h,
        borderColor: RULE,
        borderWidth: 0.5,
      });
    });
    layout.y -= GAP;
  }
}
