import {
  degrees,
  drawImage,
  type PDFDocument,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { formatLongDate } from '../time';
import type { WorkOrder } from './model';
import { CONTENT_WIDTH, LINE, type Layout, MARGIN, MUTED, PAGE_WIDTH, RULE, SIZE } from './pdf-layout';
import { decodePng, embedDecodedPng } from './png';

/** An embedded image: its own size in pixels, and how to draw it in a box on a page. */
export type EmbeddedImage = {
  width: number;
  height: number;
  draw: (page: PDFPage, box: { x: number; y: number; width: number; height: number }) => void;
};

/**
 * The PNG as an image, or undefined when it is not one (the PDF is still worth
 * having without it). The signature pad's PNGs go through Node's zlib
 * (./png.ts); any other PNG through pdf-lib.
 */
export async function embedSignature(doc: PDFDocument, png: Uint8Array): Promise<EmbeddedImage | undefined> {
  const decoded = decodePng(png);
  if (decoded) {
    const ref = embedDecodedPng(doc, decoded);
    return {
      width: decoded.width,
      height: decoded.height,
      draw: (page, box) => {
        const name = page.node.newXObject('Image', ref);
        page.pushOperators(
          pushGraphicsState(),
          ...drawImage(name, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
          popGraphicsState(),
        );
      },
    };
  }
  try {
    const image = await doc.embedPng(png);
    return { width: image.width, height: image.height, draw: (page, box) => page.drawImage(image, box) };
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
      acknowledgment.inPerson ? `Signed in person, presented by ${acknowledgment.inPerson.presentedBy}.` : '',
      acknowledgment.portal
        ? `Signed in the work order portal, with a one-time code mailed to ${acknowledgment.portal.codeSentTo}.`
        : '',
    ].filter((line) => line !== '.' && line !== '');
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

export function drawAcknowledgment(
  layout: Layout,
  workOrder: WorkOrder,
  signature: EmbeddedImage | undefined,
) {
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
    signature.draw(layout.page, {
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
