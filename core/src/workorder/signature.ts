import { VisibleError } from '../error';
import { imageTypeOf } from '../storage/sniff';

/**
 * A drawn signature as the acknowledgment page sends it: a PNG data URL
 * (signature_pad's `toDataURL()`). Judged by its bytes, never by the label
 * (decision 039): it must be a PNG (signature and IHDR chunk), at most 1 MB,
 * and of sane dimensions (the pad is 500×200; a phone's device pixels make
 * it at most a few times that). Pure.
 */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;

export const signatureMessages = {
  notPng: 'The signature must be a PNG image.',
  tooLarge: 'The signature image is too large (at most 1 MB).',
  badSize: `The signature image must be at most ${SIGNATURE_MAX_WIDTH}×${SIGNATURE_MAX_HEIGHT} pixels.`,
} as const;

const PREFIX = /^data:image\/png;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A refusal whose body carries `message` too (the work-order router's clients read it). */
function refuse(kind: 'invalid' | 'too_large', text: string): never {
  throw new VisibleError(kind, text, { message: text });
}

/** The PNG's bytes, or a 400/413 VisibleError saying what is wrong with it. */
export function signaturePng(dataUrl: string): Uint8Array {
  if (!PREFIX.test(dataUrl)) refuse('invalid', signatureMessages.notPng);
  const encoded = dataUrl.replace(PREFIX, '').replace(/\s+/g, '');
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) {
    refuse('invalid', signatureMessages.notPng);
  }
  if ((encoded.length / 4) * 3 > SIGNATURE_MAX_BYTES + 2) {
    refuse('too_large', signatureMessages.tooLarge);
  }
  const bytes = new Uint8Array(Buffer.from(encoded, 'base64'));
  if (bytes.length > SIGNATURE_MAX_BYTES) refuse('too_large', signatureMessages.tooLarge);
  const { width, height } = pngDimensions(bytes);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT) {
    refuse('invalid', signatureMessages.badSize);
  }
  return bytes;
}

/** Width and height from the IHDR chunk, which must come first (PNG spec §5.6); 400 otherwise. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } {
  if (imageTypeOf(bytes)?.ext !== 'png' || bytes.length < 33) {
    refuse('invalid', signatureMessages.notPng);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (length !== 13 || type !== 'IHDR') refuse('invalid', signatureMessages.notPng);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
