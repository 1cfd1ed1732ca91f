import * as z from 'zod';
import { useUser } from '../actor';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { Storage } from '../storage/index';
import { IMAGE_MAX_BYTES } from '../storage/rules';
import { photoMessages } from './messages';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { encodePhoto, photoTypeOf } from './encode';
import { DRAFT_HOURS, entity, objectKey, objectKeys } from './store';

export { BOOKING_PHOTO_LIMIT, photoMessages } from './messages';

const Bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, photoMessages.type);

/**
 * `POST /api/booking-photos` (a signed-in customer): a photo for the booking they are making. Judged
 * by its bytes, written again without metadata (photo/encode.ts), kept privately as their draft for
 * a day; the booking names it by the id returned. 413 over 4 MB, 400 for anything but a JPEG or PNG,
 * 429 past the per-account pace.
 */
/** The signed-in customer's id; 403 for the shop's staff (only customers attach photos to their bookings). */
export function customerId(): string {
  const me = useUser();
  if (me.role !== 'user') throw new VisibleError('forbidden', photoMessages.customersOnly);
  return me.userId;
}

export const uploadDraft = fn(
  z.tuple([Bytes, z.date().optional()]),
  async (bytes, now = new Date()): Promise<{ id: string }> => {
    const userId = customerId();
    if (bytes.byteLength > IMAGE_MAX_BYTES) throw new VisibleError('too_large', photoMessages.tooLarge);
    if (!photoTypeOf(bytes)) throw new VisibleError('invalid', photoMessages.type);
    await RateLimit.hit(rateLimits.bookingPhotoUser, userId);
    const { full, small } = await encodePhoto(bytes, photoMessages.type);
    const photoId = createId('photo');
    await Promise.all([
      Storage.put(objectKey(photoId, 'full'), full, { contentType: 'image/jpeg' }),
      Storage.put(objectKey(photoId, 'small'), small, { contentType: 'image/jpeg' }),
    ]);
    const uploadedAt = now.toISOString();
    await entity.put({
      id: photoId,
      userId,
      uploadedAt,
      dueAt: new Date(now.getTime() + DRAFT_HOURS * 60 * 60 * 1000).toISOString(),
    });
    return { id: photoId };
  },
);

/** A photo's bytes by id and size (the caller has checked who may see it). */
export async function bytesOf(photoId: string, size: 'full' | 'small'): Promise<Uint8Array> {
  const bytes = await Storage.bytes(objectKey(photoId, size));
  if (!bytes) throw new VisibleError('not_found', photoMessages.notFound);
  return bytes;
}

/** Removes a photo's objects (its deletion, a refused booking). Best effort: they are never served anyway. */
export async function discard(photoId: string): Promise<void> {
  await Promise.all(objectKeys(photoId).map((key) => Storage.remove(key).catch(() => undefined)));
}
