import { IMAGE_MAX_MB } from '../storage/rules';

/** Limits of blog comments, shared by the comment form and the server. Pure. */
export const COMMENT_MAX_LENGTH = 2000;

/** The Blog Manager's texts that the server says too (doc 2 §5, §8). */
export const postMessages = {
  titleRequired: 'Title is required.',
  contentRequired: 'Content is required.',
  imageTooLarge: `Images can be at most ${IMAGE_MAX_MB} MB.`,
  imageNotAllowed: 'Images must be PNG, JPG or GIF files.',
} as const;
