import { IMAGE_MAX_BYTES, IMAGE_MAX_MB, IMAGE_TYPES } from '@app/core/storage/rules';

/**
 * The image checks of the forms that upload one (the admin's testimonial and
 * post forms, the customer's review). They are sent through the typed client
 * with `withForm` (./api.ts).
 */

/**
 * The image fields' help, in their labels: the server's limit, and that a larger photo is made
 * smaller before it is sent (./image-resize.ts, decision 087).
 */
export const IMAGE_LIMIT_HINT = `PNG, JPG or GIF, up to ${IMAGE_MAX_MB} MB; a larger photo is made smaller first`;

/** For a file input's `accept`: types and extensions, so every browser's picker offers the same files. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.gif'].join(',');

/**
 * A chosen file's problem as an image (doc 2 §5: PNG, JPG or GIF, up to 4 MB, decision 087),
 * or undefined. A first check only: the server judges the file's bytes.
 */
export function imageProblem(
  file: Pick<File, 'type' | 'size' | 'name'>,
  messages: { notAllowed: string; tooLarge: string },
): string | undefined {
  const byName = /\.(png|jpe?g|gif)$/i.test(file.name);
  const typeOk = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : byName;
  if (!typeOk) return messages.notAllowed;
  if (file.size > IMAGE_MAX_BYTES) return messages.tooLarge;
  return undefined;
}
