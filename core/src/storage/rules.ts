/**
 * The upload rules every image route applies (doc 2 §5, §9): PNG, JPG or GIF
 * judged by the bytes (./sniff.ts), at most 5 MB. Pure: the forms import
 * them without pulling in the S3 client.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
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
