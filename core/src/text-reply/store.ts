import * as z from 'zod';
import { defineEntity } from '../db/entity';
import { expiresAfterDays } from '../db/ttl';
import { entity as bookings } from '../booking/store';

/**
 * Text threads (issue 36, docs/data-model.md "Text replies"): each message a
 * customer sent or was sent in answer, in its booking's partition
 * (`BOOKING#<bkg>` / `TEXT#<at>#<id>`), so a booking's thread is one bounded
 * query in timestamp order; a text from a number with no open booking is kept
 * in that number's partition (`TEXTS#<E.164>`) for the desk. The desk's inbox
 * is a sparse `byCollection` partition of the texts routed to it.
 */

/** Who a customer's text reached when it came. */
export const routes = ['tech', 'desk'] as const;

/** The desk's inbox partition: customers' texts that reached the desk. */
export const DESK_INBOX = 'TEXTS#DESK';

export const Stored = z.object({
  /** The inbound message id (End User Messaging's), or the outbox text's id for one sent. */
  id: z.string(),
  /** The partition it is kept in: its booking's, or its number's. */
  thread: z.string(),
  bookingId: z.string().optional(),
  /** The customer's account(s) matched by number: the first, for the desk's line. */
  userId: z.string().optional(),
  customerName: z.string().optional(),
  direction: z.enum(['in', 'out']),
  /** The customer's number (E.164 when it is a US number). */
  number: z.string(),
  body: z.string(),
  /** When it was sent (an inbound text: SNS's timestamp): the thread's order. */
  at: z.string(),
  /** A reply that acted: C (confirm) or R (the reschedule link). */
  handled: z.enum(['confirm', 'reschedule']).optional(),
  /** Whom an inbound text reached: the job's technician during the visit, else the desk. */
  routedTo: z.enum(routes).optional(),
  technician: z.number().int().optional(),
  /** Who answered (a text sent). */
  by: z.object({ name: z.string(), role: z.enum(['admin', 'technician', 'system']) }).optional(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'textMessage',
  version: 1,
  schema: Stored,
  key: (k: { thread: string; at: string; id: string }) => ({ pk: k.thread, sk: `TEXT#${k.at}#${k.id}` }),
  patterns: {
    /** A thread, in timestamp order (base table). */
    thread: { pk: { composite: ['thread'] }, sk: { prefix: 'TEXT', composite: ['at', 'id'] } },
    /** The desk's inbox, newest first: inbound texts routed to the desk that did not act. */
    deskInbox: {
      index: 'byCollection',
      pk: { prefix: DESK_INBOX },
      sk: { composite: ['at', 'id'] },
      condition: (m) => m.direction === 'in' && m.routedTo === 'desk' && !m.handled,
    },
  },
});

/** A booking's thread: its own partition. */
export const bookingThread = (bookingId: string) => bookings.key({ id: bookingId }).pk;
/** The thread of a number with no open booking. */
export const numberThread = (number: string) => `TEXTS#${number}`;

/** Guards an inbound message id: SNS may deliver one text twice, and it is kept once. */
export const received = defineEntity({
  name: 'textReceived',
  version: 1,
  schema: z.object({ id: z.string(), thread: z.string(), at: z.string(), expiresAt: z.number().int() }),
  key: ({ id }: { id: string }) => ({ pk: `TEXTIN#${id}`, sk: 'TEXTIN' }),
});

/** How long the guard outlives a delivery: SNS's retries end within hours. */
export const RECEIVED_KEEP_DAYS = 30;
export const receivedExpiry = (now: number) => expiresAfterDays(RECEIVED_KEEP_DAYS, now);

/** The newest texts a thread shows (a bounded read). */
export const THREAD_LIMIT = 50;
