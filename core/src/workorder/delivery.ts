import * as z from 'zod';
import { assertAdmin } from '../actor';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import { workOrderMail } from './mail';
import { fail, key, messages, refuseInvalid } from './messages';
import { type PdfPhoto, smallPhotos } from './inspection/photo-objects';
import { readObject } from './signatures';
import { find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, view } from './view';

/** What the PDF of a work order needs: the work order and its drawn signature, if any. */
export type PdfParts = { workOrder: Detail; signaturePng?: Uint8Array; photoJpegs?: PdfPhoto[] };

export async function pdfPartsOf(wo: Stored): Promise<PdfParts> {
  const key = wo.acknowledgment.state === 'acknowledged' ? wo.acknowledgment.signatureKey : undefined;
  const [signaturePng, photoJpegs] = await Promise.all([
    key ? readObject(key) : undefined,
    wo.photos.length ? smallPhotos(wo) : [],
  ]);
  return {
    workOrder: view(wo),
    ...(signaturePng ? { signaturePng } : {}),
    ...(photoJpegs.length ? { photoJpegs } : {}),
  };
}

/** `GET /api/workOrders/{id}/pdf` (admin): what to render. */
export const forPdf = fn(key, forPdfNow, refuseInvalid);

async function forPdfNow(workOrderId: string): Promise<PdfParts> {
  assertAdmin();
  return pdfPartsOf(await find(workOrderId));
}

/**
 * An attachment's base64 larger than this is left out of the mail (the
 * outbox keeps a mail in one DynamoDB item, at most 400 KB); the mail then
 * points to the portal instead. A work order's PDF is far smaller.
 */
export const MAX_ATTACHMENT_BASE64 = 300 * 1024;

/**
 * `POST /api/workOrders/{id}/send-email`: mails the customer the work
 * order with its PDF (rendered by `render`) and records that it was sent.
 */
export const sendEmail = fn(
  z.tuple([key, z.custom<Render>((value) => typeof value === 'function')]),
  sendEmailNow,
  refuseInvalid,
);

/** Renders the PDF (functions/src/api/workorder-pdf.ts: the renderer is loaded on first use). */
type Render = (parts: PdfParts) => Promise<Uint8Array>;

async function sendEmailNow(
  workOrderId: string,
  render: Render,
): Promise<{ message: string; workOrder: Detail }> {
  assertAdmin();
  const wo = await find(workOrderId);
  if (!wo.customer.email) fail('invalid', messages.noEmail);
  await RateLimit.hit(rateLimits.workOrderMail, wo.id);
  const pdf = Buffer.from(await render(await pdfPartsOf(wo))).toString('base64');
  const now = new Date().toISOString();
  const next: Stored = { ...wo, emailSent: true, emailSentDate: now, rev: wo.rev + 1, updatedAt: now };
  const mail = await Outbox.prepareWithFiles(
    workOrderMail(view(next), pdf.length <= MAX_ATTACHMENT_BASE64 ? pdf : null),
  );
  await write([putIfUnchanged(next, wo), mail.item]);
  await Outbox.deliver(mail);
  return { message: `Work order ${wo.workOrderNumber} sent to the customer.`, workOrder: view(next) };
}
