/**
 * A work order as a printable PDF (issue 13, decision 041): US Letter, the
 * standard Helvetica fonts (nothing to embed, so it renders fast and stays
 * small), every amount from the work order's own cents through the one money
 * format. The API serves it to the admin and the portal and attaches it to the
 * customer's mail; the drawn signature (a private PNG) is passed in by the
 * caller when there is one.
 *
 * Never printed: `internalNotes` (the shop's own notes).
 *
 * The document is assembled here from its parts (decision 051): text for the
 * standard fonts (pdf-text.ts), the page cursor and its tables
 * (pdf-layout.ts), the sections (pdf-sections.ts) and the acknowledgment with
 * its signature (pdf-acknowledgment.ts), and the inspection with its
 * photos (inspection/pdf.ts).
 */
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFContentStream, PDFDocument, PDFName, PDFRef, StandardFonts } from 'pdf-lib';
import { business } from '../business';
import type { WorkOrder } from './model';
import { drawAcknowledgment, embedSignature } from './pdf-acknowledgment';
import { drawInspection, embedPhotos } from './inspection/pdf';
import type { PdfPhoto } from './inspection/photo-objects';
import { drawEstimate } from './pdf-estimate';
import { CONTENT_WIDTH, type Fonts, Layout } from './pdf-layout';
import {
  drawFooters,
  drawHeader,
  drawParties,
  drawServiceDetails,
  drawTotals,
  hours,
  money,
} from './pdf-sections';

export { acknowledgmentText } from './pdf-acknowledgment';
export { toPrintable } from './pdf-text';

export type RenderWorkOrderPdfOptions = {
  signaturePng?: Uint8Array;
  /** The inspection photos' small copies (JPEG, inspection/photo-objects.ts), in order, each with its item. */
  photoJpegs?: readonly PdfPhoto[];
};

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
  // Dated by the version it prints, so the same version renders to the same bytes.
  const version = [workOrder.updatedAt, workOrder.createdAt]
    .map((value) => new Date(value))
    .find((date) => !Number.isNaN(date.getTime()));
  doc.setCreationDate(version ?? new Date());
  doc.setModificationDate(version ?? new Date());

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
  drawEstimate(layout, workOrder);
  drawInspection(layout, workOrder, await embedPhotos(doc, options.photoJpegs ?? []));
  const signature = options.signaturePng ? await embedSignature(doc, options.signaturePng) : undefined;
  drawAcknowledgment(layout, workOrder, signature);
  drawFooters(layout, workOrder);

  compressContents(doc);
  return doc.save();
}

/**
 * Compresses the pages' content streams with Node's zlib, before pdf-lib's
 * JavaScript deflate would at save: that was half of a render's time.
 */
function compressContents(doc: PDFDocument) {
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      if (!(ref instanceof PDFRef)) continue;
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFContentStream)) continue;
      doc.context.assign(
        ref,
        doc.context.stream(deflateSync(stream.getUnencodedContents()), { Filter: 'FlateDecode' }),
      );
    }
  }
}
