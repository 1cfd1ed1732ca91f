import * as z from 'zod';
import { useClientIp } from '../actor';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import { emailAddress } from '../util/text';
import { takeAtLeast } from '../util/timing';
import { type PdfParts, pdfPartsOf } from './delivery';
import { fail, messages, refuseInvalid } from './messages';
import { NUMBER_SHAPE } from './numbering';
import { entity, numberGuard, type Stored } from './store';

/** The customer's email as the portal takes it: anything else is the one refusal the spec names. */
const PortalEmail = z.unknown().transform((value, ctx) => {
  const parsed = emailAddress.safeParse(value ?? '');
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: messages.portalBadEmail });
  return z.NEVER;
});
/** A placeholder id read when the number is unknown, so both refusals do the same reads. */
const NO_WORK_ORDER = 'wo_00000000000000000000000000';
const PORTAL_FLOOR_MS = 150;

/**
 * `GET /api/workOrders/public/{number}/pdf?email=`: anyone with the
 * number and the customer's email (any case) gets the PDF's parts. A
 * wrong email and an unknown number are the same 404 after the same two
 * reads; limited per address and per number.
 */
export const forPortal = fn(z.tuple([z.string(), PortalEmail]), forPortalNow, refuseInvalid);

async function forPortalNow(number: string, email: string): Promise<PdfParts> {
  return pdfPartsOf(await portalWorkOrder(number, email));
}

/** The work order a number and its customer's email name (rate limited, timed alike), or the portal's 404. */
export async function portalWorkOrder(number: string, email: string): Promise<Stored> {
  const workOrderNumber = number.trim().toUpperCase().slice(0, 40);
  await RateLimit.hit(rateLimits.workOrderPortalIp, useClientIp());
  await RateLimit.hit(rateLimits.workOrderPortalNumber, workOrderNumber.slice(0, 20));
  // The same two reads whichever way it ends, under a floor that exceeds their usual time (decision 009).
  const wo = await takeAtLeast(PORTAL_FLOOR_MS, async () => {
    const guard = NUMBER_SHAPE.test(workOrderNumber)
      ? await numberGuard.get({ workOrderNumber }, { consistent: true })
      : undefined;
    const found = await entity.get({ id: guard?.workOrderId ?? NO_WORK_ORDER }, { consistent: true });
    return found && found.customer.email.toLowerCase() === email.toLowerCase() ? found : null;
  });
  if (!wo) fail('not_found', messages.portalNotFound);
  return wo;
}

/**
 * The work order a number and email name, without the rate limits: only for
 * reads that also need a photo's random id, which only a rate-limited read
 * hands out (inspection/photos.ts). Null for any mismatch.
 */
export async function portalWorkOrderUnlimited(number: string, email: string): Promise<Stored | null> {
  const workOrderNumber = number.trim().toUpperCase().slice(0, 40);
  if (!NUMBER_SHAPE.test(workOrderNumber)) return null;
  const guard = await numberGuard.get({ workOrderNumber }, { consistent: true });
  const found = guard ? await entity.get({ id: guard.workOrderId }, { consistent: true }) : undefined;
  return found && found.customer.email.toLowerCase() === email.trim().toLowerCase() ? found : null;
}

export { PortalEmail };
