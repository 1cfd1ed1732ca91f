import * as z from 'zod';
import { assertStaff, useUser } from '../actor';
import { LinkToken } from '../auth/link-token';
import { Outbox } from '../mail/outbox';
import * as time from '../time';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { Booking } from '../booking/index';
import {
  acknowledgedNow,
  acknowledgmentViewOf,
  estimateAnswer,
  type ForAcknowledgment,
} from './acknowledgment';
import { AcknowledgeInput } from './input';
import { acknowledgedMail, shopAcknowledgedMail } from './mail';
import { fail, key, messages, refuseInvalid } from './messages';
import { signaturePng } from './signature';
import { deleteObject, putObject, SIGNATURE_PREFIX } from './signatures';
import { codeForInPerson } from './price-approval';
import { assertWorksOn } from './staff';
import { appendToTrail } from '../util/audit-trail';
import { contentDigest, currentByName, find, putIfUnchanged, type Stored } from './store';
import { type Detail, view } from './view';

export const inPersonMessages = {
  signatureRequired: "The customer's signature is required.",
  acknowledged: 'Work order acknowledged in person.',
} as const;

/**
 * What the shop's device sends when the customer signs in person: the
 * customer's name as they give it, the drawn signature (required), the
 * version shown and the browser; the email is the work order's own.
 */
export const InPersonInput = AcknowledgeInput.pick({
  signature: true,
  userAgent: true,
  version: true,
  decisions: true,
  termsAccepted: true,
}).extend({
  acknowledgedBy: AcknowledgeInput.shape.acknowledgedBy.pick({ name: true }),
  /** The one-time code the customer got on their own phone or mail, when the amount needs it (decision 091). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is six digits.')
    .optional(),
});
export type InPersonInput = z.input<typeof InPersonInput>;

/**
 * `GET /api/workOrders/{id}/for-signing` (issue 30): what the customer reads
 * on the technician's phone above the signature pad, the acknowledgment
 * page's own view (lines, photos, totals; nothing internal) with its version,
 * which the signature sends back. An admin or the job's technician.
 */
export const forSigning = fn(z.tuple([key]), forSigningNow, refuseInvalid);

async function forSigningNow(workOrderId: string): Promise<ForAcknowledgment> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  return acknowledgmentViewOf(wo, await Booking.priceOf(wo.relatedBooking ?? ''));
}

/**
 * `POST /api/workOrders/{id}/acknowledge-in-person` (issue 22, decision 079):
 * the customer acknowledges on the technician's phone, with the signature
 * pad. The same acknowledgment as by link (name, the work order's email,
 * time, address, browser, signature, content digest), recorded as in person
 * with who presented it. An admin or the job's technician; refused when
 * already acknowledged, or when the work changed since the version shown.
 * A link still out is deleted in the same transaction, so it cannot be used after.
 */
export const acknowledgeInPerson = fn(
  z.tuple([key, InPersonInput, z.date().optional()]),
  acknowledgeInPersonNow,
  refuseInvalid,
);

async function acknowledgeInPersonNow(
  workOrderId: string,
  input: z.output<typeof InPersonInput>,
  now = new Date(),
): Promise<{ message: string; workOrder: Detail }> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  const ack = wo.acknowledgment;
  if (ack.state === 'acknowledged') {
    fail(
      'invalid',
      `This work order has already been acknowledged on ${time.formatLongDate(ack.acknowledgedAt)}`,
      {
        alreadyAcknowledged: true,
        acknowledgmentDate: ack.acknowledgedAt,
      },
    );
  }
  if (input.version !== undefined && input.version !== contentDigest(wo)) {
    fail('invalid', messages.changedSinceShown, { changed: true });
  }
  if (!input.signature) fail('invalid', inPersonMessages.signatureRequired);
  const png = signaturePng(input.signature);
  const at = now.toISOString();
  const by = { name: input.acknowledgedBy.name, email: wo.customer.email };
  // The estimate's answers on the phone (decision 125), then the amount they make.
  const estimate = await estimateAnswer(wo, input, { channel: 'in_person', by: by.name, signed: true }, at);
  const decided: Stored = { ...wo, ...estimate.next };
  // Above the booked price and not approved: the customer's own code first (decision 091).
  const code = await codeForInPerson(decided, input.code, now);
  const signatureKey = `${SIGNATURE_PREFIX}${wo.id}/${createId('workOrder').slice(3)}.png`;
  const presenter = await currentByName();
  const next: Stored = {
    ...decided,
    acknowledgment: {
      ...acknowledgedNow(decided, by, input.userAgent, signatureKey, at),
      inPerson: {
        presentedBy: { id: useUser().userId, name: presenter },
        ...(code.confirmed ? { codeConfirmedAt: at } : {}),
      },
    },
    ...(code.confirmed
      ? {
          priceTrail: appendToTrail(wo.priceTrail, {
            event: 'code-confirmed' as const,
            at,
            by: presenter,
            totalCents: decided.pricing.totalAmountCents,
            note: `Confirmed by the customer's code, signed by ${by.name}`,
          }),
        }
      : {}),
    rev: wo.rev + 1,
    updatedAt: at,
  };
  const mails = [
    ...(by.email ? [Outbox.prepare(acknowledgedMail(view(next), by, at))] : []),
    Outbox.prepare(shopAcknowledgedMail(view(next), by, at, true)),
  ];
  await putObject(signatureKey, png);
  try {
    // Through the code's use when the amount needed one (LinkToken.use), else the plain write.
    await code.commit([
      putIfUnchanged(next, wo),
      ...estimate.items,
      ...(ack.tokenHash ? [LinkToken.removeItem(ack.tokenHash)] : []),
      ...mails.map((m) => m.item),
    ]);
  } catch (error) {
    await deleteObject(signatureKey);
    throw error;
  }
  await Outbox.deliver(...mails);
  return { message: inPersonMessages.acknowledged, workOrder: view(next, now.getTime()) };
}
