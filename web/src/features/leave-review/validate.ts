import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  QUOTE_MAX_LENGTH,
  testimonialMessages,
} from '@app/core/testimonial/rules';
import type { FieldMessages } from '../../lib/forms';

/** The review form's values: the rating as the chosen radio's value ('' for none). */
export type ReviewFields = {
  rating: string;
  quote: string;
  /** The file input's files; at most one is sent. */
  profileImage: FileList | null;
};

/** The server's limits (core/src/testimonial/rules.ts); the server judges an image's bytes again. */
export const QUOTE_MAX = QUOTE_MAX_LENGTH;
export const IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;
export const IMAGE_TYPES = PROFILE_IMAGE_TYPES;
/** For the file input's `accept`: types and extensions, so every browser's picker offers the same files. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.gif'].join(',');

/** The image texts are the server’s own (core/src/testimonial/rules.ts), so both sides say the same. */
export const reviewMessages = {
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  quoteRequired: 'Please write a few words about your service.',
  quoteTooLong: `Your review can be at most ${QUOTE_MAX} characters.`,
  imageType: testimonialMessages.imageNotAllowed,
  imageTooLarge: testimonialMessages.imageTooLarge,
  added: 'Testimonial added successfully!',
  addFailed: 'Failed to add testimonial.',
} as const;

/** A file's problem as a profile image, or undefined when it may be sent. */
export function imageProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | undefined {
  // Some systems give no type for a file; then its extension says what it claims to be.
  const byName = /\.(png|jpe?g|gif)$/i.test(file.name);
  const typeOk = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : byName;
  if (!typeOk) return reviewMessages.imageType;
  if (file.size > IMAGE_MAX_BYTES) return reviewMessages.imageTooLarge;
  return undefined;
}

/** Testimonial (doc 2 §5): a rating of 1-5 and a quote are required, the image optional. */
export function validateReview(values: ReviewFields): FieldMessages<ReviewFields> {
  const quote = values.quote.trim();
  const image = values.profileImage?.[0];
  return {
    rating: /^[1-5]$/.test(values.rating) ? undefined : reviewMessages.ratingRequired,
    quote: !quote
      ? reviewMessages.quoteRequired
      : quote.length > QUOTE_MAX
        ? reviewMessages.quoteTooLong
        : undefined,
    profileImage: image ? imageProblem(image) : undefined,
  };
}
