import * as z from 'zod';
import { asSystem, assertAdmin, useActor, useUser } from '../actor';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { BookingPhoto } from '../photo/index';
import { Outbox } from '../mail/outbox';
import { Technician } from '../technician/index';
import { Notify } from '../notify/index';
import { BookingLink } from './link';
import { linkButtons, linkButtonsNote } from './link-mail';
import type { MailBlock } from '../mail/compose';
import { insideWindow, remindable, statusItems as reminderItems } from './reminder-due';
import * as time from '../time';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { dueAfter as reviewDueAfter, fileItem as reviewFileItem } from './review-request-item';
import { assertMayComplete } from './completion';
import { completionDue } from './due-item';
import { claim, releaseItems } from './claim';
import { type ChargeChoice, StatusInput } from './input';
import type { TipChoice } from '../rules/tip';
import { tipChoice } from '../rules/tip-input';
import { paymentSteps } from './payment-steps';
import { cancelNotice } from './notices';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingReinstatedMail,
  shopBookingCancelledMail,
} from './mail';
import {
  appendStatusChange,
  type BookingStatus,
  deskMessages,
  type StatusChangeBy,
  showsProgress,
  statusMail,
} from './rules';
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

// ---------------------------------------------------------------------------
// The admin's status changes

/** Who is making this change, for the audit trail: the signed-in person, or the system. */
export async function currentBy(): Promise<StatusChangeBy> {
  const actor = useActor();
  if (actor.type !== 'user') {
    return { _id: null, name: actor.type === 'system' ? actor.name : 'system', role: 'system' };
  }
  const account = await User.find(actor.userId);
  const name = account ? `${account.firstName} ${account.lastName}` : actor.firstName;
  const role = actor.role === 'user' ? 'customer' : actor.role;
  return { _id: actor.userId, name, role };
}

/** What a technician may send to the status route: Completed, and nothing else (issue 22). */
export const technicianMessages = {
  onlyCompleted: 'A technician can only mark their job Completed.',
  notOpen: 'Only a Pending or Confirmed job can be completed.',
} as const;

/**
 * The job's technician completes it (issue 22, decision 079): the same
 * completion as the desk's (charged once), from Confirmed only and within the
 * completion rule (decision 090: started, or its day; no override for them),
 * with the shop's default amount; any other change of the route stays the
 * admin's (403). A completed job sent again answers as it is.
 */
async function assertTechnicianMay(booking: Stored, input: z.output<typeof StatusInput>): Promise<void> {
  await Technician.assertWorks(booking.claim?.technician);
  if (
    !('status' in input) ||
    input.status !== 'Completed' ||
    input.charge !== undefined ||
    input.overrideReason !== undefined
  ) {
    throw new VisibleError('forbidden', technicianMessages.onlyCompleted);
  }
  if (booking.status !== 'Completed' && booking.status !== 'Pending' && booking.status !== 'Confirmed') {
    throw new VisibleError('conflict', technicianMessages.notOpen);
  }
}

/**
 * `PATCH /api/bookings/{id}/status` (admin; the job's technician: Completed only): a new status, or the progress
 * text. Any status may become any other (doc 2 §4); the server keeps the
 * invariants (decision 027): into Cancelled gives the time back, out of
 * Cancelled claims it again (409 when it was taken meanwhile), into
 * Completed charges the card once, and every change is in the audit trail.
 */
export const setStatus = fn(z.tuple([z.string(), StatusInput]), setStatusNow);
async function setStatusNow(bookingId: string, input: z.output<typeof StatusInput>): Promise<Info> {
  const technician = useActor().type === 'user' && useUser().role === 'technician';
  if (!technician) assertAdmin();
  const booking = await findBooking(bookingId);
  if (technician) {
    await assertTechnicianMay(booking, input);
    if (booking.status === 'Completed') return withService(booking);
    // The card is charged as the desk's completion charges it: the charge is the shop's (the system's) act.
    const by = await currentBy();
    return asSystem('completion by the technician', () =>
      changeStatus(
        booking,
        'Completed',
        by,
        'tip' in input && input.tip ? { tip: tipChoice(input.tip) } : {},
      ),
    );
  }
  if ('serviceStatus' in input) {
    if (!showsProgress(booking.status)) {
      throw new VisibleError(
        'conflict',
        'Progress text can be set only while a booking is Pending or Confirmed.',
      );
    }
    const updated = await entity.patch(
      { id: booking.id },
      {
        set: { serviceStatus: input.serviceStatus, updatedAt: new Date().toISOString() },
        when: (c) => c.and(c.itemExists(), c.oneOf('status', ['Pending', 'Confirmed'])),
      },
    );
    if (!updated) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
    return withService(updated);
  }
  if (input.status === booking.status) return withService(booking);
  return changeStatus(booking, input.status, await currentBy(), {
    charge: input.charge,
    ...(input.status === 'Completed' && input.tip ? { tip: tipChoice(input.tip) } : {}),
    ...(input.status === 'Completed' && input.overrideReason ? { override: input.overrideReason } : {}),
  });
}

/**
 * One status change as one transaction, conditional on the status and
 * update time read (a concurrent change makes this one fail with 409),
 * with the audit entry and the mails the customer must get (rules.ts
 * `statusMail`). Cancelling gives the time back in the same transaction;
 * leaving Cancelled claims it again (`reinstate`); completing records a
 * pending payment, then charges the card, unless it was paid before.
 */
export async function changeStatus(
  booking: Stored,
  status: BookingStatus,
  by: StatusChangeBy,
  extra: {
    /** The mails instead of the usual ones; `buttons`: the reminder's, when this mail stands in for it. */
    mails?: (buttons: MailBlock[]) => Mail.Message[];
    /** Writes the change's transaction instead (the mailed link redeems through LinkToken.redeemWith). */
    commit?: (items: TransactItem[]) => Promise<void>;
    /** Completing with a work order not yet acknowledged: which amount the admin chose (charge.ts). */
    charge?: ChargeChoice;
    /** The admin completes before the completion rule allows: why (decision 090; the audit keeps it). */
    override?: string;
    /** Completing: the customer's tip, their own choice (issue 35, decision 130). */
    tip?: TipChoice;
  } = {},
): Promise<Info> {
  const now = new Date().toISOString();
  const from = booking.status;
  const cancelling = status === 'Cancelled';
  const completing = status === 'Completed';
  // The completion rule (decision 090), for every caller, before anything is charged, written or mailed.
  if (completing && from !== 'Completed') assertMayComplete(booking, extra.override, new Date(now));
  const alreadyPaid = booking.payment?.status === 'paid';
  const charging = completing && !alreadyPaid;
  // A charge left pending is charged again as it was (its key charges once); otherwise a new attempt.
  const payment = !charging
    ? undefined
    : booking.payment?.status === 'pending'
      ? booking.payment
      : { ...(await paymentSteps().plan(booking, extra.charge, now, extra.tip)), ...linkOf(booking) };
  // The first completion files the review request (issue 21), due some hours later; a later one files none.
  const reviewDueAt = completing && !booking.reviewRequestDueAt ? reviewDueAfter(now) : undefined;
  // The vehicle's next due date for its service (issue 34), set by the first completion.
  const due = completing && from !== 'Completed' ? await completionDue(booking, now) : [];
  const next: Stored = {
    ...booking,
    status,
    ...(reviewDueAt ? { reviewRequestDueAt: reviewDueAt } : {}),
    updatedAt: now,
    statusHistory: appendStatusChange(booking.statusHistory, {
      from,
      to: status,
      by,
      at: now,
      ...(completing && extra.override ? { reason: extra.override } : {}),
    }),
    ...(cancelling ? { claim: undefined } : {}),
    ...(payment ? { payment } : {}),
  };
  const customerMail =
    by.role === 'customer' ? (cancelling ? 'cancelled' : null) : statusMail(from, status, alreadyPaid);
  // Entering Pending or Confirmed inside the reminder window with a mail that tells the customer so
  // (issue 30, decision 100): that mail carries the reminder's buttons, and no reminder follows it at
  // once. One mail for the event, as a booking made inside the window gets (customer.ts).
  const tellsCustomer =
    extra.mails !== undefined
      ? status === 'Confirmed'
      : customerMail === 'confirmed' || customerMail === 'reinstated';
  const standsIn =
    tellsCustomer &&
    !!next.customer?.email &&
    !remindable(from) &&
    remindable(status) &&
    insideWindow(next, new Date(now)) &&
    Date.parse(time.instantOf(next.date, next.time)) > Date.parse(now);
  const links = standsIn ? BookingLink.prepare(next, { now: new Date(now) }) : null;
  const buttons = links ? [...linkButtons(next.id, links.token), linkButtonsNote] : [];
  const cancelledBy = by.role === 'customer' ? 'customer' : 'shop';
  // The customer's cancel notice goes through Notify (issue 21: a text too, when they chose texts).
  const notices: Notify.Notice[] =
    extra.mails || customerMail !== 'cancelled'
      ? []
      : toCustomer(next, (b) => bookingCancelledMail(b, cancelledBy)).map((mail) =>
          cancelNotice(mailInfo(next), next.userId, mail, cancelledBy),
        );
  // `extra.mails`, when given, replace the usual ones (the customer's answer by the mailed link).
  const mails: Mail.Message[] = extra.mails?.(buttons) ?? [
    ...(customerMail === 'confirmed' ? toCustomer(next, (b) => bookingConfirmedMail(b, buttons)) : []),
    ...(customerMail === 'reinstated' ? toCustomer(next, (b) => bookingReinstatedMail(b, buttons)) : []),
    // The shop hears of a cancellation the customer made, or one it made that the customer was told of.
    ...(cancelling && customerMail === 'cancelled' && (cancelledBy === 'customer' || next.customer?.email)
      ? [shopBookingCancelledMail(mailInfo(next), cancelledBy)]
      : []),
  ];
  if (from === 'Cancelled') {
    await reinstate(booking, next, mails, now, links);
    // The claim's transaction has no room for it: filed right after, before the charge runs.
    const filed = [...(reviewDueAt ? [reviewFileItem(next.id, reviewDueAt, now)] : []), ...due];
    if (payment || filed.length > 0) {
      await transactWrite([...(payment ? [paymentSteps().queueItem(next, payment)] : []), ...filed]);
    }
  } else {
    const prepared = [
      ...(await Promise.all(mails.map((mail) => Outbox.prepareWithFiles(mail)))),
      ...(await Promise.all(notices.map((notice) => Notify.prepare(notice)))).flat(),
    ];
    const items = (day: boolean) => [
      putIfUnchanged(next, booking),
      ...(cancelling ? releaseItems(booking, now, day, true) : []),
      ...(payment ? [paymentSteps().queueItem(next, payment)] : []),
      ...(reviewDueAt ? [reviewFileItem(next.id, reviewDueAt, now)] : []),
      ...due,
      // Its due reminders (issue 21): written entering Pending or Confirmed, removed leaving them.
      ...reminderItems(booking, next, new Date(now), { overdue: !links }),
      // A cancelled booking's photos go at the scheduled job's next run (decision 123).
      ...(cancelling
        ? BookingPhoto.dueNowItems(
            (booking.photos ?? []).map((p) => p.id),
            now,
          )
        : []),
      ...(links?.items ?? []),
      ...prepared.map((p) => p.item),
    ];
    if (extra.commit) {
      await extra.commit(items(true));
    } else {
      // The day's item comes last of the released ones (claim.ts releaseItems).
      const dayAt = cancelling && booking.claim ? 1 + releaseItems(booking, now, false).length : -1;
      await giveBack(items, dayAt);
    }
    await Notify.deliver(prepared);
  }
  if (payment) return withService(await paymentSteps().charge(next, 'completed'));
  return withService(next);
}

/** The payment link sent for the booking (decision 070) stays on its payment record through a completion. */
const linkOf = (booking: Stored) => (booking.payment?.link ? { link: booking.payment.link } : {});

/**
 * Writes a status change. When it gives a job back and only the day's item
 * (at `dayAt`) failed, the day did not hold the job (a booking claimed
 * before the days existed, not yet migrated: decision 066): written again
 * without it. Any other failed condition is a change made meanwhile (409).
 */
async function giveBack(items: (day: boolean) => TransactItem[], dayAt: number): Promise<void> {
  let day = dayAt >= 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await transactWrite(items(day));
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (day && failed.length === 1 && failed[0] === dayAt) {
        day = false;
      } else if (failed.length > 0 || attempt >= CONFLICT_ATTEMPTS) {
        throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      }
      // Lost to a concurrent transaction on the day (a claim): again after a short pause.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/** A status change that lost to concurrent transactions (no failed condition) is tried this many times. */
const CONFLICT_ATTEMPTS = 5;

/**
 * A cancelled booking becomes active again: its time is claimed again as
 * a new booking's would be (the BOOKED guard, the slot, a free
 * technician's blocks, in one transaction with the booking's write), or
 * 409 when someone took it meanwhile, with nothing written.
 */
async function reinstate(
  read: Stored,
  next: Stored,
  mails: Mail.Message[],
  now: string,
  links: BookingLink.Prepared | null,
): Promise<void> {
  const { claim: _released, ...base } = next;
  const claimed = await claim(base, now, {
    write: (record) => putIfUnchanged(record, read),
    mails: () => mails,
    extra: (record) => [
      ...reminderItems(read, record, new Date(now), { overdue: !links }),
      ...(links?.items ?? []),
    ],
    taken: deskMessages.reclaimTaken,
    crewFull: deskMessages.reclaimCrewFull,
  });
  next.claim = claimed.claim;
}
