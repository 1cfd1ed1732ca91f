import * as z from 'zod';
import { assertAdmin, assertStaff, useActor, useUser } from '../actor';
import { findBooking } from '../booking/store';
import type { Stored as Booking } from '../booking/store';
import { transactWrite } from '../db/entity';
import type { Page } from '../db/paging';
import { VisibleError } from '../error';
import { Notify } from '../notify/index';
import { Sms } from '../sms/index';
import { Technician } from '../technician/index';
import { entity as accounts } from '../user/store';
import { fn } from '../util/fn';
import { answerText, outgoing } from './receive';
import { ANSWER_MAX, answerProblem } from './rules';
import { bookingThread, entity, type Stored, THREAD_LIMIT } from './store';

/**
 * A booking's text thread as the job's technician (on /tech) and the desk read
 * and answer it (issue 36), and the desk's inbox of the texts that reached it.
 */

export const threadMessages = {
  notYourJob: 'This is not one of your jobs.',
  noNumber: 'The customer has not texted about this booking, so there is no number to answer.',
  textsOff: 'Texts are off: no number to send texts from is set (SMS_ORIGINATION_IDENTITY).',
} as const;

export type Message = Pick<
  Stored,
  'id' | 'direction' | 'number' | 'body' | 'at' | 'handled' | 'routedTo' | 'by' | 'customerName' | 'bookingId'
>;

export type Thread = { bookingId: string; number: string | null; messages: Message[] };

const view = (m: Stored): Message => ({
  id: m.id,
  direction: m.direction,
  number: m.number,
  body: m.body,
  at: m.at,
  handled: m.handled,
  routedTo: m.routedTo,
  by: m.by,
  customerName: m.customerName,
  bookingId: m.bookingId,
});

/** The booking, if the caller may read its thread: an admin, or the technician whose job it is. */
async function reachable(bookingId: string): Promise<Booking> {
  assertStaff();
  const booking = await findBooking(bookingId);
  const actor = useActor();
  if (actor.type === 'system' || useUser().role === 'admin') return booking;
  const me = await Technician.ofUser(useUser().userId);
  if (!me?.active || booking.claim?.technician !== me.number) {
    throw new VisibleError('forbidden', threadMessages.notYourJob);
  }
  return booking;
}

/** The newest THREAD_LIMIT texts of a booking, oldest first (their timestamps' order). */
async function read(bookingId: string): Promise<Stored[]> {
  const page = await entity.query.thread(
    { thread: bookingThread(bookingId) },
    { range: { beginsWith: {} }, descending: true, limit: THREAD_LIMIT, consistent: true },
  );
  return page.items.reverse();
}

/** The number to answer: the one the customer last texted from. */
const numberOf = (messages: readonly Stored[]) =>
  messages.findLast((m) => m.direction === 'in')?.number ?? null;

const BookingIdInput = z.string().max(100);

/** `GET /api/texts/bookings/{id}`: the thread. */
export const thread = fn(BookingIdInput, async (bookingId): Promise<Thread> => {
  const booking = await reachable(bookingId);
  const messages = await read(booking.id);
  return { bookingId: booking.id, number: numberOf(messages), messages: messages.map(view) };
});

export const AnswerInput = z.object({
  body: z
    .string({ error: 'Write the text to send.' })
    .max(ANSWER_MAX * 2, answerProblem('x'.repeat(ANSWER_MAX + 1)))
    .superRefine((value, context) => {
      const problem = answerProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim()),
});

/**
 * `POST /api/texts/bookings/{id}`: the technician or the desk texts the
 * customer back, at the number they texted from: an outbox text (the
 * customer's consent is checked again before it goes) and the thread's
 * message, in one transaction.
 */
export const answer = fn(
  z.tuple([BookingIdInput, AnswerInput]),
  async (bookingId, input): Promise<Thread> => {
    const booking = await reachable(bookingId);
    const messages = await read(booking.id);
    const number = numberOf(messages);
    if (!number) throw new VisibleError('conflict', threadMessages.noNumber);
    if (!Sms.textsOn()) throw new VisibleError('conflict', threadMessages.textsOff);
    const user = useUser();
    const [account, sender] = await Promise.all([
      booking.userId ? accounts.get({ id: booking.userId }, { consistent: true }) : undefined,
      accounts.get({ id: user.userId }),
    ]);
    const now = new Date();
    const text = answerText(number, input.body, account, now.getTime());
    const by = {
      name: sender ? `${sender.firstName} ${sender.lastName}` : 'The shop',
      role: user.role === 'admin' ? ('admin' as const) : ('technician' as const),
    };
    await transactWrite([
      text.item,
      entity.tx.put(outgoing(booking.id, bookingThread(booking.id), number, input.body, text.id, now, by)),
    ]);
    await Notify.deliver([text]);
    return thread(booking.id);
  },
);

export const InboxInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: z.string().max(2000).nullish(),
});

/** `GET /api/texts/inbox`: the customers' texts that reached the desk, newest first, paged (admin). */
export const inbox = fn(InboxInput, async (input): Promise<Page<Message>> => {
  assertAdmin();
  const page = await entity.query.deskInbox(
    {},
    { descending: true, limit: input.limit, cursor: input.cursor },
  );
  return { items: page.items.map(view), cursor: page.cursor };
});
