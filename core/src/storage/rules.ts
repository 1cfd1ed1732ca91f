/**
 * The upload rules every image route applies (doc 2 §5, §9): PNG, JPG or GIF
 * judged by the bytes (./sniff.ts), at most 4 MB. Pure: the forms import
 * them without pulling in the S3 client.
 *
 * 4 MB, not the spec's 5 (decision 087): on AWS a multipart upload reaches the
 * Lambda base64-encoded, a third larger, and Lambda refuses a request over
 * 6 MB before the app sees it. The forms make a larger photo smaller before
 * sending it (web/src/lib/image-resize.ts), so a 5 MB photo is still taken.
 */
export const IMAGE_MAX_MB = 4;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** What a file input offers (a hint only: the server judges the bytes). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * How much a multipart request with one image may carry: the image plus the
 * form's text fields and the multipart framing. The API stops reading a body
 * past this (functions/src/api/uploads.ts), before parsing it.
 */
export const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + 256 * 1024;

export type ImageMessages = { tooLarge: string; notAllowed: string };
