import * as z from 'zod';
import { config } from '../config';
import { defineDueQueue, queueEntry } from '../db/due-queue';
import { cond, defineEntity, type TransactItem } from '../db/entity';
import { Storage } from '../storage/index';
import * as time from '../time';
import { idSchema } from '../util/id';

/**
 * The photos a customer attaches to a booking (issue 34, decision 123). A photo is uploaded before
 * the booking exists: it is kept as the customer's draft, due for deletion a day later; making the
 * booking claims its drafts in the booking's own transaction (each still the customer's and
 * unclaimed), and from then on it is due `bookingPhotoRetentionDays` after the visit. A cancelled
 * booking's photos are due at once. Each photo is one item in the one due queue (`booking-photos`),
 * so the scheduled job reads only what is due, never the bookings.
 */

export const id = idSchema('photo', 'photo');

export const Stored = z.object({
  id: z.string(),
  /** The customer who uploaded it. */
  userId: z.string(),
  /** The booking that claimed it; absent while a draft. */
  bookingId: z.string().optional(),
  uploadedAt: z.string(),
  /** When the scheduled job deletes it (ISO instant). */
  dueAt: z.string(),
  leaseUntil: z.number().optional(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'bookingPhoto',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `BKPHOTO#${id}`, sk: 'BKPHOTO' }),
  indexes: { dueWork: (p) => queueEntry('booking-photos', p.dueAt, p.id) },
});

/** The photos due for deletion: drafts a day after their upload, a booking's after its retention. */
export const dueQueue = defineDueQueue('booking-photos', entity, (photoId) => ({ id: photoId }));

/** An unclaimed draft is deleted this long after its upload. */
export const DRAFT_HOURS = 24;

/** Where a booking photo's bytes live: the private prefix, never served by the CDN. */
export const objectKey = (photoId: string, size: 'full' | 'small') =>
  `${Storage.PRIVATE_PREFIX}booking-photos/${photoId}${size === 'small' ? '-small' : ''}.jpg`;

export const objectKeys = (photoId: string) => [objectKey(photoId, 'full'), objectKey(photoId, 'small')];

/** When a booking's photos are deleted: the retention's days after the visit's start. */
export const retainedUntil = (booking: { date: string; time: string }): string =>
  new Date(
    Date.parse(time.instantOf(booking.date, booking.time)) +
      config().bookingPhotoRetentionDays * 24 * 60 * 60 * 1000,
  ).toISOString();

/**
 * The booking's claim of the customer's drafts, for the booking's transaction: each photo must
 * still be theirs and unclaimed (a photo is on one booking only); it is then kept until `dueAt`.
 */
export const claimItems = (
  photoIds: readonly string[],
  by: { userId: string; bookingId: string; dueAt: string },
): TransactItem[] =>
  photoIds.map((photoId) =>
    entity.tx.patch(
      { id: photoId },
      {
        set: { bookingId: by.bookingId, dueAt: by.dueAt },
        index: { dueWork: queueEntry(dueQueue.name, by.dueAt, photoId) },
        when: cond.and(cond.itemExists(), cond.eq('userId', by.userId), cond.notExists('bookingId')),
      },
    ),
  );

/** A cancelled booking's photos, due at once: for the cancellation's transaction. */
export const dueNowItems = (photoIds: readonly string[], now: string): TransactItem[] =>
  photoIds.map((photoId) =>
    entity.tx.patch(
      { id: photoId },
      {
        set: { dueAt: now },
        index: { dueWork: queueEntry(dueQueue.name, now, photoId) },
        when: cond.itemExists(),
      },
    ),
  );
