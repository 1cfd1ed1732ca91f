import * as z from 'zod';
import { assertAdmin, useClientIp } from '../actor';
import { LinkToken } from '../auth/link-token';
import { drainDue, type JobReport, settle } from '../db/due-queue';
import type { TransactItem } from '../db/entity';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import * as time from '../time';
import type { Deadline } from '../util/deadline';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { AcknowledgeInput } from './input';
import { acknowledgedMail, acknowledgmentLinkMail, shopAcknowledgedMail } from './mail';
import { fail, key, messages, refuseInvalid } from './messages';
import type { WorkOrder as Info } from './model';
import { type ForCustomer, forCustomer } from './inspection/photo-objects';
import { deleteObject, putObject, SIGNATURE_PREFIX } from './signatures';
import { signaturePng } from './signature';
import { Booking } from '../booking/index';
import { answered, countSent } from './estimate-approval';
import { estimateMessages } from './estimate-input';
import { type EstimateView, estimateViewOf } from './estimate-view';
import { ackQueue, contentDigest, entity, find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, stateOf, view } from './view';

/**
 * `POST /api/workOrders/{id}/generate-acknowledgment`: a new single-use
 * link (256 bits, stored hashed, `ackLinkDays` long), mailed to the
 * customer; it replaces the earlier one, whose token is deleted in the
 * same transaction. An acknowledged work order answers 400 with the date.
 */
export const generateAcknowledgment = fn(
  z.tuple([key, z.date().optional()]),
  generateAcknowledgmentNow,
  refuseInvalid,
);

async function generateAcknowledgmentNow(
  workOrderId: string,
  now = new Date(),
): Promise<{ tokenExpiresAt: string; message: string; workOrder: Detail }> {
  assertAdmin();
  const wo = await find(workOrderId);
  const ack = wo.acknowledgment;
  if (ack.state === 'acknowledged') {
    const date = time.formatLongDate(ack.acknowledgedAt);
    fail('invalid', `This work order has already been acknowledged on ${date}`, {
      acknowledgmentDate: ack.acknowledgedAt,
    });
  }
  if (!wo.customer.email) fail('invalid', messages.noEmail);
  await RateLimit.hit(rateLimits.workOrderMail, wo.id);
  const link = LinkToken.prepare('acknowledge-work-order', {
    subjectId: wo.id,
    owner: entity.key({ id: wo.id }),
    now,
  });
  const at = now.toISOString();
  const next: Stored = {
    ...wo,
    acknowledgment: {
      state: 'pending',
      tokenHash: link.tokenHash,
      tokenExpiresAt: link.expiresAt.toISOString(),
    },
    rev: wo.rev + 1,
    updatedAt: at,
  };
  const mail = Outbox.prepare(acknowledgmentLinkMail(view(next), link.token, link.expiresAt));
  await write([
    putIfUnchanged(next, wo),
    link.item,
    // An estimate with lines to answer counts as sent (decision 125).
    ...(wo.estimateLines.some((l) => l.state === 'proposed') ? countSent(at) : []),
    ...(ack.tokenHash ? [LinkToken.removeItem(ack.tokenHash)] : []),
    mail.item,
  ]);
  await Outbox.deliver(mail);
  return {
    tokenExpiresAt: link.expiresAt.toISOString(),
    message: 'Acknowledgment link sent to the customer.',
    workOrder: view(next, now.getTime()),
  };
}

/**
 * The work order a usable link is for; refused (the flow's replies) when
 * replaced, acknowledged or run out (LinkToken.view).
 */
export async function linked(token: string, now: Date): Promise<{ wo: Stored; record: LinkToken.Stored }> {
  const { subject, record } = await LinkToken.view('acknowledge-work-order', token, {
    subject: {
      load: (workOrderId) => entity.get({ id: workOrderId }, { consistent: true }),
      linkOf: (wo) => wo.acknowledgment.tokenHash,
      check: (wo) => {
        if (wo.acknowledgment.state === 'acknowledged') return 'settled';
        return stateOf(wo.acknowledgment, now.getTime()) === 'expired' ? 'expired' : null;
      },
    },
    now,
  });
  return { wo: subject, record };
}

/** What the acknowledgment page shows (doc 2 §2). */
export type ForAcknowledgment = Pick<
  Info,
  | 'workOrderNumber'
  | 'status'
  | 'vehicle'
  | 'serviceDetails'
  | 'scheduledDate'
  | 'laborItems'
  | 'partItems'
  | 'pricing'
> &
  ForCustomer & {
    customer: { name: string; email: string };
    /** The content digest of what is shown: sent back with the acknowledgment, which binds it (decision 039). */
    version: string;
    /** The estimate's lines to answer and answered, with the trip fee (decision 125). */
    estimate: EstimateView;
  };

/** `GET /api/workOrders/acknowledge/{token}`. */
export const forAcknowledgment = fn(z.tuple([key, z.date().optional()]), forAcknowledgmentNow, refuseInvalid);

async function forAcknowledgmentNow(token: string, now = new Date()): Promise<ForAcknowledgment> {
  const { wo } = await linked(token, now);
  return acknowledgmentViewOf(wo, await Booking.priceOf(wo.relatedBooking ?? ''));
}

/**
 * What the customer reads before acknowledging, from the stored work order:
 * the one view of the acknowledgment page and of the technician's phone when
 * the customer signs in person (issue 30): nothing internal (no notes, ids or tax input).
 */
export function acknowledgmentViewOf(wo: Stored, booking?: { tripFeeCents?: number }): ForAcknowledgment {
  return {
    workOrderNumber: wo.workOrderNumber,
    status: wo.status,
    customer: { name: wo.customer.name, email: wo.customer.email },
    vehicle: wo.vehicle,
    serviceDetails: wo.serviceDetails,
    scheduledDate: wo.scheduledDate,
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    pricing: wo.pricing,
    version: contentDigest(wo),
    estimate: estimateViewOf(wo, booking?.tripFeeCents),
    ...forCustomer(wo),
  };
}

/**
 * `POST /api/workOrders/acknowledge/{token}`: the customer acknowledges,
 * optionally with a drawn signature (checked by its bytes, stored
 * privately). Using the link and recording the acknowledgment (name,
 * email, time, address, browser, signature key, content digest) are one
 * transaction, conditional on the link being unused and the work order
 * unchanged since read; the confirmations go to the customer and the shop.
 */
export const acknowledge = fn(
  z.tuple([key, AcknowledgeInput, z.date().optional()]),
  acknowledgeNow,
  refuseInvalid,
);

async function acknowledgeNow(
  token: string,
  input: z.output<typeof AcknowledgeInput>,
  now = new Date(),
): Promise<{ message: string; workOrderNumber: string }> {
  const began = Date.now();
  const { wo } = await linkedToAnswer(token, now);
  if (input.acknowledgedBy.email.toLowerCase() !== wo.customer.email.toLowerCase()) {
    fail('forbidden', messages.emailMismatch);
  }
  return signedByCustomer(wo, input, { channel: 'link' }, now, async (items) => {
    // The link's use is stamped as it is written (this request's clock, on by the time it took so far).
    const result = await LinkToken.use('acknowledge-work-order', token, items, {
      now: new Date(now.getTime() + Date.now() - began),
    });
    // The link was usable when `linkedToAnswer` read it above: used since, by a request at the same moment.
    if (!result.ok) {
      LinkToken.refuse(result.reason === 'used' ? 'raced' : result.reason, 'acknowledge-work-order');
    }
  });
}

/**
 * The customer's own acknowledgment on their own device, by the mailed link or in the work order
 * portal with the code mailed to them (decision 127): the version shown, the estimate's answers, the
 * optional signature (stored privately, removed again if the write fails), the record and the two
 * confirmations, written by `commit` (the link's or the code's use, in one transaction).
 */
export async function signedByCustomer(
  wo: Stored,
  input: z.output<typeof AcknowledgeInput>,
  how: { channel: 'link' } | { channel: 'portal_code'; codeSentTo: string },
  now: Date,
  commit: (items: TransactItem[]) => Promise<void>,
): Promise<{ message: string; workOrderNumber: string }> {
  // What the customer read is what they acknowledge: an edit since the page was shown refuses it.
  if (input.version !== undefined && input.version !== contentDigest(wo)) {
    fail('invalid', messages.changedSinceShown, { changed: true });
  }
  const at = now.toISOString();
  const by = { name: input.acknowledgedBy.name, email: input.acknowledgedBy.email };
  // The estimate's answers (decision 125): checked before the signature is stored.
  const estimate = await estimateAnswer(
    wo,
    input,
    { channel: how.channel, by: by.name, signed: Boolean(input.signature) },
    at,
  );
  const png = input.signature ? signaturePng(input.signature) : undefined;
  const signatureKey = png ? `${SIGNATURE_PREFIX}${wo.id}/${createId('workOrder').slice(3)}.png` : undefined;
  if (png && signatureKey) await putObject(signatureKey, png);
  const decided: Stored = { ...wo, ...estimate.next };
  const next: Stored = {
    ...decided,
    acknowledgment: {
      tokenHash: wo.acknowledgment.tokenHash,
      tokenExpiresAt: wo.acknowledgment.tokenExpiresAt,
      ...acknowledgedNow(decided, by, input.userAgent, signatureKey, at),
      ...(how.channel === 'portal_code'
        ? { portal: { codeSentTo: how.codeSentTo, codeConfirmedAt: at } }
        : {}),
    },
    rev: wo.rev + 1,
    updatedAt: at,
  };
  const mails = [
    Outbox.prepare(acknowledgedMail(view(next), by, at)),
    Outbox.prepare(shopAcknowledgedMail(view(next), by, at, Boolean(signatureKey))),
  ];
  try {
    await commit([putIfUnchanged(next, wo), ...estimate.items, ...mails.map((m) => m.item)]);
  } catch (error) {
    if (signatureKey) await deleteObject(signatureKey);
    throw error;
  }
  await Outbox.deliver(...mails);
  return { message: messages.acknowledged, workOrderNumber: wo.workOrderNumber };
}

/**
 * `linked`, for an answer: a link used after this request began was used by a request at the
 * same moment, which won (issue 33): 409 `raced`; one used before it began is the spec's 400.
 */
async function linkedToAnswer(token: string, now: Date) {
  try {
    return await linked(token, now);
  } catch (error) {
    const found = await LinkToken.view('acknowledge-work-order', token, { now, limit: false });
    const usedAt = found.ok ? undefined : found.usedAt;
    if (usedAt && Date.parse(usedAt) > now.getTime()) LinkToken.refuse('raced', 'acknowledge-work-order');
    throw error;
  }
}

/**
 * The customer's answers to the estimate (decision 125), by link or in person: with lines to
 * answer, the terms must be accepted; the answer's writes go in the acknowledgment's transaction.
 */
export async function estimateAnswer(
  wo: Stored,
  input: {
    decisions?: { lineId: string; decision: 'approved' | 'declined' | 'deferred' }[];
    termsAccepted?: boolean;
  },
  answer: Parameters<typeof answered>[2],
  at: string,
) {
  const open = wo.estimateLines.some((l) => l.state === 'proposed') || (input.decisions ?? []).length > 0;
  if (open && !input.termsAccepted) fail('invalid', estimateMessages.termsRequired);
  const booking = open ? await Booking.priceOf(wo.relatedBooking ?? '') : undefined;
  return answered(wo, input.decisions, answer, at, booking?.userId);
}

/**
 * What an acknowledgment records, by link or in person: when, by whom, from which address and
 * browser, with which signature, of which content (the digest of the work order as read).
 */
export function acknowledgedNow(
  wo: Stored,
  by: { name: string; email: string },
  userAgent: string | undefined,
  signatureKey: string | undefined,
  at: string,
) {
  return {
    state: 'acknowledged' as const,
    acknowledgedAt: at,
    acknowledgedBy: by,
    clientIp: useClientIp(),
    userAgent,
    signatureKey,
    contentDigest: contentDigest(wo),
  };
}

// ---------------------------------------------------------------------------
// The scheduled job (decision 040)

/**
 * Marks expired every pending acknowledgment whose link ran out by `now`:
 * the `acknowledgment-expiry` due queue up to now (decision 109), one
 * conditional update each (still pending with that expiry), which also takes
 * it out of the queue. Running it twice, or twice at once, changes each work
 * order once.
 */
export const expireAcknowledgments = fn(
  z.tuple([z.date().optional(), z.object({ deadline: z.number().optional() }).optional()]),
  expireNow,
  refuseInvalid,
);

async function expireNow(now = new Date(), options: { deadline?: Deadline } = {}): Promise<JobReport> {
  assertAdmin();
  return drainDue(
    'acknowledgment-expiry',
    now,
    { deadline: options.deadline, pageSize: 500, perRun: 500 },
    async (due) => {
      const changed = await settle(ackQueue, due.id, {
        as: due,
        when: { 'acknowledgment.state': 'pending' },
        set: { 'acknowledgment.state': 'expired' },
        raiseRev: true,
      });
      return changed ? 'done' : 'dropped';
    },
  );
}
