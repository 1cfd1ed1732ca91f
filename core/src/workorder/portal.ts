import { useClientIp } from '../actor';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { emailAddress } from '../util/text';
import { takeAtLeast } from '../util/timing';
import { type PdfParts, pdfPartsOf } from './delivery';
import { fail, messages } from './messages';
import { NUMBER_SHAPE } from './numbering';
import { entity, numberGuard } from './store';

const PortalEmail = emailAddress;
/** A placeholder id read when the number is unknown, so both refusals do the same reads. */
const NO_WORK_ORDER = 'wo_00000000000000000000000000';
const PORTAL_FLOOR_MS = 150;

/**
 * `GET /api/workOrders/public/{number}/pdf?email=`: anyone with the
 * number and the customer's email (any case) gets the PDF's parts. A
 * wrong email and an unknown number are the same 404 after the same two
 * reads; limited per address and per number.
 */
export async function forPortal(number: string, email: string): Promise<PdfParts> {
  const parsedEmail = PortalEmail.safeParse(email ?? '');
  if (!parsedEmail.success) fail('invalid', messages.portalBadEmail);
  const workOrderNumber = number.trim().toUpperCase().slice(0, 40);
  await RateLimit.hit(rateLimits.workOrderPortalIp, useClientIp());
  await RateLimit.hit(rateLimits.workOrderPortalNumber, workOrderNumber.slice(0, 20));
  // The same two reads whichever way it ends, under a floor that exceeds their usual time (decision 009).
  const wo = await takeAtLeast(PORTAL_FLOOR_MS, async () => {
    const guard = NUMBER_SHAPE.test(workOrderNumber)
      ? await numberGuard.get({ workOrderNumber }, { consistent: true })
      : undefined;
    const found = await entity.get({ id: guard?.workOrderId ?? NO_WORK_ORDER }, { consistent: true });
    return found && found.customer.email.toLowerCase() === parsedEmail.data.toLowerCase() ? found : null;
  });
  if (!wo) fail('not_found', messages.portalNotFound);
  return pdfPartsOf(wo);
}
