import { AUTHOR_NAME_MAX_LENGTH, QUOTE_MAX_LENGTH, testimonialMessages } from '@app/core/testimonial/rules';
import type { FieldMessages } from '../../lib/forms';
import { imageProblem } from '../../lib/upload';

/** The Testimonial manager's texts (doc 2 §8) and its form's own. */
export const managerMessages = {
  fetchFailed: 'Failed to fetch testimonials.',
  servicesFailed: 'Failed to fetch services.',
  addFailed: 'Failed to add testimonial.',
  authorFailed: 'Failed to update author.',
  deleteFailed: 'Failed to delete testimonial.',
  added: 'Testimonial added successfully!',
  authorUpdated: 'Author updated successfully!',
  deleted: 'Testimonial deleted successfully!',
  featureFailed: 'Failed to update the featured flag.',
  serviceRequired: testimonialMessages.serviceRequired,
  quoteRequired: testimonialMessages.quoteRequired,
  quoteTooLong: testimonialMessages.quoteTooLong,
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  authorRequired: testimonialMessages.authorNameRequired,
  authorTooLong: `Author name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters.`,
} as const;

export const QUOTE_MAX = QUOTE_MAX_LENGTH;
export const AUTHOR_MAX = AUTHOR_NAME_MAX_LENGTH;

export type TestimonialFields = {
  serviceId: string;
  quote: string;
  /** The chosen radio's value ('' for none). */
  rating: string;
  authorName: string;
  profileImage: FileList | null;
};

/** Doc 2 §5: service, quote and a rating of 1-5 required; the image optional (PNG, JPG or GIF up to 4 MB, decision 087). */
export function validateTestimonial(values: TestimonialFields): FieldMessages<TestimonialFields> {
  const quote = values.quote.trim();
  const image = values.profileImage?.[0];
  return {
    serviceId: values.serviceId ? undefined : managerMessages.serviceRequired,
    quote: !quote
      ? managerMessages.quoteRequired
      : quote.length > QUOTE_MAX
        ? managerMessages.quoteTooLong
        : undefined,
    rating: /^[1-5]$/.test(values.rating) ? undefined : managerMessages.ratingRequired,
    authorName: values.authorName.trim().length > AUTHOR_MAX ? managerMessages.authorTooLong : undefined,
    profileImage: image
      ? imageProblem(image, {
          notAllowed: testimonialMessages.imageNotAllowed,
          tooLarge: testimonialMessages.imageTooLarge,
        })
      : undefined,
  };
}

/** The author name as the admin edits it: required, one line. */
export function authorProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return managerMessages.authorRequired;
  if (trimmed.length > AUTHOR_MAX) return managerMessages.authorTooLong;
  return undefined;
}

/** The author form's one field. */
export type AuthorFields = { authorName: string };

export const validateAuthor = (values: AuthorFields): FieldMessages<AuthorFields> => ({
  authorName: authorProblem(values.authorName),
});
