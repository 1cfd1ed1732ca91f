import { attendanceItem } from '../booking/attendance';
import { BookingLink } from '../booking/link';
import { remindable } from '../booking/reminder-due';
import type { Stored as Booking } from '../booking/store';
import { business } from '../business';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { Outbox } from '../mail/outbox';
import { NotifySettings } from '../notify/settings';
import { Notify } from '../notify/index';
import { toUsE164 } from '../rules/phone';
import { keywordOf } from '../sms/keywords';
import type { Inbound } from '../sms/sns';
import * as time from '../time';
import type { StoredAccount } from '../user/store';
import { customersAt, nextOpenBooking, underway } from './match';
import { commandOf } from './rules';
import { bookingThread, entity, numberThread, received, receivedExpiry, type Stored } from './store';

/**
 * A customer's text to the shop's number (issue 36, decision 120), once per
 * inbound message id, whatever SNS delivers twice or out of order:
 *
 * - STOP and the other opt-out words: End User Messaging answers them and
 *   lists the number; the app turns texting off on the accounts that text it,
 *   as a refused send does (`optedOutByReply`). HELP and START: the service's.
 *   None is kept.
 * - Matched to a customer (by number) and their next open booking: `C`
 *   confirms attendance (the reminder's "I'll be there": `attendanceItem`),
 *   `R` texts back a reschedule link (a booking link for `reschedule` only);
 *   anything else is kept in the booking's thread and reaches the job's
 *   technician while the visit is under way, the desk otherwise.
 * - No open booking (or an unknown number): kept for the desk, nothing else.
 *
 * The message id's guard, the message and what it does are one transaction:
 * of two deliveries at once, one acts.
 */

export type Outcome =
  | { kept: false; keyword: 'opt-out' | 'opt-in' | 'help' }
  | { kept: false; duplicate: true }
  | {
      kept: true;
      thread: string;
      bookingId: string | null;
      handled: Stored['handled'] | null;
      routedTo: Stored['routedTo'];
    };

/** Texting a customer back: under their account's consent when it texts that number, else as an answer to them. */
export function answerText(to: string, body: string, account: StoredAccount | undefined, now: number) {
  const userId = account && NotifySettings.textsTo(account) === to ? account.id : undefined;
  return Outbox.prepareText({ to, body, ...(userId ? { userId } : {}) }, now);
}

/** The text that answers R: the booking's reschedule link (the reminder's own page). */
export function rescheduleText(
  booking: Pick<Booking, 'id' | 'serviceName' | 'date' | 'time'>,
  token: string,
) {
  const when = `${time.formatLongDate(booking.date)} at ${time.formatTime(booking.time)}`;
  return `${business.name}: to reschedule your ${booking.serviceName} on ${when}, open ${BookingLink.rescheduleUrl(booking.id, token)}`;
}

const nameOf = (account: StoredAccount | undefined) =>
  account ? `${account.firstName} ${account.lastName}` : undefined;

const startsLater = (b: Booking, now: Date) => Date.parse(time.instantOf(b.date, b.time)) > now.getTime();

export async function receive(inbound: Inbound, now = new Date()): Promise<Outcome> {
  const number = toUsE164(inbound.originationNumber) ?? inbound.originationNumber.trim();
  const customers = number.startsWith('+1') ? await customersAt(number) : [];
  const keyword = keywordOf(inbound.messageBody);
  if (keyword) {
    if (keyword === 'opt-out') {
      await Promise.all(customers.map((account) => NotifySettings.optedOutByReply(account.id, number)));
    }
    return { kept: false, keyword };
  }

  const match = await nextOpenBooking(customers, now);
  const account = match?.account ?? customers[0];
  const booking = match?.booking;
  const thread = booking ? bookingThread(booking.id) : numberThread(number);
  const items: TransactItem[] = [];
  const sent: Outbox.Prepared[] = [];
  let handled: Stored['handled'];
  const command = commandOf(inbound.messageBody);
  const acts = booking && remindable(booking.status) && startsLater(booking, now);

  if (booking && acts && command === 'confirm') {
    handled = 'confirm';
    if (!booking.attendanceConfirmedAt) items.push(attendanceItem(booking, now));
  } else if (booking && acts && command === 'reschedule') {
    handled = 'reschedule';
    const link = BookingLink.prepare(booking, { actions: ['reschedule'], now });
    const body = rescheduleText(booking, link.token);
    const text = answerText(number, body, account, now.getTime());
    sent.push(text);
    items.push(
      ...link.items,
      text.item,
      entity.tx.put(outgoing(booking.id, thread, number, body, text.id, now)),
    );
  }

  const routedTo: Stored['routedTo'] = booking && underway(booking) ? 'tech' : 'desk';
  const message: Stored = {
    id: inbound.inboundMessageId,
    thread,
    ...(booking ? { bookingId: booking.id } : {}),
    ...(account ? { userId: account.id, customerName: nameOf(account) } : {}),
    direction: 'in',
    number,
    body: inbound.messageBody,
    at: inbound.at,
    ...(handled ? { handled } : { routedTo }),
    ...(booking?.claim && routedTo === 'tech' ? { technician: booking.claim.technician } : {}),
  };
  try {
    await transactWrite([
      received.tx.put(
        { id: message.id, thread, at: message.at, expiresAt: receivedExpiry(now.getTime()) },
        { ifAbsent: true },
      ),
      entity.tx.put(message),
      ...items,
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(0)) return { kept: false, duplicate: true };
    throw error;
  }
  await Notify.deliver(sent);
  return {
    kept: true,
    thread,
    bookingId: booking?.id ?? null,
    handled: handled ?? null,
    routedTo: handled ? undefined : routedTo,
  };
}

/** A text the shop sent in a thread (the answer to R, or a person's). */
export function outgoing(
  bookingId: string,
  thread: string,
  number: string,
  body: string,
  id: string,
  now: Date,
  by: NonNullable<Stored['by']> = { name: 'Automatic reply', role: 'system' },
): Stored {
  return { id, thread, bookingId, direction: 'out', number, body, at: now.toISOString(), by };
}
