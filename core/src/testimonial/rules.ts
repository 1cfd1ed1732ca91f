/**
 * The testimonial rules both the review form and the server apply (doc 2 §5,
 * §9). Pure: the web imports it without pulling in the data layer.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB, IMAGE_TYPES } from '../storage/rules';

export const QUOTE_MAX_LENGTH = 2000;

/** Profile images: PNG, JPG or GIF up to 4 MB (../storage/rules.ts); the server judges the bytes, not the name. */
export const PROFILE_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const PROFILE_IMAGE_TYPES = IMAGE_TYPES;
/** An author's name as the admin edits it (one line). */
export const AUTHOR_NAME_MAX_LENGTH = 120;

export const testimonialMessages = {
  quoteRequired: 'Quote is required.',
  quoteTooLong: `Quotes can be at most ${QUOTE_MAX_LENGTH} characters.`,
  ratingInvalid: 'Rating must be a whole number from 1 to 5.',
  imageTooLarge: `Profile images can be at most ${IMAGE_MAX_MB} MB.`,
  imageNotAllowed: 'Profile images must be PNG, JPG or GIF files.',
  serviceRequired: 'Please choose a service.',
  authorNameRequired: 'Author name is required.',
} as const;
