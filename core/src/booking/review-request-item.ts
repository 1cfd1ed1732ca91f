import * as z from 'zod';
import { config } from '../config';
import { queueEntry } from '../db/due-queue';
import { defineEntity, type TransactItem } from '../db/entity';

/**
 * A booking's review request (issue 21, decision 076), the part booking
 * writes in its own transaction (decision 106): the request's item, filed
 * when a booking is first completed, due `reviewRequestHours` later, in the
 * `review-requests` due queue the scheduled job reads (decision 109).
 * Sending it runs later, above booking (review-request/).
 */
export const outcomes = ['sent', 'reviewed', 'not-completed', 'no-mail', 'unsubscribed', 'gone'] as const;
export type Outcome = (typeof outcomes)[number];

export const entity = defineEntity({
  name: 'reviewRequest',
  version: 1,
  schema: z.object({
    bookingId: z.string(),
    dueAt: z.string(),
    createdAt: z.string(),
    /** Set once sent or skipped: the request then leaves the due index. */
    settledAt: z.string().optional(),
    outcome: z.enum(outcomes).optional(),
    expiresAt: z.number().int().optional(),
  }),
  key: ({ bookingId }: { bookingId: string }) => ({ pk: `REVIEWREQ#${bookingId}`, sk: 'REVIEWREQ' }),
  indexes: {
    dueWork: (r) => (r.settledAt ? undefined : queueEntry('review-requests', r.dueAt, r.bookingId)),
  },
});

/** When the request for a booking completed at `completedAt` is due. */
export const dueAfter = (completedAt: string): string =>
  new Date(Date.parse(completedAt) + config().reviewRequestHours * 3_600_000).toISOString();

/** The request's item, for the completion's transaction (the booking records `reviewRequestDueAt`). */
export function fileItem(bookingId: string, dueAt: string, now: string): TransactItem {
  return entity.tx.put({ bookingId, dueAt, createdAt: now }, { ifAbsent: true });
}
