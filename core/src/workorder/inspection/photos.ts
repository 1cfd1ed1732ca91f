import * as z from 'zod';
import { config } from '../../config';
import { op } from '../../db/entity';
import { Storage } from '../../storage/index';
import { IMAGE_MAX_BYTES } from '../../storage/rules';
import { fn } from '../../util/fn';
import { createId } from '../../util/id';
import { encodePhoto, PHOTO_MAX_PX, PHOTO_SMALL_PX, photoTypeOf } from '../../photo/encode';
import { linked } from '../acknowledgment';
import { findForStaff } from './set';
import { inspectionMessages, type Photo } from './model';
import { fail, key, messages, refuseInvalid } from '../messages';
import { PortalEmail, portalWorkOrder, portalWorkOrderUnlimited } from '../portal';
import { discard, type ForCustomer, forCustomer, objectKey } from './photo-objects';
import { entity, type Stored } from '../store';
import { type Detail, view } from '../view';

/**
 * A work order's inspection photos (issue 22, decision 080). The bytes are
 * judged by their start (JPEG or PNG only), decoded and written again by
 * sharp (turned as the camera held it, at most PHOTO_MAX_PX, no metadata:
 * a phone's photo carries where it was taken), with a small copy for the
 * PDF, both under the work orders' private prefix (never served by the
 * CDN). The work order keeps the list; adding one is a single UpdateItem
 * conditional on the list being shorter than `inspectionPhotoLimit`, so
 * parallel uploads never go past it.
 */

export { PHOTO_MAX_PX, PHOTO_SMALL_PX };

export type PhotoBytes = { bytes: Uint8Array; contentType: string };

const Bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, inspectionMessages.photoType);

/** A photo as stored and its small copy for the PDF (photo/encode.ts); 400 when sharp cannot read it. */
export const encode = (bytes: Uint8Array) => encodePhoto(bytes, inspectionMessages.photoType);

/**
 * `POST /api/workOrders/{id}/photos` (staff): 413 over 5 MB, 400 for
 * anything but a JPEG or PNG, 409 at the limit; the work order with the
 * photo added. With `category` (decision 129) the photo shows that item of
 * the saved inspection (400 for one it does not have), and the write holds
 * only while the inspection is the one read (409 when it was saved meanwhile).
 */
export const addPhoto = fn(
  z.tuple([key, Bytes, z.string().max(100).optional(), z.date().optional()]),
  addPhotoNow,
  refuseInvalid,
);

async function addPhotoNow(
  workOrderId: string,
  bytes: Uint8Array,
  named?: string,
  now = new Date(),
): Promise<Detail> {
  const wo = await findForStaff(workOrderId);
  const limit = config().inspectionPhotoLimit;
  if (bytes.byteLength > IMAGE_MAX_BYTES) fail('too_large', inspectionMessages.photoTooLarge);
  if (!photoTypeOf(bytes)) fail('invalid', inspectionMessages.photoType);
  const inspectedAt = wo.inspection?.inspectedAt;
  // The item named must be on the inspection as saved (400 for a category not inspected, or no category).
  const category = named ? wo.inspection?.items.find((item) => item.category === named)?.category : undefined;
  if (named && !category) fail('invalid', inspectionMessages.photoItem);
  if (wo.photos.length >= limit) fail('conflict', inspectionMessages.photoLimit(limit));
  const { full, small } = await encode(bytes);
  const photo: Photo = {
    id: createId('workOrder').slice(3),
    contentType: 'image/jpeg',
    addedAt: now.toISOString(),
    ...(category ? { category } : {}),
  };
  const keys = [objectKey(wo.id, photo.id, 'full'), objectKey(wo.id, photo.id, 'small')] as const;
  await Promise.all([
    Storage.put(keys[0], full, { contentType: photo.contentType }),
    Storage.put(keys[1], small, { contentType: photo.contentType }),
  ]);
  const after = await entity.patch(
    { id: wo.id },
    {
      set: { photos: op.append([photo]), updatedAt: now.toISOString() },
      when: (c) =>
        c.and(
          c.itemExists(),
          c.or(c.notExists('photos'), c.lt(c.size('photos'), limit)),
          category && c.eq('inspection.inspectedAt', inspectedAt),
        ),
    },
  );
  if (!after) {
    await discard(keys);
    const current = await entity.get({ id: wo.id }, { consistent: true });
    if (!current) fail('not_found', messages.notFound);
    if (current.photos.length >= limit) fail('conflict', inspectionMessages.photoLimit(limit));
    fail('conflict', messages.changedMeanwhile);
  }
  return view(after);
}

/** `DELETE /api/workOrders/{id}/photos/{photoId}` (staff): the work order without it. */
export const removePhoto = fn(z.tuple([key, key]), removePhotoNow, refuseInvalid);

async function removePhotoNow(workOrderId: string, photoId: string): Promise<Detail> {
  const wo = await findForStaff(workOrderId);
  const at = wo.photos.findIndex((p) => p.id === photoId);
  if (at < 0) fail('not_found', inspectionMessages.photoNotFound);
  const after = await entity.patch(
    { id: wo.id },
    {
      // The index read is only removed while that place still holds this photo.
      remove: [`photos[${at}]`],
      set: { updatedAt: new Date().toISOString() },
      when: (c) => c.and(c.itemExists(), c.eq(`photos[${at}].id`, photoId)),
    },
  );
  if (!after) fail('conflict', messages.changedMeanwhile);
  await discard([objectKey(wo.id, photoId, 'full'), objectKey(wo.id, photoId, 'small')]);
  return view(after);
}

async function bytesOf(wo: Stored, photoId: string, size: 'full' | 'small'): Promise<PhotoBytes> {
  const photo = wo.photos.find((p) => p.id === photoId);
  const bytes = photo ? await Storage.bytes(objectKey(wo.id, photo.id, size)) : null;
  if (!photo || !bytes) fail('not_found', inspectionMessages.photoNotFound);
  return { bytes, contentType: photo.contentType };
}

const Size = z.enum(['full', 'small']).optional();

/** `GET /api/workOrders/{id}/photos/{photoId}` (staff). */
export const photoForStaff = fn(
  z.tuple([key, key, Size]),
  async (workOrderId, photoId, size) => bytesOf(await findForStaff(workOrderId), photoId, size ?? 'full'),
  refuseInvalid,
);

/** `GET /api/workOrders/acknowledge/{token}/photos/{photoId}`: the holder of the work order's current link. */
export const photoForLink = fn(
  z.tuple([key, key, Size]),
  async (token, photoId, size) => {
    const { wo } = await linked(token, new Date());
    return bytesOf(wo, photoId, size ?? 'full');
  },
  refuseInvalid,
);

/**
 * `GET /api/workOrders/public/{number}/photos/{photoId}?email=`: the portal's
 * holder. Not rate limited (a page shows ten): the photo's random id is
 * only handed out by the rate-limited `inspectionForPortal`, so it cannot
 * be used to try emails; any mismatch is the same 404.
 */
export const photoForPortal = fn(
  z.tuple([z.string(), PortalEmail, key, Size]),
  async (number, email, photoId, size) => {
    const wo = await portalWorkOrderUnlimited(number, email);
    if (!wo) fail('not_found', inspectionMessages.photoNotFound);
    return bytesOf(wo, photoId, size ?? 'full');
  },
  refuseInvalid,
);

/** `GET /api/workOrders/public/{number}/inspection?email=`: the portal's view (rate limited like its PDF). */
export const inspectionForPortal = fn(
  z.tuple([z.string(), PortalEmail]),
  async (number, email): Promise<ForCustomer & { workOrderNumber: string }> => {
    const wo = await portalWorkOrder(number, email);
    return { workOrderNumber: wo.workOrderNumber, ...forCustomer(wo) };
  },
  refuseInvalid,
);
