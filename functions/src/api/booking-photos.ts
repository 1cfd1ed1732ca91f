import { BookingPhoto } from '@app/core/photo/index';
import { IMAGE_MAX_BYTES } from '@app/core/storage/rules';
import { VisibleError } from '@app/core/error';
import { Visit } from '@app/core/visit/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { photoResponse, readImageForm, uploadLimit } from './uploads';
import { invalidInput } from './validation';

/**
 * The customer's photos at booking (issue 34, decision 123). `POST /api/booking-photos` takes one
 * photo (multipart, field "photo") and answers its id, which the booking names in `photoIds`; the
 * booking's own routes (mounted under /api/bookings) add one later and serve them.
 */

const { photoMessages } = BookingPhoto;

export const bookingPhotoUploads = new Hono().post(
  '/',
  requireUser,
  uploadLimit(photoMessages.tooLarge),
  async (c) => {
    // Only a customer gets as far as reading a body (core checks again).
    BookingPhoto.customerId();
    const { image } = await readImageForm(c, 'photo', {
      maxBytes: IMAGE_MAX_BYTES,
      tooLarge: photoMessages.tooLarge,
      notMultipart: photoMessages.notMultipart,
    });
    if (!image) throw new VisibleError('invalid', photoMessages.missing);
    const { id } = await BookingPhoto.uploadDraft(image);
    return c.json({ _id: id }, 201);
  },
);

const byBooking = zValidator('param', z.object({ id: z.string().max(100) }), invalidInput);
const byPhoto = zValidator(
  'param',
  z.object({ id: z.string().max(100), photoId: z.string().max(100) }),
  invalidInput,
);
const size = zValidator(
  'query',
  z.object({ size: z.enum(['full', 'small'], { error: "Size must be 'full' or 'small'." }).optional() }),
  invalidInput,
);
const attach = zValidator('json', z.object({ photoId: BookingPhoto.id }).strict(), invalidInput);

const idsReply = (ids: readonly string[]) => ({ photos: ids.map((id) => ({ _id: id })) });

export const bookingPhotos = new Hono()
  .get('/:id/photos', requireUser, byBooking, async (c) =>
    c.json(idsReply(await Visit.photosOf(c.req.valid('param').id))),
  )
  .get('/:id/photos/:photoId', requireUser, byPhoto, size, async (c) => {
    const { id, photoId } = c.req.valid('param');
    const bytes = await Visit.photoBytes(id, photoId, c.req.valid('query').size);
    return photoResponse(c, { bytes, contentType: 'image/jpeg' });
  })
  .post('/:id/photos', requireUser, byBooking, attach, async (c) => {
    const booking = await Visit.addPhoto(c.req.valid('param').id, c.req.valid('json').photoId);
    return c.json(idsReply((booking.photos ?? []).map((p) => p.id)), 201);
  });
