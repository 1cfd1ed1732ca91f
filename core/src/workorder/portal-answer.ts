import * as z from 'zod';
import { linkTexts } from '../auth/link-texts';
import { LinkToken } from '../auth/link-token';
import { Booking } from '../booking/index';
import { business } from '../business';
import { config } from '../config';
import { composeMail } from '../mail/compose';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import * as time from '../time';
import { fn } from '../util/fn';
import { acknowledgmentViewOf, type ForAcknowledgment, signedByCustomer } from './acknowledgment';
import { checkCode, issueCode, maskEmail, SixDigits } from './customer-code';
import { AcknowledgeInput } from './input';
import { fail, refuseInvalid } from './messages';
import { PortalEmail, portalWorkOrder } from './portal';
import { putIfUnchanged, type Stored, write } from './store';

/**
 * The estimate in the work order portal (issue 33, decision 127). The number and the customer's
 * email show it (read-only, as the acknowledgment page shows it); they are no signing key, so to
 * answer, the customer asks for a one-time code mailed to the work order's customer email (the one
 * just typed), then answers each line, accepts the terms and signs, the same acknowledgment as by
 * link (`signedByCustomer`), with the code's use in its transaction.
 */

export const portalAnswerMessages = {
  nothingToAnswer: 'This work order has no recommended work waiting for your answer.',
  codeSent: (to: string, minutes: number) =>
    `We emailed a code to ${to}. Type it below within ${minutes} minutes.`,
  signatureRequired: 'Please sign: your signature approves the work you chose.',
  acknowledged: (on: string) => `This work order has already been acknowledged on ${on}.`,
} as const;

const codeTexts = {
  none: linkTexts.portalCode.none,
  expired: linkTexts.portalCode.expired,
  tooMany: linkTexts.portalCode.tooMany,
  stale: linkTexts.portalCode.stale,
  wrong: linkTexts.portalCode.wrong,
};

/** `POST /public/{number}/estimate/code` `{ email }`. */
export const PortalCodeInput = z.object({ email: PortalEmail });

/** `POST /public/{number}/estimate/answer`: the acknowledgment's body (the email is the one typed), and the code. */
export const PortalAnswerInput = AcknowledgeInput.extend({ code: SixDigits });

/** Refused unless recommended work awaits the customer's answer (409), or once acknowledged. */
function assertOpen(wo: Stored) {
  const ack = wo.acknowledgment;
  if (ack.state === 'acknowledged') {
    fail('conflict', portalAnswerMessages.acknowledged(time.formatLongDate(ack.acknowledgedAt)), {
      alreadyAcknowledged: true,
    });
  }
  if (!wo.estimateLines.some((l) => l.state === 'proposed'))
    fail('conflict', portalAnswerMessages.nothingToAnswer);
}

/**
 * `GET /api/workOrders/public/{number}/estimate?email=`: the acknowledgment page's view of the work
 * order (lines, photos' ids, totals, the estimate, its version), for the number and email (the
 * portal's rate-limited lookup; any mismatch its 404).
 */
export const estimateForPortal = fn(
  z.tuple([z.string(), PortalEmail]),
  async (number, email): Promise<ForAcknowledgment> => {
    const wo = await portalWorkOrder(number, email);
    return acknowledgmentViewOf(wo, await Booking.priceOf(wo.relatedBooking ?? ''));
  },
  refuseInvalid,
);

/**
 * `POST /api/workOrders/public/{number}/estimate/code` `{ email }`: mails a six-digit code to the
 * work order's customer email (which the email typed matched), `PORTAL_CODE_MINUTES` long; a new
 * one replaces the last. Limited with the work order's mail (10 an hour) and the portal's lookups.
 */
export const sendPortalCode = fn(
  z.tuple([z.string(), PortalCodeInput, z.date().optional()]),
  async (number, input, now = new Date()): Promise<{ message: string; sentTo: string }> => {
    const wo = await portalWorkOrder(number, input.email);
    assertOpen(wo);
    await RateLimit.hit(rateLimits.workOrderMail, wo.id);
    const sentTo = maskEmail(wo.customer.email);
    const { code, sent, items } = issueCode('answer-estimate-portal', wo, sentTo, now);
    const minutes = config().portalCodeMinutes;
    const mail = Outbox.prepare(
      composeMail(
        {
          to: wo.customer.email,
          replyTo: business.email,
          subject: `Your code for work order ${wo.workOrderNumber}`,
        },
        [
          'Hello,',
          `Your code to answer the estimate of work order ${wo.workOrderNumber} in our work order portal is ${code}. It works once, for ${minutes} minutes.`,
          `If you did not ask for it, ignore this mail, or call us at ${business.phone}.`,
        ],
      ),
    );
    const next: Stored = { ...wo, portalCode: sent, rev: wo.rev + 1, updatedAt: now.toISOString() };
    await write([putIfUnchanged(next, wo), ...items, mail.item]);
    await Outbox.deliver(mail);
    return { message: portalAnswerMessages.codeSent(sentTo, minutes), sentTo };
  },
  refuseInvalid,
);

/**
 * `POST /api/workOrders/public/{number}/estimate/answer`: the customer's answers, the terms and
 * the signature (required), with the code mailed to them. Checked against the code last sent for
 * this content (wrong: 400, counted; run out, used, or the estimate changed since it was sent: 409),
 * then the link's own acknowledgment, the code used in its transaction (so it works once; a link
 * still out is deleted in it too). Recorded as `portal_code`, with where the code went.
 */
export const answerInPortal = fn(
  z.tuple([z.string(), PortalAnswerInput, z.date().optional()]),
  async (number, input, now = new Date()): Promise<{ message: string; workOrderNumber: string }> => {
    const wo = await portalWorkOrder(number, input.acknowledgedBy.email);
    assertOpen(wo);
    const commit = await checkCode('answer-estimate-portal', wo, input.code, now, codeTexts, {
      bindsTotal: false,
    });
    if (!input.signature) fail('invalid', portalAnswerMessages.signatureRequired);
    const link = wo.acknowledgment.tokenHash;
    return signedByCustomer(
      wo,
      input,
      { channel: 'portal_code', codeSentTo: wo.portalCode?.sentTo ?? '' },
      now,
      (items) => commit([...items, ...(link ? [LinkToken.removeItem(link)] : [])]),
    );
  },
  refuseInvalid,
);
