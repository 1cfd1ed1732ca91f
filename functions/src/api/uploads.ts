import { VisibleError } from '@app/core/error';
import { UPLOAD_BODY_MAX_BYTES } from '@app/core/storage/rules';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';

/**
 * The edge of every image route (multipart with one file; decision 035).
 * `uploadLimit` sits before the form is parsed: a body over
 * UPLOAD_BODY_MAX_BYTES (the 4 MB image plus the form's text) is refused with
 * 413 `{ msg }` as soon as that many bytes have arrived, so the server never
 * buffers more. The image itself is judged in core (Images.upload): its size
 * to the byte, and its type by its first bytes, never its name or declared
 * type.
 */
export const uploadLimit = (tooLarge: string) => {
  const limit = bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: () => {
      throw new VisibleError('too_large', tooLarge);
    },
  });
  // Only a multipart body is read here; anything else (already read by checkInput
  // when it is JSON) is refused by readImageForm with 400.
  return createMiddleware((c, next) => (isMultipart(c) ? limit(c, next) : next()));
};

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** A multipart field as text: a file where text belongs counts as missing. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export type ImageForm = { fields: Record<string, unknown>; image?: Uint8Array };

/**
 * Reads a multipart form and its one image field (an empty file input counts
 * as none). 400 `{ msg }` for anything that is not multipart/form-data or
 * does not parse; 413 for an image over `maxBytes`, before its bytes are copied.
 */
export async function readImageForm(
  c: Context,
  field: string,
  limits: { maxBytes: number; tooLarge: string; notMultipart: string },
): Promise<ImageForm> {
  if (!isMultipart(c)) {
    throw new VisibleError('invalid', limits.notMultipart);
  }
  const fields: Record<string, unknown> = await c.req.parseBody().catch((error: unknown) => {
    if (error instanceof VisibleError) throw error;
    throw new VisibleError('invalid', 'The form could not be read.');
  });
  const file = fields[field];
  if (!(file instanceof File) || file.size === 0) return { fields };
  if (file.size > limits.maxBytes) throw new VisibleError('too_large', limits.tooLarge);
  return { fields, image: new Uint8Array(await file.arrayBuffer()) };
}

/** A private photo's bytes (work-order and booking photos): never cached by a browser or the CDN. */
export function photoResponse(c: Context, photo: { bytes: Uint8Array; contentType: string }): Response {
  return c.body(photo.bytes.slice().buffer as ArrayBuffer, 200, {
    'Content-Type': photo.contentType,
    'Content-Length': String(photo.bytes.byteLength),
    'Cache-Control': 'private, no-store',
  });
}
