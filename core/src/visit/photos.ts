import * as z from 'zod';
import { assertAdmin, useUser } from '../actor';
import { findBooking, entity as bookings, isOpen, type Stored } from '../booking/store';
import { bookingMessages } from '../booking/rules';
import { clearItem, type Due, drainDue, type JobReport, lease } from '../db/due-queue';
import { failedConditions, op, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { BookingPhoto } from '../photo/index';
import { Technician } from '../technician/index';
import type { Deadline } from '../util/deadline';
import { fn } from '../util/fn';

/**
 * A booking's photos after it is made (issue 34, decision 123): who sees them (the customer who took
 * them, the shop's admin, and the job's technician), a photo added later by the customer (at most
 * BOOKING_PHOTO_LIMIT, held by one conditional write), and the scheduled job that deletes those due.
 */

const { photoMessages, BOOKING_PHOTO_LIMIT } = BookingPhoto;

/** The booking, when the signed-in person may see its photos; 404 otherwise (never a hint whose it is). */
async function viewable(bookingId: string): Promise<Stored> {
  const me = useUser();
  const booking = await findBooking(bookingId).catch(() => undefined);
  if (booking) {
    if (me.role === 'admin' || booking.userId === me.userId) return booking;
    if (me.role === 'technician' && booking.claim) {
      const works = await Technician.assertWorks(booking.claim.technician).then(
        () => true,
        () => false,
      );
      if (works) return booking;
    }
  }
  throw new VisibleError('not_found', bookingMessages.notFound);
}

const Size = z.enum(['full', 'small']).optional();

/** `GET /api/bookings/{id}/photos/{photoId}?size=`: a photo's JPEG bytes, for whoever may see the booking's. */
export const photoBytes = fn(
  z.tuple([z.string(), z.string(), Size]),
  async (bookingId, photoId, size): Promise<Uint8Array> => {
    const booking = await viewable(bookingId);
    if (!booking.photos?.some((p) => p.id === photoId)) {
      throw new VisibleError('not_found', photoMessages.notFound);
    }
    return BookingPhoto.bytesOf(photoId, size ?? 'full');
  },
);

/** `GET /api/bookings/{id}/photos`: the ids of a booking's photos, for whoever may see them (the work order's page). */
export const photosOf = fn(z.string(), async (bookingId): Promise<string[]> =>
  ((await viewable(bookingId)).photos ?? []).map((p) => p.id),
);

/**
 * `POST /api/bookings/{id}/photos` (the customer, while the booking is open): one more of their
 * uploaded photos. The booking's list grows by one write conditional on holding fewer than the
 * limit, in one transaction with the photo's claim, so parallel additions never pass it.
 */
export const addPhoto = fn(
  z.tuple([z.string(), BookingPhoto.id, z.date().optional()]),
  async (bookingId, photoId, now = new Date()): Promise<Stored> => {
    const userId = BookingPhoto.customerId();
    const booking = await findBooking(bookingId).catch(() => undefined);
    if (!booking || booking.userId !== userId) throw new VisibleError('not_found', bookingMessages.notFound);
    if (!isOpen(booking.status)) throw new VisibleError('conflict', photoMessages.closed);
    const at = now.toISOString();
    try {
      await transactWrite([
        bookings.tx.patch(
          { id: booking.id },
          {
            set: { photos: op.append([{ id: photoId, addedAt: at }]), updatedAt: at },
            when: (c) =>
              c.and(c.itemExists(), c.or(c.notExists('photos'), c.lt(c.size('photos'), BOOKING_PHOTO_LIMIT))),
          },
        ),
        ...BookingPhoto.claimItems([photoId], {
          userId,
          bookingId: booking.id,
          dueAt: BookingPhoto.retainedUntil(booking),
        }),
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) throw new VisibleError('conflict', photoMessages.limit(BOOKING_PHOTO_LIMIT));
      if (failed?.includes(1)) throw new VisibleError('conflict', photoMessages.gone);
      throw error;
    }
    return (await bookings.get({ id: booking.id }, { consistent: true })) ?? booking;
  },
);

/** Removal item: the booking's reference to the photo, while that place still holds it. */
function unlinkItem(booking: Stored, photoId: string, at: string): TransactItem[] {
  const place = booking.photos?.findIndex((p) => p.id === photoId) ?? -1;
  if (place < 0) return [];
  return [
    bookings.tx.patch(
      { id: booking.id },
      {
        remove: [`photos[${place}]`],
        set: { updatedAt: at },
        when: (c) => c.and(c.itemExists(), c.eq(`photos[${place}].id`, photoId)),
      },
    ),
  ];
}

/** How many due photos one run deletes at most (the next run goes on). */
const BATCH = 200;

/**
 * The scheduled job's step (`booking-photos`): every photo due by `now` (a draft never used, a
 * cancelled booking's, one past its retention) is deleted: its objects, its item and its place on
 * the booking, the last two in one transaction on condition that it is still due as read. Two runs
 * at once: the lease lets one act.
 */
export async function deleteDuePhotos(
  now = new Date(),
  options: { deadline?: Deadline } = {},
): Promise<JobReport> {
  assertAdmin();
  return drainDue(
    'booking-photos',
    now,
    { deadline: options.deadline, concurrency: 4, pageSize: BATCH, perRun: BATCH },
    (due) => deleteOne(due, now),
  );
}

async function deleteOne(due: Due, now: Date): Promise<'done' | 'left'> {
  const photo = await lease(BookingPhoto.dueQueue, due, { now: now.getTime(), ms: 60_000 });
  if (!photo) return 'left';
  await BookingPhoto.discard(photo.id);
  // The booking's list may move under a concurrent write (another of its photos going): read it again.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const booking = photo.bookingId
      ? await bookings.get({ id: photo.bookingId }, { consistent: true })
      : undefined;
    try {
      await transactWrite([
        clearItem(BookingPhoto.dueQueue, photo.id, { as: due }),
        ...(booking ? unlinkItem(booking, photo.id, now.toISOString()) : []),
      ]);
      return 'done';
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(0)) return 'left';
    }
  }
  return 'left';
}
