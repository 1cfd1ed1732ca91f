import { postMessages } from '@app/core/post/rules';
import type { FieldMessages } from '../../lib/forms';
import { imageProblem } from '../../lib/upload';

/** The Blog Manager's texts (doc 2 §8). */
export const blogMessages = {
  fetchFailed: 'Could not fetch posts.',
  operationFailed: 'Operation failed.',
  deleteFailed: 'Failed to delete post.',
  confirmDelete: 'Are you sure you want to delete this post?',
  created: 'Post created successfully!',
  updated: 'Post updated successfully!',
  deleted: 'Post deleted successfully!',
  titleRequired: postMessages.titleRequired,
  contentRequired: postMessages.contentRequired,
} as const;

export type PostFields = {
  title: string;
  summary: string;
  content: string;
  allowLikes: boolean;
  allowComments: boolean;
  heroImage: FileList | null;
  removeHeroImage: boolean;
};

/** Doc 2 §5: title and content required; the image PNG, JPG or GIF up to 4 MB (decision 087). */
export function validatePost(values: PostFields): FieldMessages<PostFields> {
  const image = values.heroImage?.[0];
  return {
    title: values.title.trim() ? undefined : blogMessages.titleRequired,
    content: values.content.trim() ? undefined : blogMessages.contentRequired,
    heroImage: image
      ? imageProblem(image, {
          notAllowed: postMessages.imageNotAllowed,
          tooLarge: postMessages.imageTooLarge,
        })
      : undefined,
  };
}
