import type { WorkOrder } from '@app/core/workorder/index';

/**
 * Renders a work order's PDF. The renderer (and pdf-lib with it) is imported
 * on first use: in the Lambda bundle it is a chunk of its own, so the API's
 * cold start never parses it (decision 025).
 */
export async function renderPdf(parts: WorkOrder.PdfParts): Promise<Uint8Array> {
  const { renderWorkOrderPdf } = await import('@app/core/workorder/pdf');
  return renderWorkOrderPdf(parts.workOrder, {
    ...(parts.signaturePng ? { signaturePng: parts.signaturePng } : {}),
    ...(parts.photoJpegs ? { photoJpegs: parts.photoJpegs } : {}),
  });
}
