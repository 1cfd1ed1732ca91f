import * as z from 'zod';
import { assertAdmin, useClientIp } from '../actor';
import { LinkToken } from '../auth/link-token';
import { failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import * as time from '../time';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { AnswerInput, AssignInput } from './input';
import { bookingConfirmedMail, customBookingLinkMail, shopCustomBookingAnsweredMail } from './mail';
import { appendStatusChange, type BookingStatus, deskMessages, type StatusChangeBy } from './rules';
import { changeStatus, currentBy } from './status';
import {
  entity,
  findBooking,
  type Info,
  mailInfo,
  putIfUnchanged,
  type Stored,
  toCustomer,
  withService,
} from './store';

export const CONFIRMATION_DAYS = 7;

/**
 * `PATCH /api/bookings/{id}/assign-customer` (admin): gives a booking the
 * shop made to a customer (doc 2 §4, §5). Status Pending Customer
 * Verification, the customer's account and names on it (so it shows in
 * their Service History), and a confirmation link (256 bits, stored
 * hashed, single use, expiring at the earlier of 7 days and the booking's
 * start) mailed with the booking's details, in one transaction. Assigning
 * again (a re-send, or another customer) replaces the earlier link.
 */
export const assignCustomer = fn(z.tuple([z.string(), AssignInput]), assignCustomerNow);
async function assignCustomerNow(bookingId: string, input: z.output<typeof AssignInput>): Promise<Info> {
  assertAdmin();
  const booking = await findBooking(bookingId);
  const [account, by] = await Promise.all([User.find(input.customerId), currentBy()]);
  if (!account || account.role !== 'user') throw new VisibleError('not_found', deskMessages.customerNotFound);
  if (account.email !== input.customerEmail.toLowerCase()) {
    throw new VisibleError('invalid', deskMessages.customerEmailMismatch);
  }
  if (booking.status !== 'Pending Verification' && booking.status !== 'Pending Customer Verification') {
    throw new VisibleError('conflict', deskMessages.notAssignable);
  }
  const start = Date.parse(time.instantOf(booking.date, booking.time));
  const now = new Date();
  if (start <= now.getTime()) throw new VisibleError('conflict', deskMessages.startPassed);
  await RateLimit.hit(rateLimits.assignBooking, booking.id);

  // Not rounded: the link then stops exactly at the booking's start when that comes first.
  const ttlSeconds = Math.min(CONFIRMATION_DAYS * 24 * 60 * 60 * 1000, start - now.getTime()) / 1000;
  const link = LinkToken.prepare({
    purpose: 'confirm-booking',
    subjectId: booking.id,
    ownerPk: `BOOKING#${booking.id}`,
    ttlSeconds,
    now,
  });
  const status: BookingStatus = 'Pending Customer Verification';
  const next: Stored = {
    ...booking,
    userId: account.id,
    customer: { firstName: account.firstName, lastName: account.lastName, email: account.email },
    status,
    confirmationTokenHash: link.tokenHash,
    updatedAt: now.toISOString(),
    statusHistory:
      booking.status === status
        ? booking.statusHistory
        : appendStatusChange(booking.statusHistory, {
            from: booking.status,
            to: status,
            by,
            at: now.toISOString(),
          }),
  };
  const mail = Outbox.prepare(customBookingLinkMail(mailInfo(next), link.token, link.expiresAt));
  try {
    await transactWrite([putIfUnchanged(next, booking), link.item, mail.item]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', deskMessages.changedMeanwhile);
  }
  await Outbox.deliver(mail);
  return withService(next);
}

// ---------------------------------------------------------------------------
// The customer's confirmation link (doc 2 §2, §4; public, by token)

/** 404 for a link we do not know, 400 for one used, expired or replaced (the contract's statuses). */
function refuseLink(reason: LinkToken.Failure | 'replaced' | 'not-waiting'): never {
  if (reason === 'invalid') throw new VisibleError('not_found', deskMessages.linkInvalid);
  const text = {
    used: deskMessages.linkUsed,
    expired: deskMessages.linkExpired,
    stale: deskMessages.linkNotWaiting,
    replaced: deskMessages.linkReplaced,
    'not-waiting': deskMessages.linkNotWaiting,
  }[reason];
  throw new VisibleError('invalid', text, { reason });
}

/** The booking a usable link is for, or the refusal. A link reads only its own booking. */
async function linkedBooking(token: string): Promise<{ booking: Stored; record: LinkToken.Stored }> {
  await RateLimit.hit(rateLimits.bookingLinkIp, useClientIp());
  const found = await LinkToken.inspect('confirm-booking', token);
  if (!found.ok) refuseLink(found.reason);
  const booking = await entity.get({ id: found.record.subjectId }, { consistent: true });
  if (!booking) refuseLink('invalid');
  if (booking.confirmationTokenHash !== found.record.tokenHash) refuseLink('replaced');
  if (booking.status !== 'Pending Customer Verification') refuseLink('not-waiting');
  return { booking, record: found.record };
}

/** `GET /api/bookings/verify-custom-booking/{token}`: the booking the link is for (doc 2 §3). */
export async function forConfirmation(token: string): Promise<Info> {
  const { booking } = await linkedBooking(token);
  return withService(booking);
}

/**
 * `POST /api/bookings/verify-custom-booking/{token}`: the customer confirms
 * (Confirmed; mails to the customer and the shop) or declines (Cancelled,
 * the time given back; a mail to the shop). The link's use and the
 * booking's change are one transaction, conditional on the link being
 * unused and still the booking's current one, so of many answers at once
 * exactly one counts; the others are 400.
 */
export const answerConfirmation = fn(z.tuple([z.string(), AnswerInput]), answerConfirmationNow);
async function answerConfirmationNow(token: string, input: z.output<typeof AnswerInput>): Promise<Info> {
  const { booking, record } = await linkedBooking(token);
  const by: StatusChangeBy = {
    _id: booking.userId ?? null,
    name: booking.customer ? `${booking.customer.firstName} ${booking.customer.lastName}` : 'customer',
    role: 'customer',
  };
  const status: BookingStatus = input.confirmed ? 'Confirmed' : 'Cancelled';
  // As it will be: the mails' calendar file counts this change too.
  const after: Stored = {
    ...booking,
    status,
    statusHistory: appendStatusChange(booking.statusHistory, {
      from: booking.status,
      to: status,
      by,
      at: new Date().toISOString(),
    }),
  };
  const mails = input.confirmed
    ? [
        ...toCustomer(after, bookingConfirmedMail),
        shopCustomBookingAnsweredMail(mailInfo(after), 'confirmed'),
      ]
    : [shopCustomBookingAnsweredMail(mailInfo(after), 'declined')];
  // The link is used in the same transaction; its condition fails when another answer used it first.
  const use = LinkToken.useItem(record, new Date());
  try {
    return await changeStatus(booking, status, by, { items: [use], mails });
  } catch (error) {
    if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
    const again = await LinkToken.inspect('confirm-booking', token);
    refuseLink(again.ok ? 'not-waiting' : again.reason);
  }
}
