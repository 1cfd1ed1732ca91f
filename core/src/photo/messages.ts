import { IMAGE_MAX_MB } from '../storage/rules';

/** What booking photos say (issue 34), and their limit: zod-free, so the booking page imports them. */
export const photoMessages = {
  type: 'Photos must be JPEG or PNG images.',
  tooLarge: `A photo may be at most ${IMAGE_MAX_MB} MB.`,
  missing: 'Choose a photo to upload (multipart field "photo").',
  notMultipart: 'Send the photo as multipart/form-data, field "photo".',
  customersOnly: 'Only customers attach photos to their bookings.',
  notFound: 'Photo not found.',
  /** A photo named at booking that is no longer the customer's draft (deleted a day after upload, or used). */
  gone: 'A photo you attached is no longer available. Please add it again.',
  required: 'This service needs at least one photo.',
  closed: 'Photos can be added only to an upcoming booking.',
  limit: (limit: number) => `A booking may hold at most ${limit} photos.`,
} as const;

/** Photos a booking holds at most (issue 34). */
export const BOOKING_PHOTO_LIMIT = 5;
