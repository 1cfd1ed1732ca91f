import type { PDFDocument, PDFImage } from 'pdf-lib';
import { formatLongDate } from '../../time';
import { CATEGORY_LABELS, CONDITION_LABELS } from './model';
import type { PdfPhoto } from './photo-objects';
import { generalPhotos, photosOfItem } from './terms';
import type { WorkOrder } from '../model';
import { CONTENT_WIDTH, type Layout, LINE, MARGIN, MUTED, RULE, SIZE } from '../pdf-layout';

/**
 * The PDF's inspection (decision 080): the table of categories, then the
 * photos' small copies (JPEG, embedded as they are: pdf-lib copies a JPEG's
 * bytes without decoding it), four to a row: each item's under its name and
 * condition, then the general ones (decision 129).
 */

const PER_ROW = 4;
const GAP = 8;

/** A photo embedded in the PDF, with the inspection item it shows. */
export type PdfImage = { image: PDFImage; category?: string };

/** The photos as PDF images; one that pdf-lib cannot read is left out. */
export async function embedPhotos(doc: PDFDocument, photos: readonly PdfPhoto[]): Promise<PdfImage[]> {
  const embedded = await Promise.all(
    photos.map(async ({ jpeg, category }): Promise<PdfImage | undefined> => {
      const image = await doc.embedJpg(jpeg).catch(() => undefined);
      return image ? { image, ...(category ? { category } : {}) } : undefined;
    }),
  );
  return embedded.filter((photo): photo is PdfImage => photo !== undefined);
}

export function drawInspection(layout: Layout, workOrder: WorkOrder, photos: readonly PdfImage[]) {
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
  const items = inspection?.items ?? [];
  const ofItems = items.map((item) => ({ item, images: photosOfItem(photos, item.category) }));
  for (const { item, images } of ofItems) {
    if (images.length)
      drawPhotos(layout, images, `${CATEGORY_LABELS[item.category]}: ${CONDITION_LABELS[item.condition]}`);
  }
  const general = generalPhotos(photos, items);
  if (general.length) drawPhotos(layout, general, ofItems.some((o) => o.images.length) ? 'Other photos' : '');
}

/** Photos four to a row, under a caption when given (kept with the first row). */
function drawPhotos(layout: Layout, photos: readonly PdfImage[], caption: string) {
  const cell = (CONTENT_WIDTH - GAP * (PER_ROW - 1)) / PER_ROW;
  layout.y -= 6;
  for (let row = 0; row * PER_ROW < photos.length; row++) {
    const inRow = photos.slice(row * PER_ROW, row * PER_ROW + PER_ROW).map((p) => p.image);
    const height = Math.max(...inRow.map((image) => (cell * image.height) / image.width));
    const boxHeight = Math.min(height, cell * 1.4);
    const captionHeight = row === 0 && caption ? SIZE.small * LINE + 4 : 0;
    layout.ensure(captionHeight + boxHeight + GAP);
    if (captionHeight) {
      layout.y -= SIZE.small * LINE;
      layout.text(caption, MARGIN, layout.y, SIZE.small, { font: layout.fonts.bold, color: MUTED });
      layout.y -= 4;
    }
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
