import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@app/core/storage/rules';
import { ApiError } from './api';
import { authHeaders } from './token';

/**
 * Multipart requests with an image (the admin's testimonial and post forms).
 * Only lazy admin chunks import this module, so it stays out of the public
 * entry. The browser sets the multipart boundary itself.
 */

/** For a file input's `accept`: types and extensions, so every browser's picker offers the same files. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.gif'].join(',');

/**
 * A chosen file's problem as an image (doc 2 §5: PNG, JPG or GIF, up to 5 MB),
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

/** Sends `form` with the session token; the JSON reply, or an ApiError carrying the server's msg. */
export async function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: authHeaders(), body: form });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  const reply: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const msg =
      reply && typeof reply === 'object' && 'msg' in reply && typeof reply.msg === 'string'
        ? reply.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return reply as T;
}
