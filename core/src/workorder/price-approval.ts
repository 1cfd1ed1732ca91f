import * as z from 'zod';
import { assertAdmin, assertStaff, useActor } from '../actor';
import { PRICE_CODE_MINUTES } from '../auth/link-flows';
import { linkTexts } from '../auth/link-texts';
import { business } from '../business';
import { Booking } from '../booking/index';
import { config } from '../config';
import type { TransactItem } from '../db/entity';
import { composeMail } from '../mail/compose';
import { formatCents } from '../money';
import { Notify } from '../notify/index';
import { User } from '../user/index';
import { appendToTrail } from '../util/audit-trail';
import { fn } from '../util/fn';
import { checkCode, issueCode, maskEmail } from './customer-code';
import { fail, key, refuseInvalid } from './messages';
import { assertWorksOn } from './staff';
import { currentByName, find, putIfUnchanged, type Stored, write } from './store';
import { type Detail, view } from './view';

/**
 * A technician alone cannot charge any amount (issue 30, decision 091).
 *
 * - A line a technician prices by hand (a part, or labour at a rate other
 *   than the shop's) is "awaiting admin price approval" until the admin
 *   approves the work order's price or saves it themselves.
 * - A work order above the booked price × (1 + `CHARGE_TOLERANCE`) is charged
 *   only with nothing awaiting and either the admin's approval of at least
 *   its total, or the customer's own acknowledgment: by the mailed link (their
 *   own device), or in person only after they confirmed the amount with a
 *   one-time code sent to their own account's phone or mail (a LinkToken).
 * - Each step is in the work order's `priceTrail` (the audit trail's one rule).
 */

export const priceMessages = {
  approved: 'Price approved.',
  changed: (total: number) =>
    `The work order changed: it now comes to ${formatCents(total)}. Review it and approve again.`,
  noBooking: 'This work order is not tied to a booking, so nothing is charged for it.',
  notNeeded: 'This work order is within the booked price or already approved: no code is needed.',
  noCustomer: 'The booking has no customer account to send a code to.',
  codeSent: (to: string) => `A code was sent to the customer (${to}). Ask them for it.`,
  codeRequired: (total: number, booked: number) =>
    `This work order comes to ${formatCents(total)}, above the booked price of ${formatCents(booked)}: the customer must confirm it with the code sent to their own phone or email, or the office must approve the price, before they sign.`,
  noCode: 'No code was sent for this work order. Send the customer a code first.',
  codeExpired: linkTexts.priceCode.expired,
  codeTooMany: 'Too many wrong codes. Send the customer a new one.',
  codeStale: linkTexts.priceCode.stale,
  codeWrong: linkTexts.priceCode.wrong,
} as const;

/** How long a code works. */
const CODE_MINUTES = PRICE_CODE_MINUTES;

type Lines = Pick<Stored, 'laborItems' | 'partItems'>;
type Awaiting = Stored['awaitingPrice'];

const laborKey = (l: Stored['laborItems'][number]) =>
  JSON.stringify(['labor', l.description, l.hours, l.hourlyRateCents]);
const partKey = (p: Stored['partItems'][number]) =>
  JSON.stringify(['part', p.partNumber, p.description, p.quantity, p.unitPriceCents]);

/**
 * The lines awaiting the admin's price approval after a write of `next` by the
 * current actor: an admin's (or the system's) write prices every line itself
 * (none awaits); a technician's keeps the ones still there and adds every line
 * they priced by hand that was not there before (a part with a price, labour
 * at a rate other than the shop's `LABOR_RATE`).
 */
export function awaitingAfter(
  read: (Lines & { awaitingPrice?: Awaiting }) | undefined,
  next: Lines,
): Awaiting {
  const actor = useActor();
  if (actor.type !== 'user' || actor.role !== 'technician') return [];
  const before = new Set([
    ...(read?.laborItems ?? []).map(laborKey),
    ...(read?.partItems ?? []).map(partKey),
  ]);
  const nextKeys = new Set([...next.laborItems.map(laborKey), ...next.partItems.map(partKey)]);
  const kept = (read?.awaitingPrice ?? []).filter((a) => nextKeys.has(a.key));
  const rate = config().laborRateCents;
  const added: Awaiting = [
    ...next.laborItems
      .filter((l) => l.hourlyRateCents !== rate && l.totalCents > 0 && !before.has(laborKey(l)))
      .map((l) => ({
        key: laborKey(l),
        label: `${l.description || 'Labor'}: ${l.hours} h at ${formatCents(l.hourlyRateCents)}/h`,
      })),
    ...next.partItems
      .filter((p) => p.unitPriceCents > 0 && !before.has(partKey(p)))
      .map((p) => ({
        key: partKey(p),
        label: `${p.description || p.partNumber || 'Part'} × ${p.quantity} at ${formatCents(p.unitPriceCents)}`,
      })),
  ];
  const seen = new Set<string>();
  return [...kept, ...added].filter((a) => (seen.has(a.key) ? false : (seen.add(a.key), true)));
}

/** The price trail with the technician's new hand prices recorded, when the write added some. */
export function pricedTrail(
  trail: Stored['priceTrail'],
  read: Awaiting,
  next: Awaiting,
  total: number,
  by: string,
  at: string,
): Stored['priceTrail'] {
  const known = new Set(read.map((a) => a.key));
  const added = next.filter((a) => !known.has(a.key));
  const actor = useActor();
  if (read.length > 0 && next.length === 0 && actor.type === 'user' && actor.role !== 'technician') {
    // The admin saved the lines as the shop's: they no longer await approval (the total is not approved by it).
    const note = `Hand prices saved by the admin: ${read.map((a) => a.label).join('; ')}`.slice(0, 1000);
    return appendToTrail(trail, { event: 'approved', at, by, totalCents: total, note });
  }
  if (added.length === 0) return trail;
  const note = added
    .map((a) => a.label)
    .join('; ')
    .slice(0, 1000);
  return appendToTrail(trail, { event: 'priced-by-technician', at, by, totalCents: total, note });
}

/** The most a work order may charge without anyone's approval: the booked price × (1 + tolerance), to the cent. */
export const limitOf = (bookedCents: number) => Math.round(bookedCents * (1 + config().chargeTolerance));

/** The admin approved at least this total. */
export const approvedFor = (wo: Pick<Stored, 'priceApproval' | 'pricing'>) =>
  wo.priceApproval !== undefined && wo.priceApproval.totalCents >= wo.pricing.totalAmountCents;

/** The booked price and the customer, when the work order's total is above the limit and the admin has not approved it. */
async function needsConfirmation(wo: Stored) {
  if (!wo.relatedBooking) return undefined;
  const booking = await Booking.priceOf(wo.relatedBooking);
  if (!booking) return undefined;
  if (wo.pricing.totalAmountCents <= limitOf(booking.priceCents) || approvedFor(wo)) return undefined;
  return booking;
}

export const ApproveInput = z.object({
  /** The total the admin saw and approves, in cents: it must still be the work order's. */
  totalCents: z.number({ error: 'The total approved is required.' }).int().min(0),
});

/**
 * `POST /api/workOrders/{id}/approve-price` (admin) `{ total }`: the admin
 * approves the work order's current total (409 when it changed since they saw
 * it), which clears the lines awaiting approval. Recorded in `priceTrail`.
 */
export const approvePrice = fn(z.tuple([key, ApproveInput]), approveNow, refuseInvalid);

async function approveNow(workOrderId: string, input: z.output<typeof ApproveInput>): Promise<Detail> {
  assertAdmin();
  const wo = await find(workOrderId);
  const total = wo.pricing.totalAmountCents;
  if (input.totalCents !== total) fail('conflict', priceMessages.changed(total), { total: total / 100 });
  const at = new Date().toISOString();
  const by = await currentByName();
  const next: Stored = {
    ...wo,
    awaitingPrice: [],
    priceApproval: { totalCents: total, at, by },
    priceTrail: appendToTrail(wo.priceTrail, { event: 'approved', at, by, totalCents: total }),
    rev: wo.rev + 1,
    updatedAt: at,
  };
  await write([putIfUnchanged(next, wo)]);
  return view(next);
}

/**
 * `POST /api/workOrders/{id}/price-code` (staff: an admin, or the job's
 * technician): sends the customer a six-digit code to confirm the work
 * order's amount, by mail and, when they opted in to texts, by text, to the
 * booking's own account (never to the work order's editable contact). A new
 * code replaces the last one. 409 when no code is needed.
 */
export const sendPriceCode = fn(key, sendCodeNow, refuseInvalid);

async function sendCodeNow(
  workOrderId: string,
  now = new Date(),
): Promise<{ message: string; workOrder: Detail }> {
  assertStaff();
  const wo = await find(workOrderId);
  await assertWorksOn(wo.relatedBooking);
  if (!wo.relatedBooking) fail('invalid', priceMessages.noBooking);
  const booking = await needsConfirmation(wo);
  if (!booking) fail('conflict', priceMessages.notNeeded);
  const account = booking.userId ? await User.find(booking.userId) : undefined;
  if (!account) fail('conflict', priceMessages.noCustomer);
  const total = wo.pricing.totalAmountCents;
  const sentTo = maskEmail(account.email);
  const { code, sent, items } = issueCode('confirm-work-order-price', wo, sentTo, now);
  const at = now.toISOString();
  const by = await currentByName();
  const line = `Your code to approve ${formatCents(total)} for work order ${wo.workOrderNumber} is ${code}. Give it to the technician only if you agree to this amount. It works for ${CODE_MINUTES} minutes.`;
  const prepared = await Notify.prepare({
    kind: 'price-code',
    userId: account.id,
    mail: {
      ...composeMail({ to: account.email, subject: `Your code to approve ${formatCents(total)}` }, [
        `Hello ${account.firstName},`,
        line,
        `If you did not ask for this, do not share the code, and call us at ${business.phone}.`,
      ]),
      replyTo: config().businessEmail,
    },
    text: `${business.name}: ${line}`,
  });
  const next: Stored = {
    ...wo,
    priceCode: sent,
    priceTrail: appendToTrail(wo.priceTrail, { event: 'code-sent', at, by, totalCents: total, note: sentTo }),
    rev: wo.rev + 1,
    updatedAt: at,
  };
  await write([putIfUnchanged(next, wo), ...items, ...prepared.map((p) => p.item)]);
  await Notify.deliver(prepared);
  return { message: priceMessages.codeSent(sentTo), workOrder: view(next, now.getTime()) };
}

/**
 * What the in-person acknowledgment needs for the amount (in-person.ts): nothing
 * when within the limit or approved; otherwise the customer's code, whose use is
 * written in the acknowledgment's own transaction (once): `commit` writes it. A wrong code counts
 * against the code (at most five), and the reply says so; nothing else changes.
 */
export async function codeForInPerson(
  wo: Stored,
  code: string | undefined,
  now: Date,
): Promise<{ commit: (items: TransactItem[]) => Promise<void>; confirmed: boolean }> {
  const booking = await needsConfirmation(wo);
  if (!booking) return { commit: write, confirmed: false };
  const total = wo.pricing.totalAmountCents;
  if (!code) fail('conflict', priceMessages.codeRequired(total, booking.priceCents), { codeRequired: true });
  const commit = await checkCode(
    'confirm-work-order-price',
    wo,
    code,
    now,
    {
      none: priceMessages.noCode,
      expired: priceMessages.codeExpired,
      tooMany: priceMessages.codeTooMany,
      stale: priceMessages.codeStale,
      wrong: priceMessages.codeWrong,
    },
    { bindsTotal: true, extra: { codeRequired: true } },
  );
  return { commit, confirmed: true };
}
