import { api, okResponse, path, unwrap, withForm } from './api';

/**
 * The customer's photos at booking (issue 34, decision 123): uploaded one by one as multipart (made
 * smaller in the browser first), named by the booking, and read back as blobs with the session
 * header (they are private: never public URLs).
 */

/** Uploads one photo for the booking being made: its id, which the booking names in `photoIds`. */
export async function uploadBookingPhoto(photo: Blob): Promise<string> {
  const form = new FormData();
  form.set('photo', photo, 'photo.jpg');
  return (await unwrap(api.api['booking-photos'].$post({}, withForm(form))))._id;
}

/** A booking's photo as an object URL for an <img> (the caller revokes it). */
export async function bookingPhotoUrl(bookingId: string, photoId: string, size: 'full' | 'small') {
  const response = await okResponse(
    api.api.bookings[':id'].photos[':photoId'].$get({
      param: path({ id: bookingId, photoId }),
      query: { size },
    }),
  );
  return URL.createObjectURL(await response.blob());
}

/** The ids of a booking's photos (the work order's page, which knows only its booking). */
export async function bookingPhotoIds(bookingId: string): Promise<string[]> {
  const reply = await unwrap(api.api.bookings[':id'].photos.$get({ param: path({ id: bookingId }) }));
  return reply.photos.map((p) => p._id);
}
