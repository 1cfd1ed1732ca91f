import * as z from 'zod';
import { assertAdmin } from '../actor';
import { LinkToken } from '../auth/link-token';
import { failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { invite as inviteAccount } from '../account/invite';
import type { MailBlock } from '../mail/compose';
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

  // Lives seven days, or stops exactly at the booking's start when that comes first (the flow table).
  const link = LinkToken.prepare('confirm-booking', {
    subjectId: booking.id,
    owner: entity.key({ id: booking.id }),
    visit: booking,
    now,
  });
  // Not yet activated (made at the desk, issue 30): this mail also carries the invitation, one mail in all.
  const invitation =
    account.passwordHash === '' ? inviteAccount('user', account, { mail: false }) : undefined;
  const status: BookingStatus = 'Pending Customer Verification';
  const next: Stored = {
    ...booking,
    userId: account.id,
    customer: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      // The phone the desk took for the customer (issue 30): the booking carries it, as a booking made online.
      ...phoneOf(account),
    },
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
  const mail = Outbox.prepare(
    customBookingLinkMail(
      mailInfo(next),
      link.token,
      link.expiresAt,
      invitation && { token: invitation.token, days: invitation.days },
    ),
  );
  try {
    await transactWrite([putIfUnchanged(next, booking), link.item, ...(invitation?.items ?? []), mail.item]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', deskMessages.changedMeanwhile);
  }
  await Outbox.deliver(mail);
  return withService(next);
}

// ---------------------------------------------------------------------------
// The customer's confirmation link (doc 2 §2, §4; public, by token)

/**
 * The booking a usable link is for, or the refusal (the flow's replies: 404
 * for a link we do not know, 400 for one used, expired or replaced, or for a
 * booking that no longer waits for an answer). A link reads only its own booking.
 */
async function linkedBooking(token: string): Promise<Stored> {
  const { subject } = await LinkToken.view('confirm-booking', token, {
    subject: {
      load: (bookingId) => entity.get({ id: bookingId }, { consistent: true }),
      linkOf: (booking) => booking.confirmationTokenHash,
      check: (booking) => (booking.status === 'Pending Customer Verification' ? null : 'settled'),
    },
  });
  return subject;
}

/** `GET /api/bookings/verify-custom-booking/{token}`: the booking the link is for (doc 2 §3). */
export async function forConfirmation(token: string): Promise<Info> {
  return withService(await linkedBooking(token));
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
  const booking = await linkedBooking(token);
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
  const mails = (buttons: MailBlock[]) =>
    input.confirmed
      ? [
          ...toCustomer(after, (b) => bookingConfirmedMail(b, buttons)),
          shopCustomBookingAnsweredMail(mailInfo(after), 'confirmed'),
        ]
      : [shopCustomBookingAnsweredMail(mailInfo(after), 'declined')];
  // The link is used in the change's own transaction (LinkToken.use): of many answers at once, one counts.
  return changeStatus(booking, status, by, {
    mails,
    commit: async (items) => {
      const result = await LinkToken.use('confirm-booking', token, items);
      if (!result.ok) LinkToken.refuse(result.reason, 'confirm-booking');
    },
  });
}

/** The account's number for the booking's snapshot (issue 30), when it has one. */
function phoneOf(account: User.Account): { phone?: string } {
  const phone = User.contactPhone(account);
  return phone ? { phone } : {};
}
